import type { Database } from '@bygg/db/client';
import type { ConversationSide } from '@bygg/db/schema/index';
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  END_CUSTOMER_PROJECT_MESSAGE,
  MESSAGE_EMPTY_MESSAGE,
  PROJECT_NOT_FOUND_MESSAGE,
  STORE_ID_MISMATCH_MESSAGE,
  type Conversation,
  type ConversationPage,
  type ConversationSummary,
  type Message,
  type MessageAttachment,
  type MessageFields,
  type SentMessage,
} from '@bygg/contracts/trade/conversations';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { recordEvent } from '../events/repository.ts';
import { PROFFS_STORE_PREFIX } from '../store-access/guard.ts';
import type {
  AttachmentRow,
  ConversationRepository,
  MessageRow,
  NewAttachment,
  Reader,
  ThreadRow,
} from './repository.ts';

/** A message not read within this time sends its thread's one e-mail notice (ADR 035). */
export const NOTICE_DELAY_MS = 5 * 60_000;

/** The other side of a thread: the store or the end customer for the trade customer. */
function otherSides(side: ConversationSide, withEndCustomer: boolean): ConversationSide[] {
  if (side === 'proffs') return withEndCustomer ? ['end_customer'] : ['store'];
  return ['proffs'];
}

/** The end customer's calls live outside the store area (a project token, ADR 039). */
const END_CUSTOMER_CONVERSATIONS = '/api/proffs/end-customer/conversation';

/** The other party's name as the reader sees the thread. */
function threadName(reader: Reader, thread: ThreadRow): string {
  if (reader.side === 'store' || reader.side === 'end_customer') return thread.companyName;
  return thread.endCustomerName ?? thread.storeName;
}

function endCustomerOf(thread: ThreadRow): { id: number; name: string } | null {
  return thread.endCustomerId === null
    ? null
    : { id: thread.endCustomerId, name: thread.endCustomerName ?? '' };
}

/** Where a reader fetches a file of a thread: the customer's or the staff's path. */
function attachmentBase(reader: Reader, thread: ThreadRow): string {
  if (reader.side === 'end_customer')
    return `${END_CUSTOMER_CONVERSATIONS}/${thread.id}/attachment`;
  const area = PROFFS_STORE_PREFIX.replace(':eid', encodeURIComponent(thread.storeExternalId));
  const module = reader.side === 'store' ? 'staff/conversation' : 'conversation';
  return `${area}/${module}/${thread.id}/attachment`;
}

function toAttachment(base: string, row: AttachmentRow): MessageAttachment {
  const url = `${base}/${row.id}/`;
  const isImage = row.thumbnailKey !== null;
  return {
    id: row.id,
    filename: row.filename,
    file_attachment: isImage ? null : url,
    image_attachment: isImage ? { url, thumbnails: [{ url: `${url}thumbnail/` }] } : null,
  };
}

function toMessage(
  reader: Reader,
  row: MessageRow,
  files: AttachmentRow[],
  base: string,
  thread: ThreadRow,
): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    project_id: row.projectId,
    text: row.text,
    attachments: files.filter((f) => f.messageId === row.id).map((f) => toAttachment(base, f)),
    sent_at: row.sentAt.toISOString(),
    sent_from_proffs: row.side === 'proffs',
    side: row.side,
    sender_name: row.senderName,
    is_own: row.side === reader.side,
    is_read: row.side === reader.side ? Boolean(row.readByOther) : Boolean(row.readByReader),
    end_customer: endCustomerOf(thread),
  };
}

/** The use cases of the conversations: list, read (which marks read), send, mark handled. */
export class ConversationService {
  constructor(
    private readonly repository: ConversationRepository,
    private readonly now: () => Date,
  ) {}

