import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../client.ts';

/**
 * A bulk load without the indexes and foreign keys it would otherwise maintain row by row
 * (the PostgreSQL manual's "Populating a Database": remove indexes and foreign keys, load,
 * recreate them; ADR 050). An index built once from the loaded rows costs a fraction of
 * 100,000 GIN insertions, and a foreign key added afterwards is checked in one join instead of
 * one lookup per row. What ends up in the database is the same: the statements that recreate
 * them are PostgreSQL's own definitions of what was dropped (pg_get_indexdef,
 * pg_get_constraintdef), storage options such as fastupdate = off included.
 *
 * The definitions are kept in seed_deferred_ddl until they are made again, so a seed stopped
 * half-way (Ctrl-C on a first start) leaves them there and the next seed recreates them.
 */

type Deferred = {
  name: string;
  tableName: string;
  kind: 'index' | 'foreign key' | 'triggers';
  statement: string;
};

function nameList(names: readonly string[]) {
  return sql`${`{${names.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
}

/**
 * Drops the secondary indexes (those that back no constraint) and the foreign keys of the given
 * tables, after recording how to make each again. Primary keys and unique constraints stay:
 * the load's own upserts and other tables' foreign keys use them. Returns the number dropped.
 */
export async function deferIndexesAndForeignKeys(
  db: Database,
  tables: readonly string[],
): Promise<number> {
  const found = await queryRows<Deferred>(
    db,
    sql`select i.relname as name, t.relname as "tableName", 'index' as kind,
        pg_get_indexdef(i.oid) as statement
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any(${nameList(tables)})
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
      union all
      select c.conname, t.relname, 'foreign key',
        format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname,
          pg_get_constraintdef(c.oid))
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace
        and t.relname = any(${nameList(tables)})`,
  );
  for (const d of found) {
    // Recorded before it is dropped: a stop in between leaves a row for a thing that still
    // exists, which restoreDeferred skips, never a dropped thing without its row.
    await db.execute(sql`insert into seed_deferred_ddl (name, table_name, kind, statement)
      values (${d.name}, ${d.tableName}, ${d.kind}, ${d.statement}) on conflict (name) do nothing`);
    await db.execute(
      d.kind === 'index'
        ? sql`drop index if exists ${sql.identifier(d.name)}`
        : sql`alter table ${sql.identifier(d.tableName)} drop constraint if exists ${sql.identifier(d.name)}`,
    );
  }
  return found.length;
}

/**
 * Turns off the tables' own triggers for the load (the sort keys' change marks and the stock
 * keys, ADR 053: statement triggers that would otherwise work through every loaded row; the
 * seed rebuilds what they keep afterwards). Recorded like the indexes, so a seed stopped
 * half-way turns them on again first thing next time.
 */
export async function deferTriggers(db: Database, tables: readonly string[]): Promise<number> {
  for (const table of tables) {
    const enable = `ALTER TABLE "${table.replace(/["\\]/g, '')}" ENABLE TRIGGER USER`;
    await db.execute(sql`insert into seed_deferred_ddl (name, table_name, kind, statement)
      values (${`${table}:triggers`}, ${table}, 'triggers', ${enable}) on conflict (name) do nothing`);
    await db.execute(sql.raw(enable.replace('ENABLE', 'DISABLE')));
  }
  return tables.length;
}

/**
 * Makes again what deferIndexesAndForeignKeys dropped (and turns on what deferTriggers turned
 * off): of the given tables, or all. Indexes
 * first (the foreign keys' checks and the rest of the seed read them), each with a generous
 * maintenance_work_mem for its transaction only. Returns the number made.
 */
export async function restoreDeferred(db: Database, tables?: readonly string[]): Promise<number> {
  const pending = await queryRows<Deferred>(
    db,
    sql`select name, table_name as "tableName", kind, statement from seed_deferred_ddl
      ${tables ? sql`where table_name = any(${nameList(tables)})` : sql``}
      order by kind = 'foreign key', name`,
  );
  for (const d of pending) {
    await db.transaction(async (tx) => {
      // Turning triggers on again is idempotent: always done.
      const [exists] = await queryRows<{ exists: boolean }>(
        tx,
        d.kind === 'triggers'
          ? sql`select false as exists`
          : d.kind === 'index'
            ? sql`select to_regclass(${d.name}) is not null as exists`
            : sql`select exists (select 1 from pg_constraint
              where conname = ${d.name} and conrelid = to_regclass(${d.tableName})) as exists`,
      );
      if (!exists?.exists) {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql.raw(d.statement));
      }
      await tx.execute(sql`delete from seed_deferred_ddl where name = ${d.name}`);
    });
  }
  return pending.length;
}
