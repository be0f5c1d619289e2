/**
 * Cart and checkout benchmark (issue 5), `npm run bench:cart`.
 *
 * On a scratch PostgreSQL database (created and dropped here) it measures, through the whole
 * API in process (Fastify inject: routing, validation, JSON, cookies; no TCP):
 *   - add-to-cart throughput and latency percentiles (POST /api/v1.0/cart/current/item/),
 *   - order placements per second (POST /api/v1.0/cart/current/checkout/),
 * and, in the same run, pgbench's TPC-B-like figure (`pgbench -i` then `-T 10 -c 4`) on its
 * own scratch database, so the numbers can be compared on this machine. Goal: ≥ 0.5 × TPC-B.
 * For a second yardstick it also measures a trivial route (GET /api/v2.0/ping/) through the
 * same in-process client at the same concurrency, as the catalogue benchmark does: what share
 * of the API's bare request rate an add and an order keep.
 *
 * It also counts the SQL statements sent per request (every query of every pooled connection,
 * BEGIN and COMMIT included), so a change that adds round trips shows up here.
 *
 * BENCH_SERVER_URL: the server (default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_CONCURRENCY (default 8), BENCH_ADDS (default 4000), BENCH_ORDERS (default 600),
 * BENCH_BROWSERS (default 100: the adds go round them, so each cart ends with ADDS / BROWSERS
 * lines; 1000 gives carts of at most 4 lines),
 * BENCH_POOL (connections of the API's pool, default 10 like the server's),
 * BENCH_PGBENCH_SECONDS (default 10), BENCH_REUSE_SEED=1 keeps the seeded database as a
 * template (bench_cart_seed) so the next run copies it instead of seeding for a minute.
 * To tell the database's share from the API's, the add phase's statements are recorded and then
 * replayed, in order and at the same concurrency, on a bare node-postgres pool: the add rate the
 * database alone allows, the ceiling for the API on this machine.
 *
 * BENCH_LOG_SQL=1 prints every statement (use with small BENCH_ADDS and BENCH_ORDERS).
 * BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of each measured phase (add.cpuprofile,
 * order.cpuprofile) so only the requests are in it, not seeding or pgbench.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from '@bygg/db/orm';
import { createDatabase } from '@bygg/db/client';
import { migrate } from '@bygg/db/migrate';
import { createTestDatabase } from '@bygg/db/testing';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { Browser, pickupCheckout, stockedArticles } from '../../test/commerce.ts';

const run = promisify(execFile);
const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const adds = Number(process.env.BENCH_ADDS ?? 4000);
const orders = Number(process.env.BENCH_ORDERS ?? 600);
const browserCount = Number(process.env.BENCH_BROWSERS ?? 100);
const poolSize = Number(process.env.BENCH_POOL ?? 10);
const pgbenchSeconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const reuseSeed = process.env.BENCH_REUSE_SEED === '1';
const SEED_TEMPLATE = 'bench_cart_seed';
const now = new Date('2026-11-22T09:00:00Z');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Runs `jobs` with at most `limit` in flight; returns each job's latency in ms. */
async function pool(count: number, limit: number, job: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        await job(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, perSecond: count / seconds, latencies };
}

/** CPU seconds (user + system) used so far by the PostgreSQL backends serving `database`. */
async function backendCpuSeconds(database: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    );
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // A backend on another machine or already gone: not counted.
      }
    }
    return ticks / 100; // USER_HZ is 100 on Linux
  } finally {
    await client.end();
  }
}

/**
 * Where the time of a phase went: CPU of this process (API and in-process client together)
 * and of the database's backends, per request.
 */
async function measured<T>(
  database: string,
  fn: () => Promise<T>,
): Promise<T & { nodeCpuSeconds: number; dbCpuSeconds: number }> {
  const db0 = await backendCpuSeconds(database);
  const cpu0 = process.cpuUsage();
  const result = await fn();
  const cpu = process.cpuUsage(cpu0);
  const db1 = await backendCpuSeconds(database);
  return { ...result, nodeCpuSeconds: (cpu.user + cpu.system) / 1e6, dbCpuSeconds: db1 - db0 };
}