  async list(
    reader: Reader,
    query: {
      erp?: string | undefined;
      project_id?: number | undefined;
      page: number;
      page_size: number;
      status?: 'open' | 'handled' | 'all';
    },
    storeExternalId: string,
    url: string,
  ): Promise<ConversationPage> {
    // erp names the store (its external id): under {eid}/ only that store's threads exist.
    if (query.erp !== undefined && query.erp !== storeExternalId) {
      return { count: 0, unread_count: 0, next: null, previous: null, results: [] };
    }
    const { rows, count, unread } = await this.repository.list(
      reader,
      {
        ...(query.project_id === undefined ? {} : { projectId: query.project_id }),
        ...(query.status ? { status: query.status } : {}),
      },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    const last = await this.repository.lastMessages(
      reader,
      rows.map((r) => r.id),
    );
    const files = await this.repository.attachments(last.map((m) => m.id));
    return {
      count,
      unread_count: unread,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((thread) => {
        const message = last.find((m) => m.conversationId === thread.id);
        return this.summary(
          reader,
          thread,
          message
            ? toMessage(reader, message, files, attachmentBase(reader, thread), thread)
            : null,
        );
      }),
    };
  }

  private summary(reader: Reader, thread: ThreadRow, last: Message | null): ConversationSummary {
    return {
      id: thread.id,
      name: threadName(reader, thread),
      project_id: thread.projectId,
      last_message: last,
      store: { external_id: thread.storeExternalId, name: thread.storeName },
      company: { id: thread.companyId, name: thread.companyName },
      store_customer_login: thread.customerLogin ? { name: thread.customerLogin } : null,
      end_customer: endCustomerOf(thread),
      unread_count: thread.unreadCount,
      is_unread: thread.unreadCount > 0,
      handled: thread.handledAt !== null,
    };
  }

  /** One thread's messages (size before `before`); reading the newest marks the thread read. */
  async get(
    reader: Reader,
    id: number,
    query: { size: number; before?: number | undefined },
  ): Promise<Conversation> {
    const thread = await this.repository.thread(reader, id);
    if (!thread) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
    const { rows, hasOlder } = await this.repository.messages(reader, id, query.size, query.before);
    const newest = rows.at(-1);
    if (newest && query.before === undefined) {
      await this.repository.markRead(reader, id, newest.id);
    }
    const files = await this.repository.attachments(rows.map((m) => m.id));
    const base = attachmentBase(reader, thread);
    return {
      id: thread.id,
      name: threadName(reader, thread),
      project_id: thread.projectId,
      store: { external_id: thread.storeExternalId, name: thread.storeName },
      company: { id: thread.companyId, name: thread.companyName },
      handled: thread.handledAt !== null,
      messages: rows.map((row) => ({
        ...toMessage(reader, row, files, base, thread),
        // What the reader is now looking at counts as read.
        is_read: row.side === reader.side ? Boolean(row.readByOther) : true,
      })),
      has_older: hasOlder,
    };
  }

  /**
   * POST conversation/ (spec §7): a reply names conversation_id; a new message names the
   * store (store_id: the store of {eid}; the staff always reply). Files have been checked and
   * stored by the caller (`store` runs inside the transaction's retry-free path: it is called
   * once, before the transaction).
   */
  async send(
    reader: Reader,
    context: { organisationId: string; storeExternalId: string; storeName: string },
    fields: MessageFields,
    attachments: NewAttachment[],
  ): Promise<SentMessage> {
    const text = fields.text.trim();
    if (text === '' && attachments.length === 0) {
      throw new BadRequestError(MESSAGE_EMPTY_MESSAGE, [
        { path: 'body.text', message: MESSAGE_EMPTY_MESSAGE },
      ]);
    }
    // The thread's end customer (null: a thread with the store), for whom to notify.
    let endCustomerId: number | null = null;
    if (fields.conversation_id !== undefined) {
      const thread = await this.repository.thread(reader, fields.conversation_id);
      if (!thread) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
      endCustomerId = thread.endCustomerId;
    } else if (reader.side === 'end_customer') {
      // The end customer writes in their project's one thread (project_id, if given, is it).
      if (fields.project_id !== undefined && fields.project_id !== reader.projectId) {
        throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
      }
      endCustomerId = reader.endCustomerId;
    } else if (reader.side === 'proffs') {
      if (fields.end_customer_id !== undefined) {
        // A thread with an end customer is about their project, one the user may see.
        if (fields.project_id === undefined) {
          throw new BadRequestError(END_CUSTOMER_PROJECT_MESSAGE, [
            { path: 'body.project_id', message: END_CUSTOMER_PROJECT_MESSAGE },
          ]);
        }
        if (
          !(await this.repository.isEndCustomerProject(
            reader,
            fields.project_id,
            fields.end_customer_id,
          ))
        ) {
          throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
        }
        endCustomerId = fields.end_customer_id;
      } else {
        if (fields.store_id !== undefined && fields.store_id !== context.storeExternalId) {
          throw new BadRequestError(STORE_ID_MISMATCH_MESSAGE, [
            { path: 'body.store_id', message: STORE_ID_MISMATCH_MESSAGE },
          ]);
        }
        if (
          fields.project_id !== undefined &&
          !(await this.repository.isVisibleProject(reader, fields.project_id))
        ) {
          throw new NotFoundError(PROJECT_NOT_FOUND_MESSAGE);
        }
      }
    } else {
      throw new BadRequestError('Ange konversationen', [
        { path: 'body.conversation_id', message: 'Ange konversationen' },
      ]);
    }
    const now = this.now();
    const conversationId = await this.repository.db.transaction(async (tx) => {
      const id =
        fields.conversation_id ??
        (await this.repository.threadFor(tx, {
          organisationId: context.organisationId,
          companyId: reader.side === 'store' ? 0 : reader.companyId,
          storeId: reader.storeId,
          projectId:
            reader.side === 'end_customer' ? reader.projectId : (fields.project_id ?? null),
          endCustomerId,
        }));
      await this.repository.addMessage(tx, {
        conversationId: id,
        side: reader.side,
        otherSides: otherSides(reader.side, endCustomerId !== null),
        senderUserId: reader.side === 'end_customer' ? null : reader.userId,
        text,
        attachments,
        now,
        notifyAfter: new Date(now.getTime() + NOTICE_DELAY_MS),
      });
      await this.messageReceived(tx, id, reader, context, now);
      return id;
    });
    const thread = await this.repository.thread(reader, conversationId);
    if (!thread) throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
    const [last] = await this.repository.lastMessages(reader, [conversationId]);
    if (!last) throw new Error('message not found after sending');
    const files = await this.repository.attachments([last.id]);
    return {
      conversation_id: conversationId,
      message: toMessage(reader, last, files, attachmentBase(reader, thread), thread),
    };
  }

  /**
   * The events of a new message (trade-area §7): the store's answer in the company's thread
   * tells the company's users in that store; the end customer's message is "from the customer"; any message in a project's thread tells, one by
   * one, the company's users with access to the project but the writer, never anyone without
   * access (issue 20).
   */
  private async messageReceived(
    tx: Database,
    conversationId: number,
    reader: Reader,
    context: { organisationId: string; storeName: string },
    now: Date,
  ): Promise<void> {
    const row = await this.repository.threadKey(tx, conversationId);
    if (!row) return;
    const event = {
      organisationId: context.organisationId,
      companyId: row.companyId,
      storeId: row.storeId,
      type: 'message_received' as const,
      title: reader.side === 'end_customer' ? 'Nytt meddelande från kund' : 'Nytt meddelande',
      text:
        reader.side === 'store'
          ? `${context.storeName} har svarat på ert meddelande.`
          : reader.side === 'end_customer'
            ? 'Er kund har skrivit i projektet.'
            : 'Ett nytt meddelande har kommit i ett av era projekt.',
      target: { kind: 'conversation', id: String(conversationId) },
      createdAt: now,
    };
    if (row.projectId !== null) {
      const audience = await this.repository.projectAudience(
        tx,
        { companyId: row.companyId, projectId: row.projectId },
        // The end customer is no trade user: nobody to leave out.
        reader.side === 'end_customer' ? 0 : reader.userId,
      );
      for (const userId of audience) await recordEvent(tx, { ...event, recipientUserId: userId });
    } else if (reader.side === 'store') {
      await recordEvent(tx, event);
    }
  }

  async setHandled(reader: Reader, id: number, handled: boolean): Promise<void> {
    if (!(await this.repository.setHandled(reader, id, handled, this.now()))) {
      throw new NotFoundError(CONVERSATION_NOT_FOUND_MESSAGE);
    }
  }

  async attachment(reader: Reader, conversationId: number, attachmentId: number) {
    return this.repository.attachment(reader, conversationId, attachmentId);
  }
}
