import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per completed demo-data seed; its presence tells the API the data is loaded. */
export const schemaSeed = pgTable('schema_seed', {
  id: serial('id').primaryKey(),
  seedVersion: text('seed_version').notNull(),
  scale: integer('scale').notNull(),
  storeCount: integer('store_count').notNull(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull(),
  /** The `now` the demo data was generated relative to. */
  dataNow: timestamp('data_now', { withTimezone: true }).notNull(),
  durationMs: integer('duration_ms').notNull(),
});

/**
 * Indexes and foreign keys the seed dropped for its bulk load (seed/deferred-ddl.ts), with the
 * statement that makes each again. Rows exist only while a seed runs: one that was stopped
 * half-way leaves them, and the next seed (or migrate) recreates them first.
 */
export const seedDeferredDdl = pgTable('seed_deferred_ddl', {
  name: text('name').primaryKey(),
  tableName: text('table_name').notNull(),
  /** 'index' or 'foreign key'; indexes are made first, foreign keys check against them. */
  kind: text('kind').notNull(),
  statement: text('statement').notNull(),
});