/** Runs `fn` under the V8 profiler when BENCH_CPU_PROFILE names a folder (see the header). */
async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

function pgbenchPath(): string {
  for (const dir of ['/usr/lib/postgresql']) {
    if (!existsSync(dir)) continue;
    for (const version of readdirSync(dir).sort().reverse()) {
      const candidate = path.join(dir, version, 'bin', 'pgbench');
      if (existsSync(candidate)) return candidate;
    }
  }
  return 'pgbench';
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** pgbench TPC-B-like tps on its own scratch database (scale 1, 4 clients, 10 s). */
async function pgbenchTps(): Promise<number> {
  const name = `bench_pgbench_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  try {
    const bin = pgbenchPath();
    await run(bin, ['-i', '-q', url.toString()]);
    const { stdout } = await run(bin, [
      '-T',
      String(pgbenchSeconds),
      '-c',
      '4',
      '-j',
      '2',
      url.toString(),
    ]);
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!match) throw new Error(`Could not read pgbench output:\n${stdout}`);
    return Number(match[1]);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** BENCH_LOG_SQL=1: prints each statement's first line, to see what one request sends. */
const logSql = process.env.BENCH_LOG_SQL === '1';
function logStatement(query: unknown): void {
  const text =
    typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '?');
  console.log(`  sql: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
}

/** A statement as node-postgres was asked to run it (the arguments of `client.query`). */
type SentQuery = unknown[];

/**
 * Counts every statement sent on the pool's connections (BEGIN and COMMIT included) and, while
 * `recording` is set, keeps a copy of each, so the add phase's statements can be replayed
 * without the API (see replay()).
 */
function countQueries(pool: pg.Pool): {
  count: number;
  recording: SentQuery[] | null;
} {
  const counter = { count: 0, recording: null as SentQuery[] | null };
  const patched = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (patched.has(client)) return;
    patched.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      counter.count++;
      if (logSql) logStatement(args[0]);
      if (counter.recording) counter.recording.push(copyOfQuery(args));
      return original(...args);
    };
  });
  return counter;
}

/** A reusable copy of `client.query`'s arguments (a config object is consumed by the driver). */
function copyOfQuery(args: unknown[]): SentQuery {
  const [first, ...rest] = args;
  const values = rest.filter((a) => typeof a !== 'function'); // a callback is not kept
  if (typeof first === 'string') return [first, ...values];
  const {
    name,
    text,
    values: own,
    rowMode,
    types,
  } = first as pg.QueryConfig & {
    rowMode?: string;
    types?: unknown;
  };
  return [{ name, text, values: own, rowMode, types }, ...values];
}

/**
 * The database's share alone: replays the recorded statements, in order and at the same
 * concurrency, on fresh connections of a bare node-postgres pool (no HTTP, validation, cookies,
 * pricing or JSON). Statements per second; each was already run once, so an add adds its
 * quantity again (the carts keep their lines, as in the measured phase).
 */
async function replay(url: string, database: string, statements: SentQuery[], size: number) {
  const bare = new pg.Pool({ connectionString: url, max: size });
  try {
    const run = (q: SentQuery) =>
      (bare.query as unknown as (...args: unknown[]) => Promise<unknown>)(...q);
    // Warm the connections (and their prepared statements) before the clock starts.
    await Promise.all(statements.slice(0, size * 4).map(run));
    // Measured before the pool ends: a backend's CPU is only counted while it is there.
    return await measured(database, () =>
      pool(statements.length, concurrency, async (i) => {
        await run(statements[i] as SentQuery);
      }),
    );
  } finally {
    await bare.end();
  }
}

