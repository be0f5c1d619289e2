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
