import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingDatabase, createTestDatabase, type TestDatabase } from '@bygg/db/testing';
import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../kernel/config.ts';
import { sessionCookie } from '../../../../test/helper.ts';

// Issue 15: sessions live in the database now, and every request with a session cookie asks
// for its row. That must stay one statement (the session joined to its user by primary key),
// and a request without the cookie (almost all storefront traffic) none.

let database: TestDatabase;
let app: FastifyInstance;
let counted: ReturnType<typeof countingDatabase>;
let dataDir: string;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase({ seedSmall: true });
  counted = countingDatabase(database.database.db);
  dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-session-statements-'));
  app = await buildApp({
    database: { ...database.database, db: counted.db },
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
  });
  await app.ready();
  cookie = await sessionCookie(app, {
    username: 'erik.nordin@nordinssnickeri.example',
    password: 'Proffs2026!',
  });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the session, statements per request', () => {
  it('costs nothing without a session cookie and one statement with one', async () => {
    counted.take();
    expect((await app.inject({ url: '/api/v2.0/ping/' })).statusCode).toBe(200);
    expect(counted.take()).toBe(0);
    expect((await app.inject({ url: '/api/v2.0/ping/', headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect(counted.take()).toBe(1);
  });
});
