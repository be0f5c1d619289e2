import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseHandle } from './client.ts';
import { readDbEnv } from './config.ts';
import { migrate } from './migrate.ts';
import { seed, type SeedOptions } from './seed/index.ts';

/** A small catalogue that seeds in a few seconds on PGlite: 300 products, 12 stores. */
export const SMALL_SEED: SeedOptions = {
  scale: 300,
  stores: 12,
  now: new Date('2026-11-22T09:00:00Z'),
};

export type TestDatabase = {
  database: DatabaseHandle;
  /** URL of the throw-away PostgreSQL database; undefined on PGlite. */
  url: string | undefined;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
};

export type TestDatabaseOptions = {
  /** Server to create the database on; default TEST_DATABASE_URL, else PGlite in memory. */
  serverUrl?: string | undefined;
  /** Seed the demo data: true for SMALL_SEED, or seed options of your own. */
  seedSmall?: boolean | SeedOptions | undefined;
};

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A freshly migrated database for one test file: PGlite in memory by default; with
 * TEST_DATABASE_URL a new database `test_<random>` on that server, dropped by drop().
 */
export async function createTestDatabase(opts: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const test = await createMigrated(opts);
  if (opts.seedSmall) {
    try {
      await seed(test.database, opts.seedSmall === true ? SMALL_SEED : opts.seedSmall);
    } catch (error) {
      await test.drop();
      throw error;
    }
  }
  return test;
}

async function createMigrated(opts: TestDatabaseOptions): Promise<TestDatabase> {
  const serverUrl = opts.serverUrl ?? readDbEnv().testDatabaseUrl;
  if (!serverUrl) {
    const database = await createDatabase({ inMemory: true });
    await migrate(database);
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = withDatabaseName(serverUrl, name);
  const database = await createDatabase({ url, poolSize: 5 });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * `db` with every statement counted, plain ones and prepared ones (every statement is a round
 * trip): tests that pin how many a request costs. take() returns the count and resets it.
 */
export function countingDatabase(db: Database) {
  let statements = 0;
  const count = <F extends (...args: never[]) => unknown>(target: object, fn: F) =>
    ((...args: Parameters<F>) => {
      statements++;
      return fn.apply(target, args);
    }) as F;
  const countedSession = (inner: Database['_']['session']) =>
    new Proxy(inner, {
      get(sessionTarget, name, sessionReceiver) {
        const member: unknown = Reflect.get(sessionTarget, name, sessionReceiver);
        if (typeof member !== 'function') return member;
        const bound = (member as (...args: never[]) => unknown).bind(sessionTarget);
        return name === 'prepareQuery' ? count(sessionTarget, bound) : bound;
      },
    });
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'execute' && typeof value === 'function') {
        return count(target, value as (...args: never[]) => unknown);
      }
      if (property === '_') {
        const inner = value as Database['_'];
        return { ...inner, session: countedSession(inner.session) };
      }
      // The query builders (db.select() …) take `this.session`: counted the same way.
      if (property === 'session' && typeof value === 'object' && value !== null) {
        return countedSession(value as Database['_']['session']);
      }
      return value;
    },
  });
  return {
    db: proxy as Database,
    take() {
      const taken = statements;
      statements = 0;
      return taken;
    },
  };
}
