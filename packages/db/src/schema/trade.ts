import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { articles } from './catalog.ts';
import { organisations, regions } from './organisations.ts';
import { stores } from './stores.ts';

/** A postal address as the trade area keeps it (postcode: five digits, no space). */
export type TradeAddress = { street: string; postcode: string; city: string };

/** Trade (proffs) customers: companies buying on account. */
export const tradeCompanies = pgTable(
  'trade_companies',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** Swedish organisationsnummer, NNNNNN-NNNN. */
    orgNumber: text('org_number').notNull(),
    /** The company's customer number with the organisation (each store has its own too). */
    customerNumber: text('customer_number').notNull(),
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** Where invoices go; null = the company address. */
    invoiceAddress: jsonb('invoice_address').$type<TradeAddress>(),
    /** Where deliveries go; null = the company address. */
    deliveryAddress: jsonb('delivery_address').$type<TradeAddress>(),
    logoUrl: text('logo_url'),
  },
  (t) => [uniqueIndex('trade_companies_org_number_uq').on(t.organisationId, t.orgNumber)],
);

/**
 * A company's customer account with one store (trade-area spec: "the store customer"): the
 * stores a company's users work in are the stores it has an account with. The central
 * (rikskund) customer has its account with the central store.
 */
export const storeCustomers = pgTable(
  'store_customers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The store's number for the company. */
    customerNumber: text('customer_number').notNull(),
    /** öre; null = no limit agreed. */
    creditLimitOre: integer('credit_limit_ore'),
    paymentTermsDays: smallint('payment_terms_days').notNull().default(30),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    termsVersion: text('terms_version'),
    /** The accepted conditions, each true or false (the spec's terms object). */
    terms: jsonb('terms').$type<Record<string, boolean>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_customers_company_store_uq').on(t.companyId, t.storeId),
    index('store_customers_store_idx').on(t.storeId),
  ],
);

/** Negotiated net prices (öre incl. VAT) of a trade company; they replace the list price. */
export const netPrices = pgTable(
  'net_prices',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    priceOre: integer('price_ore').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.articleId] })],
);

export const tradeUsers = pgTable(
  'trade_users',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The login e-mail. */
    username: text('username').notNull(),
    name: text('name').notNull(),
    /** 'scrypt$N$r$p$salt$hash' (passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    /**
     * customer: a user of a customer company; editor: the content editor (no company);
     * staff: a store's staff (issue 20). ADR 026.
     */
    kind: text('kind').notNull().default('customer'),
    /** A customer's company role, admin | user; 'editor' for the content editor (me/ role). */
    role: text('role').notNull(),
    companyId: integer('company_id').references(() => tradeCompanies.id),
    phone: text('phone'),
    /** An ordinary user's rights (administrators have all, whatever these say). */
    mayProjects: boolean('may_projects').notNull().default(false),
    mayOffers: boolean('may_offers').notNull().default(false),
    mayOrders: boolean('may_orders').notNull().default(false),
    mayInvoices: boolean('may_invoices').notNull().default(false),
    /** The one region the user is limited to; null = all regions (the default). */
    regionId: smallint('region_id').references(() => regions.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // User names are unique per organisation (the same e-mail may have an account in each).
    uniqueIndex('trade_users_org_username_uq').on(t.organisationId, sql`lower(${t.username})`),
    index('trade_users_company_idx').on(t.companyId),
  ],
);

/**
 * Server-side sessions of trade users (issue 15): the session cookie carries a random id and
 * this row decides whether it still counts, so logout, a password change and deactivation end
 * a session at once (the triggers of migration 0013 revoke a user's sessions when the
 * password or is_active changes). Only the SHA-256 of the id is stored: a database read does
 * not hand out live sessions.
 */
export const tradeSessions = pgTable(
  'trade_sessions',
  {
    /** sha256(session id) in hex; the id itself is only in the user's cookie. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('trade_sessions_user_idx').on(t.userId)],
);

/**
 * The e-mailed links that set a password (ADR 029): a reset (1 hour) or a new user's
 * invitation (7 days). Only the token's SHA-256 is kept; used_at makes it single use.
 */
export const tradePasswordTokens = pgTable(
  'trade_password_tokens',
  {
    /** sha256(token) in hex; the token itself is only in the e-mailed link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'invitation'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('trade_password_tokens_user_idx').on(t.userId)],
);

/**
 * Narrows a user to some of the company's stores (no rows: all of them); a staff user's
 * stores (issue 20).
 */
export const tradeUserStores = pgTable(
  'trade_user_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.storeId] }),
    index('trade_user_stores_store_idx').on(t.storeId),
  ],
);

/**
 * What happened that a company's users should see ("händelser"): written only through the
 * trade context's recordEvent. For one user (recipientUserId) or for every user of the
 * company who has requiredRight (null: everyone).
 */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    /** The store it happened in; null = every store of the company. */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    recipientUserId: integer('recipient_user_id').references(() => tradeUsers.id, {
      onDelete: 'cascade',
    }),
    /** projects | offers | orders | invoices, or null. */
    requiredRight: text('required_right'),
    /** order_placed | invoice_issued | quote_answered | offer_approved | message_received */
    type: text('type').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    targetKind: text('target_kind'),
    targetId: text('target_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trade_events_company_idx').on(t.companyId, t.createdAt)],
);

/** Which user has seen which event. */
export const tradeEventSeen = pgTable(
  'trade_event_seen',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => tradeEvents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);
