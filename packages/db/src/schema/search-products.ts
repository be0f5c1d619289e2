import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';

/**
 * The product side of the search index, narrow on purpose: one row per product with what the
 * grouped search filters and ranks on (tokens, title tokens, popularity) and a precomputed,
 * store-free "listed" flag (an article that is sellable and not hidden). The products table
 * rows are wide (descriptions, search text): scoring tens of thousands of them per broad query
 * ("trä") cost ~400 ms at 100,000 products; these rows and their indexes keep the grouped
 * search near 10 ms. Derived data: packages/db/src/search/refresh.ts writes it together with
 * products.search_tokens, whenever a product or its articles change.
 */
export const searchProducts = pgTable(
  'search_products',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    organisationIds: text('organisation_ids').array().notNull(),
    isWebAssortment: boolean('is_web_assortment').notNull(),
    isCentralAssortment: boolean('is_central_assortment').notNull(),
    /** An article of the product is sellable and not hidden (store-free; stores may hide more). */
    listed: boolean('listed').notNull(),
    /** A copy of products.popularity, the tie-break inside a relevance tier. */
    popularity: integer('popularity').notNull(),
    tokens: text('tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    titleTokens: text('title_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('search_products_tokens_idx').using('gin', t.tokens),
    // Relevance tiers (title hits) are found through this index instead of scoring every match.
    index('search_products_title_tokens_idx').using('gin', t.titleTokens),
    // A common tier is read in popularity order a page at a time.
    index('search_products_popularity_idx').on(t.popularity.desc(), t.productId),
  ],
);

/**
 * Change counters of the search index, one row (id 1), bumped by statement-level triggers
 * (migration 0011): `vocabulary` on any write to search_vocabulary, `products` on any write to
 * search_products. The API keeps the vocabulary and capped product counts in memory and reads
 * these counters in the same statement as each search, so a cached value is used only while
 * the index it came from is unchanged.
 */
export const searchIndexState = pgTable('search_index_state', {
  id: integer('id').primaryKey(),
  vocabulary: bigint('vocabulary', { mode: 'number' }).notNull().default(0),
  products: bigint('products', { mode: 'number' }).notNull().default(0),
});

/**
 * Stores and CMS pages written since their search documents were last made: row triggers on
 * stores and cms_nodes (migration 0011) queue them here, and the next search re-tokenises just
 * those documents before it answers (refreshQueuedDocuments in src/search/refresh.ts).
 */
export const searchDocumentChanges = pgTable(
  'search_document_changes',
  {
    kind: text('kind').notNull(),
    refId: text('ref_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] })],
);
