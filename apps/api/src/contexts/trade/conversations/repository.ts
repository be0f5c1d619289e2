import { queryRows, type Database } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import { tradeProjects, type ConversationSide } from '@bygg/db/schema/index';
import { visibleTo } from '../projects/repository.ts';

/**
 * Who reads or writes: the trade customer's side (their company, in one store) or the
 * store's staff (every company's threads with the store). Every query below is scoped by it,
 * so another company's or another store's thread is simply not found (404). On the customer's
 * side a project's thread follows the project's access (`visibleTo`): administrators see every
 * project of the company, other users those they were given access to.
 */
export type Reader =
  | { side: 'proffs'; userId: number; companyId: number; storeId: number; isAdmin: boolean }
  | { side: 'store'; userId: number; storeId: number }
  /** A project's end customer (a project token, issue 19): that project's thread with them only. */
  | {
      side: 'end_customer';
      endCustomerId: number;
      projectId: number;
      companyId: number;
      storeId: number;
    };

export type ThreadRow = {
  id: number;
  organisationId: string;
  companyId: number;
  companyName: string;
  storeId: number;
  storeExternalId: string;
  storeName: string;
  projectId: number | null;
  endCustomerId: number | null;
  endCustomerName: string | null;
  handledAt: Date | null;
  lastMessageAt: Date;
  unreadCount: number;
  /** Name of the customer's user who wrote last (store_customer_login). */
  customerLogin: string | null;
};

export type MessageRow = {
  id: number;
  conversationId: number;
  projectId: number | null;
  side: ConversationSide;
  senderName: string;
  text: string;
  sentAt: Date;
  /** The message has been read by the side(s) that did not write it. */
  readByOther: boolean;
  /** The message has been read by the reader's side. */
  readByReader: boolean;
};

export type AttachmentRow = {
  id: number;
  messageId: number;
  storageKey: string;
  thumbnailKey: string | null;
  filename: string;
  mimeType: string;
  sizeBytes: number;
};

export type NewAttachment = Omit<AttachmentRow, 'id' | 'messageId'>;

/** A project the customer's reader may see, by the projects module's rule (`visibleTo`). */
function visibleProject(reader: Reader & { side: 'proffs' }, projectId: SQL | number): SQL {
  return sql`exists (select 1 from ${tradeProjects}
    where ${tradeProjects.id} = ${projectId} and ${visibleTo(reader)})`;
}

/**
 * The thread is the reader's: the store's, and for the customer their company's — a project's
 * thread only when the reader may see the project (else it is not found, like the project).
 */
function scope(reader: Reader): SQL {
  if (reader.side === 'end_customer') {
    return sql`c.company_id = ${reader.companyId} and c.project_id = ${reader.projectId}
      and c.end_customer_id = ${reader.endCustomerId}`;
  }
  return reader.side === 'proffs'
    ? sql`c.store_id = ${reader.storeId} and c.company_id = ${reader.companyId}
        and (c.project_id is null or ${visibleProject(reader, sql`c.project_id`)})`
    : sql`c.store_id = ${reader.storeId} and c.end_customer_id is null`;
}

/** A message's writer: the trade or store user, or the end customer of the thread. */
const senderName = sql`coalesce(u.name, case when m.side = 'end_customer' then
  (select ec.name from end_customers ec where ec.id = c.end_customer_id) end, '')`;

/**
 * The reader's own read mark in thread `c` (per participant, ADR 042); the end customer, one
 * person with no user account, reads by the side's mark.
 */
const readMark = (reader: Reader) =>
  reader.side === 'end_customer'
    ? sql`coalesce((select sd.last_read_message_id from trade_conversation_sides sd
        where sd.conversation_id = c.id and sd.side = 'end_customer'), 0)`
    : sql`coalesce((select rr.last_read_message_id from trade_conversation_reads rr
        where rr.conversation_id = c.id and rr.user_id = ${reader.userId}), 0)`;

