import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';

/**
 * Precomputed sort keys of the product listing (price, discounts, availability without a
 * store), one row per (organisation, product). Sorting 100,000 products by an aggregate over
 * their articles and prices took ~350 ms per page; walking one of these indexes takes a few.
 * The rows are derived data: apps/api/src/contexts/catalogue/products/sort-keys.ts rebuilds them when
 * prices change or a price's start or end date passes (product_sort_key_state), and the
 * listing falls back to the live aggregate while they are stale. Amounts are öre incl. VAT.
 * Like stock, the two key tables have no foreign keys: they are rebuilt wholesale, and the
 * checks would double the time of a rebuild. A reseed truncates product_sort_key_state (through
 * its organisation), which sends the listing back to the live query until the next rebuild.
 */
export const productSortKeys = pgTable(
  'product_sort_keys',
  {
    organisationId: text('organisation_id').notNull(),
    productId: integer('product_id').notNull(),
    /** A copy of products.popularity, the tie-break of every sort. */
    popularity: integer('popularity').notNull(),
    /** The cheapest shown chain-wide price among the listed articles (öre incl. VAT). */
    bestPriceOre: integer('best_price_ore'),
    /** The largest campaign reduction, as a fraction of reduced_from (0.25 = 25 %). */
    bestDiscount: doublePrecision('best_discount'),
    /** 1 when a listed article is shippable (orderable online), else 0. */
    shipRank: smallint('ship_rank').notNull(),
    /** Copies of the products row's listing filters (issue 21: counted and paged here). */
    categoryId: integer('category_id').notNull(),
    brandId: integer('brand_id'),
    isWebAssortment: boolean('is_web_assortment').notNull(),
    isCentralAssortment: boolean('is_central_assortment').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_sort_keys_pk', columns: [t.organisationId, t.productId] }),
    // One index per sort the listing offers (sort-keys.ts), each in its exact ORDER BY; the
    // reversed discount and availability sorts are not offered and keep the live query.
    index('product_sort_keys_price_idx').on(
      t.organisationId,
      t.bestPriceOre.asc().nullsLast(),
      t.popularity.desc(),
      t.productId,
    ),
    index('product_sort_keys_price_desc_idx').on(
      t.organisationId,
      t.bestPriceOre.desc().nullsLast(),
      t.popularity.desc(),
      t.productId,
    ),
    index('product_sort_keys_discount_idx').on(
      t.organisationId,
      t.bestDiscount.desc().nullsLast(),
      t.popularity.desc(),
      t.productId,
    ),
    index('product_sort_keys_ship_idx').on(
      t.organisationId,
      t.shipRank.desc(),
      t.popularity.desc(),
      t.productId,
    ),
    // The popularity order from the keys (issue 21): a price range, deep pages.
    index('product_sort_keys_popularity_idx').on(
      t.organisationId,
      t.popularity.desc(),
      t.productId,
    ),
    // Counting a category's (and its descendants') products without reading them.
    index('product_sort_keys_category_idx').on(t.organisationId, t.categoryId),
  ],
);

/**
 * The products whose price keys differ in one store from the chain-wide row: a store price
 * override, or a stock row in the store's warehouse that hides the article or its price.
 * A few thousand rows per store; the listing merges them with product_sort_keys.
 */
export const productStoreSortKeys = pgTable(
  'product_store_sort_keys',
  {
    storeId: integer('store_id').notNull(),
    productId: integer('product_id').notNull(),
    popularity: integer('popularity').notNull(),
    bestPriceOre: integer('best_price_ore'),
    bestDiscount: doublePrecision('best_discount'),
    /** False when no article of the product is listed in the store at all. */
    listed: boolean('listed').notNull(),
    /** Copies of the products row's listing filters (issue 21: counted and paged here). */
    categoryId: integer('category_id').notNull(),
    brandId: integer('brand_id'),
    isWebAssortment: boolean('is_web_assortment').notNull(),
    isCentralAssortment: boolean('is_central_assortment').notNull(),
  },
  (t) => [primaryKey({ name: 'product_store_sort_keys_pk', columns: [t.storeId, t.productId] })],
);

/**
 * When the sort keys of an organisation were built and for which instants they hold:
 * valid_from is the build's clock, valid_until the next price start or end date after it
 * (null: none ahead). Outside that window the listing uses the live aggregate.
 */
export const productSortKeyState = pgTable('product_sort_key_state', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});

/**
 * Products whose sort keys may be out of date, per organisation: written by triggers
 * (migration 0029) in the same transaction as any write to what a key holds (a products
 * row's listing columns, an article's availability, a price, a stock row that hides an
 * article or its price), whoever makes it. The listing refreshes these products before it
 * reads the keys (sort-keys.ts), and a refresh consumes the rows it has seen.
 */
export const productSortKeyChanges = pgTable(
  'product_sort_key_changes',
  {
    organisationId: text('organisation_id').notNull(),
    productId: integer('product_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'product_sort_key_changes_pk',
      columns: [t.organisationId, t.productId],
    }),
  ],
);

/**
 * Each product's best stock rank in each warehouse (listing-query.ts rankAtLeast: 3 = at
 * least LOW_STOCK_THRESHOLD on hand, 2 = some, 1 = a known quantity; 0 has no row), among
 * the articles and stock rows that show stock. Kept exact by triggers on stock and articles
 * (migration 0029) in the writer's own transaction; a sale fires the recomputation only when
 * a row's rank changes. The in-stock count and sort=availability in a store read it with
 * product_sort_keys instead of two index probes per product.
 */
export const productStockKeys = pgTable(
  'product_stock_keys',
  {
    warehouseId: integer('warehouse_id').notNull(),
    productId: integer('product_id').notNull(),
    rank: smallint('rank').notNull(),
  },
  (t) => [
    primaryKey({ name: 'product_stock_keys_pk', columns: [t.warehouseId, t.productId] }),
    index('product_stock_keys_rank_idx').on(t.warehouseId, t.rank, t.productId),
  ],
);
