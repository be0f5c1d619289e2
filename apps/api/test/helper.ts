import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { COOKIE_NAMES, CSRF_HEADER } from '@bygg/contracts/cookies';
import { createTestDatabase, type TestDatabase } from '@bygg/db/testing';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/kernel/config.ts';
import type { Mailer } from '../src/lib/mail.ts';
import type { RateLimitSettings } from '../src/plugins/rate-limit.ts';
import type { SeedState } from '../src/plugins/startup.ts';
import type { OrganisationId } from '@bygg/contracts/common';

/**
 * Logs in through the API and returns the session and its CSRF token cookie as one Cookie
 * header value (unsafe api/proffs calls also need sessionHeaders' CSRF header).
 */
export async function sessionCookie(
  app: FastifyInstance,
  credentials: { username: string; password: string },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/proffs/user/login/',
    payload: credentials,
  });
  const cookie = response.cookies.find((c) => c.name === COOKIE_NAMES.session);
  const csrf = response.cookies.find((c) => c.name === COOKIE_NAMES.csrf);
  if (!cookie || !csrf) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}; ${csrf.name}=${csrf.value}`;
}

/** The headers of a logged-in browser: its cookies and the CSRF header read from them. */
export function sessionHeaders(cookie: string): Record<string, string> {
  const token = /(?:^|;\s*)csrftoken=([^;]*)/.exec(cookie)?.[1];
  return { cookie, ...(token ? { [CSRF_HEADER.toLowerCase()]: token } : {}) };
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * The API on a freshly migrated database seeded with the small demo data set: PGlite in
 * memory by default, a throw-away PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function buildTestApp(
  options: {
    seedState?: SeedState;
    /** Seed the small demo data set (default); false gives an empty, migrated database. */
    seeded?: boolean;
    /** Add routes or hooks before the app is made ready (error-handler and guard tests). */
    extend?: (app: FastifyInstance, database: TestDatabase) => void;
    /** Fix the clock (prices, campaigns, 30-day windows) at an instant. */
    now?: Date;
    /** Request limits other than the defaults (small ones keep limit tests short). */
    rateLimits?: RateLimitSettings;
    /** The deployment's ORGANISATION (default: the store chain). */
    organisation?: OrganisationId;
    /** Where the app's e-mails go (default: .eml files under the test's data folder). */
    mailer?: Mailer;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seedSmall: options.seeded ?? true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(options.organisation ? { ORGANISATION: options.organisation } : {}),
  });
  const app = await buildApp({
    database: database.database,
    config,
    ...(options.seedState ? { seedState: options.seedState } : {}),
    ...(options.now ? { clock: () => options.now as Date } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  options.extend?.(app, database);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