const threadColumns = (reader: Reader) => sql`
  c.id, c.organisation_id as "organisationId", c.company_id as "companyId",
  co.name as "companyName", c.store_id as "storeId", s.external_id as "storeExternalId",
  s.name as "storeName", c.project_id as "projectId", c.end_customer_id as "endCustomerId",
  (select ec.name from end_customers ec where ec.id = c.end_customer_id) as "endCustomerName",
  c.handled_at as "handledAt", c.last_message_at as "lastMessageAt",
  (select count(*)::int from trade_messages m
     where m.conversation_id = c.id and m.side <> ${reader.side} and m.id > ${readMark(reader)}
  ) as "unreadCount",
  (select u.name from trade_messages m join trade_users u on u.id = m.sender_user_id
     where m.conversation_id = c.id and m.side = 'proffs' order by m.id desc limit 1
  ) as "customerLogin"`;

function toThread(row: ThreadRow): ThreadRow {
  return {
    ...row,
    handledAt: row.handledAt === null ? null : new Date(row.handledAt),
    lastMessageAt: new Date(row.lastMessageAt),
    unreadCount: Number(row.unreadCount),
  };
}

export class ConversationRepository {
  constructor(readonly db: Database) {}

  /** The reader's threads, newest activity first, with the filters of the list. */
  async list(
    reader: Reader,
    filter: { projectId?: number; status?: 'open' | 'handled' | 'all' },
    limit: number,
    offset: number,
  ): Promise<{ rows: ThreadRow[]; count: number; unread: number }> {
    const where = sql`${scope(reader)}
      ${filter.projectId === undefined ? sql`` : sql`and c.project_id = ${filter.projectId}`}
      ${filter.status === 'open' ? sql`and c.handled_at is null` : sql``}
      ${filter.status === 'handled' ? sql`and c.handled_at is not null` : sql``}`;
    const [rows, counts] = await Promise.all([
      queryRows<ThreadRow>(
        this.db,
        sql`select ${threadColumns(reader)}
          from trade_conversations c
          join trade_companies co on co.id = c.company_id
          join stores s on s.id = c.store_id
          where ${where}
          order by c.last_message_at desc, c.id desc
          limit ${limit} offset ${offset}`,
      ),
      queryRows<{ count: number; unread: number }>(
        this.db,
        sql`select count(*)::int as count,
            (count(*) filter (where exists (
              select 1 from trade_messages m
              where m.conversation_id = c.id and m.side <> ${reader.side}
                and m.id > ${readMark(reader)}
            )))::int as unread
          from trade_conversations c where ${where}`,
      ),
    ]);
    return {
      rows: rows.map(toThread),
      count: Number(counts[0]?.count ?? 0),
      unread: Number(counts[0]?.unread ?? 0),
    };
  }

  /** One of the reader's threads; null when it is not theirs (or does not exist). */
  async thread(reader: Reader, id: number, tx: Database = this.db): Promise<ThreadRow | null> {
    const [row] = await queryRows<ThreadRow>(
      tx,
      sql`select ${threadColumns(reader)}
        from trade_conversations c
        join trade_companies co on co.id = c.company_id
        join stores s on s.id = c.store_id
        where c.id = ${id} and ${scope(reader)}`,
    );
    return row ? toThread(row) : null;
  }

  /**
   * A project of the company in the store that the reader may see (a thread about a project
   * must be about one of theirs, with access to it).
   */
  async isVisibleProject(reader: Reader & { side: 'proffs' }, projectId: number): Promise<boolean> {
    const rows = await queryRows<{ visible: boolean }>(
      this.db,
      sql`select ${visibleProject(reader, projectId)} as visible`,
    );
    return Boolean(rows[0]?.visible);
  }

  /**
   * The company's project in the store that names this end customer (a new thread with an
   * end customer must be about their project), visible to the reader.
   */
  async isEndCustomerProject(
    reader: Reader & { side: 'proffs' },
    projectId: number,
    endCustomerId: number,
  ): Promise<boolean> {
    const rows = await queryRows<{ ok: boolean }>(
      this.db,
      sql`select exists (select 1 from ${tradeProjects}
        where ${tradeProjects.id} = ${projectId} and ${tradeProjects.endCustomerId} = ${endCustomerId}
          and ${visibleTo(reader)}) as ok`,
    );
    return Boolean(rows[0]?.ok);
  }

  /** A thread's company and store (inside a use case that has already checked the reader). */
  async threadKey(
    tx: Database,
    id: number,
  ): Promise<{ companyId: number; storeId: number; projectId: number | null } | null> {
    const [row] = await queryRows<{ companyId: number; storeId: number; projectId: number | null }>(
      tx,
      sql`select company_id as "companyId", store_id as "storeId", project_id as "projectId"
        from trade_conversations where id = ${id}`,
    );
    return row
      ? { ...row, projectId: row.projectId === null ? null : Number(row.projectId) }
      : null;
  }

