import { z } from 'zod';
import { DB_INT_MAX, PathIdSchema, QueryIdSchema } from '../input.ts';

/**
 * Conversations (trade-area spec §2 "Messages drawer", §3 Message and Conversation, §7
 * "Conversations", §8, §9; issue 20): the trade customer's threads with the store under
 * api/proffs/{eid}/conversation/, and the store staff's side under
 * api/proffs/{eid}/staff/conversation/. Sending is a multipart form (text and files).
 */

/** Spec §9: the list's page size and a conversation's default number of messages. */
export const CONVERSATION_LIST_PAGE_SIZE = 200;
export const CONVERSATION_DEFAULT_SIZE = 15;
/** Spec §9 and §4: polling, the new-messages widget's threshold, the older-messages wait. */
export const MESSAGES_POLL_MS = 30_000;
export const NEW_MESSAGES_THRESHOLD_PX = 200;
export const OLDER_MESSAGES_WAIT_MS = 500;
export const MESSAGES_DEBOUNCE_MS = 200;
/** Longest message text; limits of the files of one message (ADR 035). */
export const MESSAGE_TEXT_MAX = 5_000;
export const MESSAGE_FILES_MAX = 10;

/** Spec §8: the list's label of a thread without messages, and of a last message of files only. */
export const NO_CONVERSATION_LABEL = 'Ingen konversation påbörjad';
export function attachmentLabel(count: number): string {
  return `Bilaga: ${count} ${count === 1 ? 'fil' : 'filer'}`;
}

export const MESSAGE_EMPTY_MESSAGE = 'Skriv ett meddelande eller bifoga en fil';
export const CONVERSATION_NOT_FOUND_MESSAGE = 'Konversationen finns inte';
export const ATTACHMENT_NOT_FOUND_MESSAGE = 'Filen finns inte';
export const PROJECT_NOT_FOUND_MESSAGE = 'Projektet finns inte';
export const END_CUSTOMER_PROJECT_MESSAGE = 'Ange projektet som kunden är slutkund i';
export const STORE_ID_MISMATCH_MESSAGE = 'Meddelanden går till butiken du är inloggad i';

/** One file of a message (spec §3): a document's url, or an image's url with its thumbnail. */
export const MessageAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  file_attachment: z.string().nullable(),
  image_attachment: z
    .object({ url: z.string(), thumbnails: z.array(z.object({ url: z.string() })) })
    .nullable(),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

export const ConversationSideSchema = z.enum(['proffs', 'store', 'end_customer']);
export type ConversationSideName = z.infer<typeof ConversationSideSchema>;

/** A message (spec §3). is_read: read by the reader's side (own messages always are). */
export const MessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  project_id: z.number().int().nullable(),
  text: z.string(),
  attachments: z.array(MessageAttachmentSchema),
  sent_at: z.string(),
  sent_from_proffs: z.boolean(),
  /** Who wrote it: the trade customer, the store or the end customer. */
  side: ConversationSideSchema,
  sender_name: z.string(),
  /** Written by the reader's own side (shown on the right). */
  is_own: z.boolean(),
  is_read: z.boolean(),
  end_customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** A thread in the list (spec §3 "Conversation summary"). */
export const ConversationSummarySchema = z.object({
  id: z.number().int(),
  /** The other party: the store's name for the customer, the company's for the store. */
  name: z.string(),
  project_id: z.number().int().nullable(),
  last_message: MessageSchema.nullable(),
  store: z.object({ external_id: z.string(), name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  store_customer_login: z.object({ name: z.string() }).nullable(),
  end_customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  unread_count: z.number().int().nonnegative(),
  is_unread: z.boolean(),
  /** The store's staff marked it handled (cleared by the customer's next message). */
  handled: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListQuerySchema = z.object({
  /** The store's external (ERP) id: threads with that store only. */
  erp: z.string().min(1).max(64).optional(),
  project_id: QueryIdSchema.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONVERSATION_LIST_PAGE_SIZE)
    .default(CONVERSATION_LIST_PAGE_SIZE),
});

/** The staff's inbox adds a filter: open (default) or handled threads, or all. */
export const StaffConversationListQuerySchema = ConversationListQuerySchema.extend({
  status: z.enum(['open', 'handled', 'all']).default('all'),
});

export const ConversationPageSchema = z.object({
  count: z.number().int().nonnegative(),
  unread_count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ConversationSummarySchema),
});
export type ConversationPage = z.infer<typeof ConversationPageSchema>;

export const ConversationParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: PathIdSchema,
});

export const AttachmentParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: PathIdSchema,
  attachment: PathIdSchema,
});

/** GET conversation/{id}/: size (default 15) messages before `before` (a message id). */
export const ConversationQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(100).default(CONVERSATION_DEFAULT_SIZE),
  before: QueryIdSchema.optional(),
});

/** Spec §3 "Full conversation": messages (oldest first) and project_id. */
export const ConversationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  project_id: z.number().int().nullable(),
  store: z.object({ external_id: z.string(), name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }),
  handled: z.boolean(),
  messages: z.array(MessageSchema),
  /** More messages exist before the first one here (ask with before=messages[0].id). */
  has_older: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/**
 * The text fields of the multipart form of POST conversation/ (spec §7): a new thread names
 * store_id (the store's external id) or end_customer_id (with the project_id of that
 * customer's project, issue 19) and perhaps project_id; a reply names conversation_id. Files
 * come as `attachments`. The end customer's own calls name only project_id or conversation_id.
 */
export const MessageFieldsSchema = z.object({
  conversation_id: z.coerce.number().int().min(1).max(DB_INT_MAX).optional(),
  project_id: z.coerce.number().int().min(1).max(DB_INT_MAX).optional(),
  store_id: z.string().min(1).max(64).optional(),
  end_customer_id: z.coerce.number().int().min(1).max(DB_INT_MAX).optional(),
  text: z.string().max(MESSAGE_TEXT_MAX).default(''),
});
export type MessageFields = z.infer<typeof MessageFieldsSchema>;

export const SentMessageSchema = z.object({
  conversation_id: z.number().int(),
  message: MessageSchema,
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

export const HandledBodySchema = z.object({ handled: z.boolean() });
