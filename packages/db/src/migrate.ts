import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';
import { migrationsFolder } from './paths.ts';

/** Advisory-lock key shared by every process that migrates or seeds the same database. */
export const MIGRATION_LOCK_KEY = 7_310_201;

/**
 * Applies the committed migrations (packages/db/drizzle). Idempotent; on PostgreSQL it holds
 * an advisory lock so two processes starting together do not race.
 */
export async function migrate(database: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  const raw = database.raw;
  if (raw.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: raw.client }), config);
    return;
  }
  const client = await raw.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client }), config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
