import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { JobRunner, type JobQueue } from './runner.ts';

/**
 * The job runner (ADR 041) on a queue table of its own: every job runs once with two
 * runners (two API processes) at once, a crashed process's job is taken over when its lease
 * ends and failed after the last attempt, a failing job is retried with back-off, and the
 * periodic tasks start and stop without leaving timers.
 */
describe('the background-job runner', () => {
  let t: TestApp;
  const db = () => t.database.database.db;
  const now = () => new Date();

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    await db().execute(
      // run_after a second back: the runner compares with the JS clock in whole milliseconds,
      // and a job inserted in the same millisecond as the claim (microseconds in the database)
      // would otherwise not be due yet (it would wait for the next poll; a flaky test here).
      sql`create table test_jobs (id serial primary key, status text not null default 'queued',
        attempts smallint not null default 0,
        run_after timestamptz not null default now() - interval '1 second',
        locked_until timestamptz, error text, payload text not null)`,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    await db().execute(sql`delete from test_jobs`);
  });

  function runner(run: JobQueue['run'], overrides: Partial<JobQueue> = {}) {
    const jobs = new JobRunner(db(), { log: t.app.log, now });
    jobs.queue({
      name: 'test',
      table: 'test_jobs',
      pollMs: 60_000,
      leaseMs: 60_000,
      maxAttempts: 3,
      run,
      ...overrides,
    });
    return jobs;
  }

  const rows = () =>
    queryRows<{ id: number; status: string; attempts: number; error: string | null }>(
      db(),
      sql`select id, status, attempts, error from test_jobs order by id`,
    );

  it('runs every queued job once with two runners at the same time', async () => {
    await db().execute(
      sql`insert into test_jobs (payload) select 'job ' || g from generate_series(1, 8) g`,
    );
    const ran: number[] = [];
    const work: JobQueue['run'] = async (job) => {
      ran.push(job.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [a, b] = [runner(work), runner(work)];
    const counts = await Promise.all([a.runQueue('test'), b.runQueue('test')]);
    expect(counts[0] + counts[1]).toBe(8);
    expect(new Set(ran).size).toBe(8);
    expect(ran).toHaveLength(8);
    expect((await rows()).every((r) => r.status === 'done' && Number(r.attempts) === 1)).toBe(true);
    // Nothing is left: another run finds nothing.
    expect(await a.runQueue('test')).toBe(0);
  });

  it('takes over a job whose lease ran out; fails one that used every attempt', async () => {
    await db().execute(
      sql`insert into test_jobs (payload, status, attempts, locked_until) values
        ('crashed once', 'running', 1, now() - interval '1 minute'),
        ('still leased', 'running', 1, now() + interval '1 hour'),
        ('crashed thrice', 'running', 3, now() - interval '1 minute')`,
    );
    const ran: number[] = [];
    const jobs = runner(async (job) => {
      ran.push(job.id);
    });
    expect(await jobs.runQueue('test')).toBe(1);
    const [crashedOnce, leased, worn] = await rows();
    expect(ran).toEqual([crashedOnce?.id]);
    expect(crashedOnce).toMatchObject({ status: 'done' });
    expect(Number(crashedOnce?.attempts)).toBe(2);
    expect(leased).toMatchObject({ status: 'running' });
    expect(worn?.status).toBe('failed');
    expect(worn?.error).toBe('Avbröts 3 gånger utan att bli klart (processen stannade).');
  });

  it('retries a failing job later, then fails it with the reason', async () => {
    await db().execute(sql`insert into test_jobs (payload) values ('broken')`);
    const jobs = runner(async () => {
      throw new Error('SMTP svarar inte');
    });
    expect(await jobs.runQueue('test')).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', error: 'SMTP svarar inte' });
    // Back-off: not due again at once.
    expect(await jobs.runQueue('test')).toBe(0);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await db().execute(sql`update test_jobs set run_after = now() - interval '1 second'`);
      expect(await jobs.runQueue('test')).toBe(1);
    }
    [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', error: 'SMTP svarar inte' });
    expect(Number(row?.attempts)).toBe(3);
  });

  it('runs a periodic task at start, and stop() leaves no timer running', async () => {
    const jobs = new JobRunner(db(), { log: t.app.log, now });
    let runs = 0;
    jobs.every({
      name: 'tick',
      everyMs: 20,
      atStart: true,
      run: async () => {
        runs += 1;
      },
    });
    expect(() => jobs.every({ name: 'tick', everyMs: 1, run: async () => 0 })).toThrow();
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 70));
    await jobs.stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(stoppedAt);
    // After stop() a start() does nothing.
    jobs.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs).toBe(stoppedAt);
  });

  it('the app registers its tasks and queues in one runner', async () => {
    // Registered by the contexts; tests run them by name (no timers in tests).
    expect(await t.app.jobs.runTask('message-notices')).toBe(0);
    expect(await t.app.jobs.runTask('storage-removals')).toBe(0);
    expect(await t.app.jobs.runTask('order-export-purge')).toBe(0);
    expect(await t.app.jobs.runQueue('order-export')).toBe(0);
  });
});
