import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';

/**
 * The API's one background-job runner (ADR 041): periodic tasks (the message-notice sweep,
 * file clean-ups, the order confirmations to retry) and jobs queued in the database (the order
 * export), in every API process at once without running one job twice.
 *
 * A queued job is a row of a queue table with the columns `id`, `status` (queued, running,
 * done, failed), `attempts`, `run_after`, `locked_until` and `error`. A process claims the
 * oldest due row with `for update skip locked` and leases it until `locked_until`; a row left
 * `running` by a crashed process is claimed again once its lease has expired, at most
 * `maxAttempts` times in all, then it is failed with the reason. A failing run is retried
 * after `attempts` minutes (back-off), also at most `maxAttempts` times.
 *
 * Nothing runs by itself until start() (server.ts, after the start-up gate opens); tests run
 * a task or a queue by name (runTask, runQueue) and leak no timers. stop() (app close) clears
 * the timers and waits for what is running.
 */

export type PeriodicTask = {
  name: string;
  everyMs: number;
  /** Also once right after start(). */
  atStart?: boolean;
  run(): Promise<unknown>;
};

/** A queued job as the runner hands it to its handler. */
export type ClaimedJob = { id: number; attempts: number };

export type JobQueue = {
  /** The queue's name (also the log's). */
  name: string;
  /** The queue table (a trusted identifier, never user input). */
  table: string;
  /** How often start() looks for due jobs. */
  pollMs: number;
  /** How long a claim holds before another process may take the job over. */
  leaseMs: number;
  maxAttempts: number;
  /** Does the job's work; the runner marks it done, or queued again / failed on a throw. */
  run(job: ClaimedJob): Promise<void>;
};

/** Every such table's columns and states (trade_export_jobs is one). */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export class JobRunner {
  private readonly tasks = new Map<string, PeriodicTask>();
  private readonly queues = new Map<string, JobQueue>();
  private readonly running = new Map<string, Promise<number>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: { log: FastifyBaseLogger; now: () => Date },
  ) {}

  every(task: PeriodicTask): void {
    if (this.tasks.has(task.name) || this.queues.has(task.name)) {
      throw new Error(`job ${task.name} registered twice`);
    }
    this.tasks.set(task.name, task);
  }

  queue(queue: JobQueue): void {
    if (this.tasks.has(queue.name) || this.queues.has(queue.name)) {
      throw new Error(`job ${queue.name} registered twice`);
    }
    if (!/^[a-z_][a-z0-9_]*$/.test(queue.table)) throw new Error(`bad queue table ${queue.table}`);
    this.queues.set(queue.name, queue);
  }

  /** The timers of every task and queue (server.ts); a second call does nothing. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const task of this.tasks.values()) {
      const tick = () => void this.runTask(task.name).catch(() => undefined);
      if (task.atStart) tick();
      this.timers.push(setInterval(tick, task.everyMs));
    }
    for (const queue of this.queues.values()) {
      const tick = () => void this.runQueue(queue.name).catch(() => undefined);
      tick();
      this.timers.push(setInterval(tick, queue.pollMs));
    }
    for (const timer of this.timers) timer.unref();
  }

  /** Clears the timers and waits for the runs in progress (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.settle();
  }

  /** Waits for the runs in progress. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  /** Runs a periodic task now (one run at a time per process); answers what it returned. */
  runTask(name: string): Promise<number> {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`no task ${name}`);
    return this.once(name, async () => {
      try {
        const result = await task.run();
        return typeof result === 'number' ? result : 0;
      } catch (err) {
        this.options.log.error({ err, task: name }, 'background task failed');
        throw err;
      }
    });
  }

  /** Runs a queue's due jobs one at a time until none is left; answers how many ran. */
  runQueue(name: string): Promise<number> {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`no queue ${name}`);
    return this.once(name, () => this.drain(queue));
  }

  private once(name: string, work: () => Promise<number>): Promise<number> {
    const current = this.running.get(name);
    if (current) return current;
    const run = work().finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  private async drain(queue: JobQueue): Promise<number> {
    let ran = 0;
    await this.failWornOut(queue);
    while (!this.stopped) {
      const job = await this.claim(queue);
      if (!job) return ran;
      ran += 1;
      const table = sql.identifier(queue.table);
      try {
        await queue.run(job);
        await this.db.execute(
          sql`update ${table} set status = 'done', locked_until = null, error = null
            where id = ${job.id} and status = 'running'`,
        );
      } catch (err) {
        this.options.log.error({ err, queue: queue.name, job: job.id }, 'background job failed');
        const failed = job.attempts >= queue.maxAttempts;
        const reason = err instanceof Error ? err.message : String(err);
        await this.db.execute(
          sql`update ${table} set status = ${failed ? 'failed' : 'queued'}, locked_until = null,
            error = ${reason.slice(0, 2000)},
            run_after = ${this.now()}::timestamptz + make_interval(mins => ${job.attempts})
            where id = ${job.id}`,
        );
      }
    }
    return ran;
  }

  private now(): string {
    return this.options.now().toISOString();
  }

  /** Jobs whose every attempt ended with a lost lease (a crashed process): failed, with why. */
  private async failWornOut(queue: JobQueue): Promise<void> {
    const table = sql.identifier(queue.table);
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update ${table} set status = 'failed', locked_until = null,
          error = ${`Avbröts ${queue.maxAttempts} gånger utan att bli klart (processen stannade).`}
        where status = 'running' and locked_until < ${this.now()}::timestamptz
          and attempts >= ${queue.maxAttempts}
        returning id`,
    );
    for (const row of rows) {
      this.options.log.error({ queue: queue.name, job: row.id }, 'background job gave up');
    }
  }

  /** The oldest due job, or one whose lease ran out, leased to this process. */
  private async claim(queue: JobQueue): Promise<ClaimedJob | null> {
    const table = sql.identifier(queue.table);
    const now = this.now();
    const [row] = await queryRows<ClaimedJob>(
      this.db,
      sql`update ${table} j set status = 'running', attempts = j.attempts + 1,
          locked_until = ${now}::timestamptz + make_interval(secs => ${queue.leaseMs / 1000})
        where j.id = (select id from ${table}
          where (status = 'queued' and run_after <= ${now}::timestamptz)
            or (status = 'running' and locked_until < ${now}::timestamptz
              and attempts < ${queue.maxAttempts})
          order by id limit 1 for update skip locked)
        returning j.id, j.attempts`,
    );
    return row ? { id: Number(row.id), attempts: Number(row.attempts) } : null;
  }
}
