import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';
import { tradeCompanies, tradeUsers } from './trade.ts';
import { tradeProjects } from './trade-projects.ts';

/** A store quote's status (issue 18): open until valid_until, ordered once ordered. */
export const QUOTE_STATUSES = ['open', 'ordered', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * A quote the store made for a trade company ("butiksofferter", issue 18): lines with the
 * quoted price excl. VAT, valid until a date. The store staff's side that writes them comes
 * with issue 20; the seed writes some for the demo companies.
 */
export const tradeQuotes = pgTable(
  'trade_quotes',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** "O-" and a number, unique per organisation. */
    number: text('number').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** The project (trade_projects) the quote is for, when it is for one. */
    projectId: integer('project_id').references(() => tradeProjects.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The store's note to the customer. */
    note: text('note').notNull().default(''),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('open'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the store sent it (issue 20, ADR 042): null = a draft the store's staff are still
     * writing, which the customer never sees.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The store staff member who wrote it (null for the seed's and a deleted user's). */
    createdByUserId: integer('created_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('trade_quotes_org_number_uq').on(t.organisationId, t.number),
    index('trade_quotes_company_idx').on(t.companyId, t.storeId, t.createdAt),
    index('trade_quotes_project_idx').on(t.projectId),
  ],
);

export const tradeQuoteLines = pgTable(
  'trade_quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => tradeQuotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    articleId: integer('article_id').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    /** The quoted unit price excl. VAT, öre. */
    unitPriceOre: integer('unit_price_ore').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
  },
  (t) => [index('trade_quote_lines_quote_idx').on(t.quoteId, t.position)],
);

/** One line of a stored quote cart: the article and how many. */
export type QuoteCartItem = { article_id: number; quantity: number };

/**
 * The quote cart as last validated (trade-area spec §5: "422 still gives a cart that is
 * stored"), one per user and store: what POST order/ places.
 */
export const tradeQuoteCarts = pgTable(
  'trade_quote_carts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => tradeProjects.id, { onDelete: 'set null' }),
    items: jsonb('items').$type<QuoteCartItem[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] })],
);

/** What the trade area knows of an order beyond commerce's row: its project, its quote. */
export const tradeOrderDetails = pgTable(
  'trade_order_details',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => tradeProjects.id, { onDelete: 'set null' }),
    quoteId: integer('quote_id').references(() => tradeQuotes.id, { onDelete: 'set null' }),
  },
  (t) => [index('trade_order_details_project_idx').on(t.projectId)],
);

/** A file attached to an order (the upload library's storage holds the bytes). */
export const tradeOrderAttachments = pgTable(
  'trade_order_attachments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    sanitisedName: text('sanitised_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Images: the generated thumbnail's storage key. */
    thumbnailKey: text('thumbnail_key'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_order_attachments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('trade_order_attachments_storage_key_uq').on(t.storageKey),
  ],
);

export const EXPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * Files to delete from the upload storage (ADR 041): the files of a deleted project (written
 * in the deleting transaction) and every upload while its row is not yet written (an intent,
 * removed again once the row is committed), so a failed or interrupted upload leaves no
 * orphan. The job runner deletes what is due.
 */
export const storageRemovals = pgTable(
  'storage_removals',
  {
    storageKey: text('storage_key').primaryKey(),
    removeAfter: timestamp('remove_after', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    reason: text('reason').notNull(),
  },
  (t) => [index('storage_removals_due_idx').on(t.removeAfter)],
);

/**
 * A background job (ADR 034): a durable row the server polls and claims with
 * `for update skip locked`, so it survives a restart and runs once with several servers.
 * The finished export's file is kept in the row until it expires.
 */
export const tradeExportJobs = pgTable(
  'trade_export_jobs',
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
      .references(() => stores.id),
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    /** What to export: 'orders'. */
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: EXPORT_JOB_STATUSES }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** SHA-256 of the download link's random token (the link itself is only in the e-mail). */
    tokenHash: text('token_hash'),
    fileName: text('file_name'),
    content: text('content'),
    error: text('error'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** While running: the claim's lease; past it, another process takes the job over (ADR 041). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The finished CSV in the upload storage (ADR 041; older rows kept it in `content`). */
    storageKey: text('storage_key'),
    /** When the expired file was deleted from storage. */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('trade_export_jobs_queue_idx').on(t.status, t.runAfter),
    uniqueIndex('trade_export_jobs_token_uq').on(t.tokenHash),
  ],
);
