import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stock per (article, warehouse): the big table (millions of rows at 100k products), kept
 * narrow. The primary key serves both lookups the shop makes (an article in all warehouses,
 * an article in one warehouse). No foreign keys: they would double the load time of the
 * bulk seed and the rows are replaced wholesale by the ERP feed.
 */
export const stock = pgTable(
  'stock',
  {
    articleId: integer('article_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    /** Null = unknown (stock status UNKNOWN). */
    quantityOnHand: integer('quantity_on_hand'),
    /** Availability bit flags (domain/availability.ts). */
    availability: smallint('availability').notNull(),
    /** Stock type bits: stocked 1, unstocked 2, temp_out_of_stock 4. */
    stockType: smallint('stock_type').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_pk', columns: [t.articleId, t.warehouseId] }),
    // Rows that are not plainly sellable (hidden, hidden price or hidden stock, or not
    // sellable) in a warehouse: small, and what listings anti-join against per store.
    // Queries repeat `& 57` literally so the planner can use this partial index.
    index('stock_flagged_idx')
      .on(t.warehouseId, t.articleId)
      .where(sql`(${t.availability} & 57) <> 1`),
  ],
);