  /**
   * The company's active users with access to the project (administrators and its users, the
   * projects module's rule), but the writer: who a message in the project's thread reaches.
   */
  async projectAudience(
    tx: Database,
    thread: { companyId: number; projectId: number },
    exceptUserId: number,
  ): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select u.id from trade_users u
        where u.company_id = ${thread.companyId} and u.kind = 'customer' and u.is_active
          and u.id <> ${exceptUserId}
          and (u.role = 'admin' or exists (select 1 from trade_project_users pu
            where pu.project_id = ${thread.projectId} and pu.user_id = u.id))
        order by u.id`,
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * The thread of the company with the store (and project), created when there is none yet;
   * two first messages at once both land in the one thread (the unique index decides).
   */
  async threadFor(
    tx: Database,
    key: {
      organisationId: string;
      companyId: number;
      storeId: number;
      projectId: number | null;
      endCustomerId?: number | null;
    },
  ): Promise<number> {
    const endCustomerId = key.endCustomerId ?? null;
    await queryRows(
      tx,
      sql`insert into trade_conversations
          (organisation_id, company_id, store_id, project_id, end_customer_id)
        values (${key.organisationId}, ${key.companyId}, ${key.storeId}, ${key.projectId},
                ${endCustomerId})
        on conflict (company_id, store_id, coalesce(project_id, 0), coalesce(end_customer_id, 0))
        do nothing`,
    );
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`select id from trade_conversations
        where company_id = ${key.companyId} and store_id = ${key.storeId}
          and coalesce(project_id, 0) = ${key.projectId ?? 0}
          and coalesce(end_customer_id, 0) = ${endCustomerId ?? 0}`,
    );
    if (!row) throw new Error('conversation not created');
    return row.id;
  }

  /**
   * Writes a message and its files: the thread's activity time (and, from the customer, its
   * handled mark cleared), the writer's side has read up to it, and every other side gets a
   * pending e-mail notice unless one is pending already (one per thread, not per message).
   */
  async addMessage(
    tx: Database,
    message: {
      conversationId: number;
      side: ConversationSide;
      otherSides: ConversationSide[];
      /** null for the end customer (a project token, no user). */
      senderUserId: number | null;
      text: string;
      attachments: NewAttachment[];
      now: Date;
      notifyAfter: Date;
    },
  ): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into trade_messages (conversation_id, side, sender_user_id, text, sent_at)
        values (${message.conversationId}, ${message.side}, ${message.senderUserId},
                ${message.text}, ${message.now})
        returning id`,
    );
    if (!row) throw new Error('message not inserted');
    for (const file of message.attachments) {
      await queryRows(
        tx,
        sql`insert into trade_message_attachments
            (message_id, storage_key, thumbnail_key, filename, mime_type, size_bytes)
          values (${row.id}, ${file.storageKey}, ${file.thumbnailKey}, ${file.filename},
                  ${file.mimeType}, ${file.sizeBytes})`,
      );
    }
    await queryRows(
      tx,
      sql`update trade_conversations set last_message_at = ${message.now}
          ${message.side === 'proffs' ? sql`, handled_at = null, handled_by = null` : sql``}
        where id = ${message.conversationId}`,
    );
    await this.markReadBy(tx, message.senderUserId, message.conversationId, row.id);
    await queryRows(
      tx,
      sql`insert into trade_conversation_sides (conversation_id, side, last_read_message_id)
        values (${message.conversationId}, ${message.side}, ${row.id})
        on conflict (conversation_id, side) do update
          set last_read_message_id = greatest(trade_conversation_sides.last_read_message_id, excluded.last_read_message_id),
              notify_after = null`,
    );
    for (const side of message.otherSides) {
      await queryRows(
        tx,
        sql`insert into trade_conversation_sides (conversation_id, side, notify_after)
          values (${message.conversationId}, ${side}, ${message.notifyAfter})
          on conflict (conversation_id, side) do update
            set notify_after = coalesce(trade_conversation_sides.notify_after, excluded.notify_after)`,
      );
    }
    return row.id;
  }

  /** size messages of the thread before `before` (newest of them last), and whether more exist. */
  async messages(
    reader: Reader,
    conversationId: number,
    size: number,
    before: number | undefined,
  ): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
    const rows = await queryRows<MessageRow>(
      this.db,
      sql`select m.id, m.conversation_id as "conversationId", c.project_id as "projectId",
          m.side, ${senderName} as "senderName", m.text, m.sent_at as "sentAt",
          exists (select 1 from trade_conversation_sides r
                  where r.conversation_id = c.id and r.side <> m.side
                    and r.last_read_message_id >= m.id) as "readByOther",
          (m.side = ${reader.side} or m.id <= ${readMark(reader)}) as "readByReader"
        from trade_messages m
        join trade_conversations c on c.id = m.conversation_id
        left join trade_users u on u.id = m.sender_user_id
        where m.conversation_id = ${conversationId}
          ${before === undefined ? sql`` : sql`and m.id < ${before}`}
        order by m.id desc
        limit ${size + 1}`,
    );
    const hasOlder = rows.length > size;
    return {
      rows: rows
        .slice(0, size)
        .reverse()
        .map((r) => ({ ...r, sentAt: new Date(r.sentAt) })),
      hasOlder,
    };
  }

  /** The last message of each of these threads. */
  async lastMessages(reader: Reader, conversationIds: number[]): Promise<MessageRow[]> {
    if (conversationIds.length === 0) return [];
    const rows = await queryRows<MessageRow>(
      this.db,
      sql`select distinct on (m.conversation_id)
          m.id, m.conversation_id as "conversationId", c.project_id as "projectId",
          m.side, ${senderName} as "senderName", m.text, m.sent_at as "sentAt",
          false as "readByOther",
          (m.side = ${reader.side} or m.id <= ${readMark(reader)}) as "readByReader"
        from trade_messages m
        join trade_conversations c on c.id = m.conversation_id
        left join trade_users u on u.id = m.sender_user_id
        where m.conversation_id in (${sql.join(
          conversationIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by m.conversation_id, m.id desc`,
    );
    return rows.map((r) => ({ ...r, sentAt: new Date(r.sentAt) }));
  }

  async attachments(messageIds: number[]): Promise<AttachmentRow[]> {
    if (messageIds.length === 0) return [];
    return queryRows<AttachmentRow>(
      this.db,
      sql`select id, message_id as "messageId", storage_key as "storageKey",
          thumbnail_key as "thumbnailKey", filename, mime_type as "mimeType",
          size_bytes as "sizeBytes"
        from trade_message_attachments
        where message_id in (${sql.join(
          messageIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by id`,
    );
  }

  /** A file of one of the reader's threads; null when the thread is not theirs. */
  async attachment(
    reader: Reader,
    conversationId: number,
    attachmentId: number,
  ): Promise<AttachmentRow | null> {
    const [row] = await queryRows<AttachmentRow>(
      this.db,
      sql`select a.id, a.message_id as "messageId", a.storage_key as "storageKey",
          a.thumbnail_key as "thumbnailKey", a.filename, a.mime_type as "mimeType",
          a.size_bytes as "sizeBytes"
        from trade_message_attachments a
        join trade_messages m on m.id = a.message_id
        join trade_conversations c on c.id = m.conversation_id
        where a.id = ${attachmentId} and c.id = ${conversationId} and ${scope(reader)}`,
    );
    return row ?? null;
  }

  /** One participant's own read mark (per person, ADR 042). */
  private async markReadBy(
    tx: Database,
    userId: number | null,
    conversationId: number,
    upTo: number,
  ): Promise<void> {
    // The end customer has no user account: their side's mark is theirs.
    if (userId === null) return;
    await queryRows(
      tx,
      sql`insert into trade_conversation_reads (conversation_id, user_id, last_read_message_id)
        values (${conversationId}, ${userId}, ${upTo})
        on conflict (conversation_id, user_id) do update
          set last_read_message_id = greatest(trade_conversation_reads.last_read_message_id, excluded.last_read_message_id)`,
    );
  }

  /**
   * The reader has read the thread up to this message: their own mark moves, and their side's
   * (read by the other side's view, and no notice is due any more).
   */
  async markRead(reader: Reader, conversationId: number, upTo: number): Promise<void> {
    const side = reader.side;
    await this.markReadBy(
      this.db,
      reader.side === 'end_customer' ? null : reader.userId,
      conversationId,
      upTo,
    );
    await queryRows(
      this.db,
      sql`insert into trade_conversation_sides (conversation_id, side, last_read_message_id)
        values (${conversationId}, ${side}, ${upTo})
        on conflict (conversation_id, side) do update
          set last_read_message_id = greatest(trade_conversation_sides.last_read_message_id, excluded.last_read_message_id),
              notify_after = case
                when excluded.last_read_message_id >= (select max(id) from trade_messages
                  where conversation_id = ${conversationId} and side <> ${side})
                then null else trade_conversation_sides.notify_after end`,
    );
  }

  async setHandled(
    reader: Reader,
    conversationId: number,
    handled: boolean,
    now: Date,
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update trade_conversations c
        set handled_at = ${handled ? now : null}, handled_by = ${handled && 'userId' in reader ? reader.userId : null}
        where c.id = ${conversationId} and ${scope(reader)}
        returning c.id`,
    );
    return rows.length > 0;
  }

  /**
   * Claims the notices that are due (any process may run this; the update claims each row
   * once) and returns them with whom to tell: the store's staff, or the company's users who
   * wrote in the thread (its administrators when none has) and may still see its project.
   */
  async claimDueNotices(now: Date): Promise<DueNotice[]> {
    const claimed = await queryRows<{ conversationId: number; side: ConversationSide }>(
      this.db,
      sql`update trade_conversation_sides set notify_after = null, notified_at = ${now}
        where (conversation_id, side) in (
          select conversation_id, side from trade_conversation_sides
          where notify_after is not null and notify_after <= ${now}
          order by notify_after limit 100
          for update skip locked)
        returning conversation_id as "conversationId", side`,
    );
    const notices: DueNotice[] = [];
    for (const row of claimed) {
      const [thread] = await queryRows<{
        storeName: string;
        companyName: string;
        storeSlug: string;
        isCentral: boolean;
        projectId: number | null;
        endCustomerName: string | null;
      }>(
        this.db,
        sql`select s.name as "storeName", co.name as "companyName", s.slug as "storeSlug",
            s.is_central as "isCentral", c.project_id as "projectId",
            (select ec.name from end_customers ec where ec.id = c.end_customer_id)
              as "endCustomerName"
          from trade_conversations c join stores s on s.id = c.store_id
          join trade_companies co on co.id = c.company_id where c.id = ${row.conversationId}`,
      );
      if (!thread) continue;
      const recipients =
        row.side === 'end_customer'
          ? await queryRows<{ email: string }>(
              this.db,
              sql`select ec.email from end_customers ec
                join trade_conversations c on c.end_customer_id = ec.id
                where c.id = ${row.conversationId} and ec.email <> ''`,
            )
          : row.side === 'store'
            ? await queryRows<{ email: string }>(
                this.db,
                sql`select u.username as email from trade_users u
                join trade_user_stores us on us.user_id = u.id
                join trade_conversations c on c.store_id = us.store_id
                where c.id = ${row.conversationId} and u.kind = 'staff' and u.is_active`,
              )
            : await queryRows<{ email: string }>(
                this.db,
                sql`select distinct u.username as email from trade_users u
                join trade_conversations c on c.company_id = u.company_id
                where c.id = ${row.conversationId} and u.kind = 'customer' and u.is_active
                  and (c.project_id is null or u.role = 'admin' or exists (
                       select 1 from trade_project_users pu
                       where pu.project_id = c.project_id and pu.user_id = u.id))
                  and (u.id in (select sender_user_id from trade_messages
                                where conversation_id = c.id and side = 'proffs')
                       or (u.role = 'admin' and not exists (select 1 from trade_messages
                           where conversation_id = c.id and side = 'proffs')))`,
              );
      notices.push({
        conversationId: row.conversationId,
        side: row.side,
        ...thread,
        recipients: recipients.map((r) => r.email),
      });
    }
    return notices;
  }
}

export type DueNotice = {
  conversationId: number;
  side: ConversationSide;
  storeName: string;
  companyName: string;
  storeSlug: string;
  isCentral: boolean;
  projectId: number | null;
  /** The thread is with this end customer (null: a thread with the store). */
  endCustomerName: string | null;
  recipients: string[];
};
