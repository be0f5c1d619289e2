import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyStatement, encodeCopyRow } from './copy-format.ts';
import { defaultDataDir } from './paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/** The one Drizzle type the apps use, whichever driver runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DriverName = 'pglite' | 'pg';

export type Rows = AsyncIterable<readonly unknown[]> | Iterable<readonly unknown[]>;

export type DatabaseHandle = {
  db: Database;
  driver: DriverName;
  /** The server URL when driver is 'pg'. */
  url: string | undefined;
  /** Bulk-load rows with COPY (text format); returns the number of rows loaded. */
  bulkCopy(table: string, columns: readonly string[], rows: Rows): Promise<number>;
  /** Run `fn` while holding a session-level advisory lock (a no-op lock on PGlite). */
  withAdvisoryLock<T>(key: number, fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Driver client, for the migrator and bulk loading only. */
  readonly raw: { kind: 'pglite'; client: PGlite } | { kind: 'pg'; pool: pg.Pool };
};

export type CreateDatabaseOptions = {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data folder (default <repo>/.data/pglite). */
  dataDir?: string | undefined;
  /** PGlite in memory (tests). */
  inMemory?: boolean | undefined;
  /** node-postgres pool size. */
  poolSize?: number | undefined;
};

/** Lines are joined into chunks of about this many characters before they are sent. */
const COPY_CHUNK_CHARS = 4 * 1024 * 1024;

/**
 * Encodes rows into text chunks. Sync iterables are read synchronously: awaiting each of
 * millions of stock rows would cost more than encoding them.
 */
async function* chunks(rows: Rows, counter: { rows: number }): AsyncGenerator<string> {
  let buffer = '';
  const add = (row: readonly unknown[]) => {
    buffer += encodeCopyRow(row);
    counter.rows++;
  };
  if (Symbol.iterator in rows) {
    for (const row of rows) {
      add(row);
      if (buffer.length >= COPY_CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
  } else {
    for await (const row of rows) {
      add(row);
      if (buffer.length >= COPY_CHUNK_CHARS) {
        yield buffer;
        buffer = '';
      }
    }
  }
  if (buffer.length > 0) yield buffer;
}

export async function createDatabase(opts: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  return opts.url ? createPgDatabase(opts.url, opts.poolSize ?? 10) : createPgliteDatabase(opts);
}

async function createPgliteDatabase(opts: CreateDatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = opts.dataDir ?? defaultDataDir();
    mkdirSync(dataDir, { recursive: true });
  }
  // Not `await PGlite.create()`: the constructor starts the (first-start: multi-second) initdb
  // in the background and every query waits for it, so the server can listen and answer
  // /api/health with 503 while the embedded database is still being created.
  const client = new PGlite({ dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    url: undefined,
    raw: { kind: 'pglite', client },
    async bulkCopy(table, columns, rows) {
      const statement = copyStatement(table, columns, `'/dev/blob'`);
      const counter = { rows: 0 };
      // PGlite reads a whole Blob per COPY, so each chunk is its own COPY to bound memory.
      for await (const chunk of chunks(rows, counter)) {
        await client.query(statement, [], { blob: new Blob([chunk]) });
      }
      return counter.rows;
    },
    async withAdvisoryLock(_key, fn) {
      // PGlite is single-connection and in-process: there is nobody to race with.
      return fn(db);
    },
    async close() {
      await client.waitReady;
      if (!client.closed) await client.close();
    },
  };
}

async function createPgDatabase(url: string, poolSize: number): Promise<DatabaseHandle> {
  // min = max: an opened connection is kept rather than closed after 10 s idle, since each new
  // one starts with a cold backend (catalogue caches, first plans: 20–300 ms on a first
  // search) and a request after a quiet spell would pay for it (apps/api/src/warm-up.ts).
  // allowExitOnIdle: kept idle connections do not hold a script's process open.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    min: poolSize,
    allowExitOnIdle: true,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out one (e.g. pg_terminate_backend mid-transaction): the query in flight
  // rejects and its caller handles that; without a listener the 'error' event kills the process.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    driver: 'pg',
    url,
    raw: { kind: 'pg', pool },
    async bulkCopy(table, columns, rows) {
      const client = await pool.connect();
      const counter = { rows: 0 };
      try {
        const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
        const done = finished(stream);
        for await (const chunk of chunks(rows, counter)) {
          if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
        }
        stream.end();
        await done;
      } finally {
        client.release();
      }
      return counter.rows;
    },
    async withAdvisoryLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(drizzleNodePg({ client, schema }) as unknown as Database);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** Rows of a raw SQL query, the same shape on both drivers. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/** Names already computed, by text (the texts come from a fixed set; the cap is a safeguard). */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 2000;

/** A statement's name: a hash of its text, computed once per text. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `bygg_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Rows of a hot query sent as a named prepared statement: on node-postgres each connection
 * parses it once and PostgreSQL can then reuse its plan, instead of parsing and planning the
 * text on every call (the cart's line query costs more to plan than to run). The name is a
 * hash of the text, so the same name always means the same text on every connection. Only for
 * queries whose text comes from a fixed set (values are parameters, lists are one array
 * parameter): every distinct text stays prepared on each connection it ran on. PGlite has no
 * named statements and runs it like queryRows.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = statementName(built.sql);
  const result = (await db._.session.prepareQuery(built, undefined, name, false).execute()) as {
    rows: T[];
  };
  return result.rows;
}
