import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SESSION_SECRET } from '@bygg/contracts/cookies';
import { STARTING_MESSAGE, type SeedState } from '../src/plugins/startup.ts';
import { buildTestApp, type TestApp } from './helper.ts';

describe('the server process', () => {
  it('refuses to start outside tests with the session secret of the repository', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bygg-startup-test-'));
    try {
      const server = fileURLToPath(new URL('../src/server.ts', import.meta.url));
      const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          SESSION_SECRET: DEV_SESSION_SECRET,
          DATA_DIR: dataDir,
          PORT: '0',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('SESSION_SECRET står i källkoden');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('while the database is being seeded', () => {
  const seedState: SeedState = { phase: 'seeding' };
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, seedState });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reports 503 seeding on /api/health', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'starting', database: 'seeding' });
  });

  it('answers other API requests with 503 and the Swedish starting message', async () => {
    const response = await t.app.inject({ url: '/api/v2.0/stores/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ statusCode: 503, message: STARTING_MESSAGE });
  });

  it('answers page requests with a small Swedish HTML page', async () => {
    const response = await t.app.inject({ url: '/butiker' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(STARTING_MESSAGE);
  });

  it('opens once the phase is ready', async () => {
    seedState.phase = 'ready';
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ready' });
  });
});
