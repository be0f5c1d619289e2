import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles } from './catalog.ts';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('campaigns_org_slug_uq').on(t.organisationId, t.slug)],
);

/**
 * The current price list: one chain-wide row per (organisation, article) and optional
 * store overrides. Amounts are integer öre including VAT.
 */
export const prices = pgTable(
  'prices',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** Null = the chain-wide list price; otherwise an override for that store. */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    priceOre: integer('price_ore').notNull(),
    /** The ordinary price while a campaign price applies. */
    reducedFromOre: integer('reduced_from_ore'),
    isLimitedTime: boolean('is_limited_time').notNull().default(false),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** When the campaign price ends; after it the reduced_from price applies again. */
    endDate: timestamp('end_date', { withTimezone: true }),
    campaignId: integer('campaign_id').references(() => campaigns.id),
  },
  (t) => [
    uniqueIndex('prices_chain_uq')
      .on(t.organisationId, t.articleId)
      .where(sql`${t.storeId} is null`),
    uniqueIndex('prices_store_uq')
      .on(t.storeId, t.articleId)
      .where(sql`${t.storeId} is not null`),
    index('prices_campaign_idx').on(t.campaignId),
  ],
);

/**
 * Every price an article has had, so the lowest price of the last 30 days is computed
 * (@bygg/domain/pricing, read by apps/api/src/contexts/pricing/repository.ts), never stored. valid_to null = still in effect. An append-only log
 * written by the price feed: like stock it has no foreign keys, which keeps the bulk load of
 * hundreds of thousands of rows fast.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organisationId: text('organisation_id').notNull(),
    articleId: integer('article_id').notNull(),
    storeId: integer('store_id'),
    priceOre: integer('price_ore').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
  },
  (t) => [index('price_history_article_idx').on(t.articleId, t.organisationId, t.validFrom)],
);
