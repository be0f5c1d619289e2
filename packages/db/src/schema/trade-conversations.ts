import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';
import { endCustomers } from './trade-end-customers.ts';
import { tradeCompanies, tradeUsers } from './trade.ts';
import { tradeProjects } from './trade-projects.ts';

/**
 * The sides of a conversation (trade-area spec §1, §3): the trade customer's company
 * ("proffs"), the store's staff, and later a project's end customer. Unread state and the
 * e-mail notice are kept per side (trade_conversation_sides).
 */
export const CONVERSATION_SIDES = ['proffs', 'store', 'end_customer'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/**
 * A thread (issue 20, ADR 035): a trade company with one store (project_id null, or per
 * project), and later per project with an end customer (end_customer_id set, store side
 * absent). One thread per company, store, project and end customer: a new message to the
 * same party joins it. end_customer_id refers to end_customers (issue 19, migration 0020).
 */
export const tradeConversations = pgTable(
  'trade_conversations',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => tradeProjects.id, { onDelete: 'cascade' }),
    endCustomerId: integer('end_customer_id').references(() => endCustomers.id, {
      onDelete: 'cascade',
    }),
    /** The store's staff marked it handled; a new message from the customer clears it. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => tradeUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_conversations_thread_uq').on(
      t.companyId,
      t.storeId,
      sql`coalesce(${t.projectId}, 0)`,
      sql`coalesce(${t.endCustomerId}, 0)`,
    ),
    index('trade_conversations_store_idx').on(t.storeId, t.lastMessageAt),
  ],
);

/** One message; sender_user_id is null for an end customer (a project token, no user). */
export const tradeMessages = pgTable(
  'trade_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => tradeConversations.id, { onDelete: 'cascade' }),
    side: text('side', { enum: CONVERSATION_SIDES }).notNull(),
    senderUserId: integer('sender_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    text: text('text').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_messages_conversation_idx').on(t.conversationId, t.id)],
);

/**
 * A file of a message: an image (with a thumbnail) or a document, stored through the upload
 * library's storage under storage_key; the type is the one found in the bytes.
 */
export const tradeMessageAttachments = pgTable(
  'trade_message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => tradeMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [index('trade_message_attachments_message_idx').on(t.messageId)],
);

/**
 * Each side's state in a thread: the last message it has read (unread = the other sides'
 * messages after it) and the pending e-mail notice. notify_after is set when another side
 * writes and nothing is pending, cleared when the side reads; a sweep at startup and every
 * minute claims the rows that are due (one notice per thread, not per message). Durable: a
 * restart loses nothing.
 */
export const tradeConversationSides = pgTable(
  'trade_conversation_sides',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => tradeConversations.id, { onDelete: 'cascade' }),
    side: text('side', { enum: CONVERSATION_SIDES }).notNull(),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    notifyAfter: timestamp('notify_after', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.side] }),
    index('trade_conversation_sides_notify_idx')
      .on(t.notifyAfter)
      .where(sql`${t.notifyAfter} is not null`),
  ],
);

/**
 * Each participant's own read mark in a thread (issue 20, ADR 042): a person's unread state is
 * the other sides' messages after their own mark, so a colleague reading a thread does not
 * mark it read for them. The per-side row above still drives the e-mail notice and "read by
 * the other side".
 */
export const tradeConversationReads = pgTable(
  'trade_conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => tradeConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('trade_conversation_reads_user_idx').on(t.userId),
  ],
);
