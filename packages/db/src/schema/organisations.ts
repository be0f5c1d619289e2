import { pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** The two organisations the platform serves ('store-chain' | 'building-supply'). */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Stripped from store names in the UI (storefront spec §3, Store). */
  storeNamePrefix: text('store_name_prefix').notNull(),
  /** Analytics affiliation of purchase events (storefront spec §7). */
  affiliation: text('affiliation').notNull(),
  /** Fictional e-mail/web domain used for store addresses, e.g. timmerkedjan.example. */
  domain: text('domain').notNull(),
});

/** Store regions 1–7 (storefront spec §3, Enumerations). */
export const regions = pgTable('regions', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});
