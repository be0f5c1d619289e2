import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WindowModel } from '@bygg/domain/window-configurator';
import { products } from './catalog.ts';
import { organisations } from './organisations.ts';
import { tradeCompanies } from './trade.ts';

/**
 * Configurable products (issue 22, "Bygg ditt fönster"): the rules of a made-to-order product
 * whose every makeable choice is a real article in its choice tree (product_choice_trees).
 * The model is the data @bygg/domain/window-configurator computes price and U-value from.
 */
export const productConfigurators = pgTable(
  'product_configurators',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The brand's path segment, e.g. 'elitfonster' for /elitfonster/bygg-ditt-fonster. */
    brandSlug: text('brand_slug').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    model: jsonb('model').$type<WindowModel>().notNull(),
  },
  (t) => [uniqueIndex('product_configurators_brand_uq').on(t.organisationId, t.brandSlug)],
);

/**
 * A purchasing system allowed to open punch-out sessions (OCI 4.0, ADR 043): its login
 * (USERNAME, and PASSWORD kept only as a scrypt hash), the hosts its HOOK_URL may point at and
 * the trade company it buys for (null: an anonymous punch-out buyer priced like a shopper).
 */
export const punchoutBuyers = pgTable(
  'punchout_buyers',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    companyId: integer('company_id').references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Host names (lower case, optionally with :port) a HOOK_URL may have. */
    allowedHosts: text('allowed_hosts').array().notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('punchout_buyers_username_uq').on(t.organisationId, t.username)],
);

/**
 * An open punch-out session: the browser holds the random token (a signed cookie), the
 * table its sha256. Ended by the transfer of the cart (transferred_at) or by time.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => punchoutBuyers.id, { onDelete: 'cascade' }),
    hookUrl: text('hook_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('punchout_sessions_token_uq').on(t.tokenHash),
    index('punchout_sessions_open_idx')
      .on(t.buyerId)
      .where(sql`${t.transferredAt} is null`),
  ],
);