/** A scratch copy of the seeded database: from the kept template, or seeded now. */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_cart_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  if (reuseSeed) {
    const probe = new pg.Client({ connectionString: serverUrl });
    await probe.connect();
    const exists = await probe
      .query('select 1 from pg_database where datname = $1', [SEED_TEMPLATE])
      .finally(() => probe.end());
    if (exists.rowCount) {
      console.log(`Copying the kept seed ${SEED_TEMPLATE} …`);
      await admin(`create database ${name} template ${SEED_TEMPLATE}`);
      return { url: url.toString(), drop };
    }
  }
  console.log(`Seeding a scratch database on ${url.host} …`);
  const seeded = await createTestDatabase({
    serverUrl,
    seedSmall: { scale: 2000, stores: 12, now },
  });
  await seeded.database.close();
  const seededName = new URL(seeded.url ?? '').pathname.slice(1);
  await admin(`alter database ${seededName} rename to ${name}`);
  if (reuseSeed) await admin(`create database ${SEED_TEMPLATE} template ${name}`);
  return { url: url.toString(), drop };
}

async function main() {
  const scratch = await scratchDatabase();
  const databaseName = new URL(scratch.url).pathname.slice(1);
  const handle = await createDatabase({ url: scratch.url, poolSize });
  // A kept seed may predate the newest migrations.
  await migrate(handle);
  const database = {
    database: handle,
    async drop() {
      await handle.close();
      await scratch.drop();
    },
  };
  if (handle.raw.kind !== 'pg') throw new Error('The benchmark needs PostgreSQL');
  const queries = countQueries(handle.raw.pool);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-bench-cart-'));
  let sent = 0;
  const app = await buildApp({
    database: database.database,
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    clock: () => now,
    rateLimits: false,
    // Confirmation e-mails are not what is measured; counting them keeps them honest.
    mailer: { send: async () => void sent++ },
  });
  await app.ready();
  try {
    const db = database.database.db;
    const articles = await stockedArticles(db, 10, 400);
    if (articles.length === 0) throw new Error('No stocked articles in the seed');
    const storeId = articles[0]?.storeId ?? 0;
    const sameStore = articles.filter((a) => a.storeId === storeId);
    // Plenty of stock: the benchmark measures throughput, not running out.
    await db.execute(
      sql`update stock set quantity_on_hand = 1000000 where quantity_on_hand is not null`,
    );

    // --- the yardstick: a trivial route through the same stack -------------------------------
    const pinger = new Browser(app);
    const ping = await pool(adds, concurrency, async () => {
      const response = await pinger.get('/api/v2.0/ping/');
      if (response.statusCode !== 200) throw new Error(`ping answered ${response.statusCode}`);
    });

    // --- add to cart: BENCH_BROWSERS browsers, each adding articles in turn ----------------
    const browsers = Array.from({ length: browserCount }, () => {
      const b = new Browser(app);
      b.cookies.set('bygg_store', String(storeId));
      return b;
    });
    let failures = 0;
    const addQueriesBefore = queries.count;
    const sentByAdds: SentQuery[] = [];
    queries.recording = sentByAdds;
    const add = await measured(databaseName, () =>
      profiled('add', () =>
        pool(adds, concurrency, async (i) => {
          const browser = browsers[i % browsers.length] as Browser;
          const article = sameStore[i % sameStore.length];
          const response = await browser.post('/api/v1.0/cart/current/item/', {
            article_id: article?.articleId,
            quantity: 1,
          });
          if (response.statusCode !== 200) failures++;
        }),
      ),
    );
    queries.recording = null;
    const addQueries = (queries.count - addQueriesBefore) / adds;
    // The same statements again without the API: what the database alone allows.
    const addSql = await replay(scratch.url, databaseName, sentByAdds, poolSize);
    const addSqlPerSecond = addSql.perSecond / addQueries;

    // --- order placement: carts of 3 lines, placed concurrently -----------------------------
    const buyers: Browser[] = [];
    for (let i = 0; i < orders; i++) {
      const b = new Browser(app);
      b.cookies.set('bygg_store', String(storeId));
      for (let k = 0; k < 3; k++) {
        await b.post('/api/v1.0/cart/current/item/', {
          article_id: sameStore[(i + k) % sameStore.length]?.articleId,
          quantity: 1 + k,
        });
      }
      buyers.push(b);
    }
    let orderFailures = 0;
    await app.checkout.settle();
    const orderQueriesBefore = queries.count;
    const place = await measured(databaseName, () =>
      profiled('order', () =>
        pool(orders, concurrency, async (i) => {
          const response = await (buyers[i] as Browser).post(
            '/api/v1.0/cart/current/checkout/',
            pickupCheckout(),
            { 'idempotency-key': `bench-${process.pid}-${i}` },
          );
          if (response.statusCode !== 201) orderFailures++;
        }),
      ),
    );
    await app.checkout.settle();
    // Includes the confirmation e-mail's bookkeeping after the reply (settled above).
    const orderQueries = (queries.count - orderQueriesBefore) / orders;

    console.log(`Running pgbench (TPC-B-like, scale 1, -c 4, ${pgbenchSeconds} s) …`);
    const tps = await pgbenchTps();

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const latency = (l: number[]) =>
      `p50 ${ms(percentile(l, 50))}, p95 ${ms(percentile(l, 95))}, p99 ${ms(percentile(l, 99))}`;
    const cpu = (phase: { nodeCpuSeconds: number; dbCpuSeconds: number }, n: number) =>
      `${ms((phase.nodeCpuSeconds * 1000) / n)} in this process (API + inject client), ` +
      `${ms((phase.dbCpuSeconds * 1000) / n)} in PostgreSQL, per request`;
    console.log('');
    console.log(`pool ${poolSize} connections, concurrency ${concurrency}`);
    console.log(
      `add to cart     ${adds} requests into ${browserCount} carts (up to ${Math.ceil(adds / browserCount)} lines each), ${failures} failed`,
    );
    console.log(`  throughput    ${add.perSecond.toFixed(0)} req/s`);
    console.log(`  latency       ${latency(add.latencies)}`);
    console.log(`  statements    ${addQueries.toFixed(1)} per request`);
    console.log(`  CPU           ${cpu(add, adds)}`);
    console.log(
      `  SQL alone     ${addSqlPerSecond.toFixed(0)} adds/s: the same ${sentByAdds.length} statements replayed on a bare node-postgres pool (no API)`,
    );
    console.log(
      `                ${cpu(addSql, sentByAdds.length / addQueries).replace('(API + inject client)', '(bare pool)')}`,
    );
    console.log(
      `place order     ${orders} orders of 3 lines, ${orderFailures} failed, ${sent} e-mails`,
    );
    console.log(`  throughput    ${place.perSecond.toFixed(0)} orders/s`);
    console.log(`  latency       ${latency(place.latencies)}`);
    console.log(`  statements    ${orderQueries.toFixed(1)} per order (BEGIN/COMMIT included)`);
    console.log(`  CPU           ${cpu(place, orders)}`);
    console.log(`trivial route   ${ping.perSecond.toFixed(0)} req/s (GET /api/v2.0/ping/)`);
    console.log(`  latency       ${latency(ping.latencies)}`);
    console.log(`pgbench TPC-B   ${tps.toFixed(0)} tps`);
    console.log(
      `ratio           add ${(add.perSecond / tps).toFixed(2)} × TPC-B, orders ${(place.perSecond / tps).toFixed(2)} × TPC-B (goal ≥ 0.5)`,
    );
    console.log(
      `                add ${(add.perSecond / ping.perSecond).toFixed(2)} × the trivial route, orders ${(place.perSecond / ping.perSecond).toFixed(2)} × the trivial route`,
    );
    console.log(
      `                the add's SQL alone ${(addSqlPerSecond / tps).toFixed(2)} × TPC-B (the most the API could reach with no cost of its own)`,
    );
  } finally {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
