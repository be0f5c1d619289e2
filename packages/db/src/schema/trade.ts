import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles } from './catalog.ts';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';

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
    customerNumber: text('customer_number').notNull(),
    city: text('city').notNull(),
  },
  (t) => [uniqueIndex('trade_companies_org_number_uq').on(t.organisationId, t.orgNumber)],
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
    /** admin | user | editor */
    role: text('role').notNull(),
    companyId: integer('company_id').references(() => tradeCompanies.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('trade_users_username_uq').on(sql`lower(${t.username})`)],
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
