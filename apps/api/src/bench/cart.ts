/**
 * Cart and checkout benchmark (issue 5, goal of issue 21), `npm run bench:cart`.
 *
 * On a scratch PostgreSQL database (created and dropped here) it measures, through the whole
 * API in process (Fastify inject: routing, validation, JSON, cookies; no TCP):
 *   - add-to-cart throughput and latency percentiles (POST /api/v1.0/cart/current/item/),
 *   - order placements per second (POST /api/v1.0/cart/current/checkout/),
 * and, side by side in the same run, each phase's own statements replayed on a bare
 * node-postgres pool (no HTTP, validation, cookies, pricing or JSON): the rate and latency the
 * database alone allows for the same work, the ceiling for the API on this machine.
 * Goal (issue 21): add ≥ 0.5 × its replay, order ≥ 0.5 × its replay, p99 of both ≤ 50 ms at
 * 8 concurrent clients. For information it also measures a trivial route (GET
 * /api/v2.0/ping/) through the same in-process client at the same concurrency.
 *
 * Every statement sent on the API's pool is counted (BEGIN and COMMIT included) and, during a
 * measured phase, recorded under the request that sent it (AsyncLocalStorage). The replay runs
 * the requests at the same concurrency, each request's statements in their order, a
 * transaction's on one connection from BEGIN to COMMIT; statements a request sends after its
 * last COMMIT (the order confirmation's bookkeeping, which the API does after replying) run
 * detached, as the API runs them. The add replay runs on the same database after the adds
 * (an add adds its quantity again); the order replay needs the carts as they were before the
 * orders, so before the order phase the database is copied twice and the API and the replay
 * each run on a fresh copy with fresh connections.
 *
 * BENCH_SERVER_URL: the server (default postgres://postgres@127.0.0.1:5432/postgres).
 * BENCH_CONCURRENCY (default 8), BENCH_ADDS (default 4000), BENCH_ORDERS (default 600),
 * BENCH_BROWSERS (default 100: the adds go round them, so each cart ends with ADDS / BROWSERS
 * lines; 1000 gives carts of at most 4 lines),
 * BENCH_POOL (connections of the API's pool and of the replay's, default 10 like the server's),
 * BENCH_REUSE_SEED=1 keeps the seeded database as a template (bench_cart_seed) so the next run
 * copies it instead of seeding for a minute.
 *
 * BENCH_LOG_SQL=1 prints every statement (use with small BENCH_ADDS and BENCH_ORDERS).
 * BENCH_CPU_PROFILE=<dir> writes a V8 CPU profile of each measured phase (add.cpuprofile,
 * order.cpuprofile) so only the requests are in it, not seeding or the replays.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from '@bygg/db/orm';
import { createDatabase } from '@bygg/db/client';
import { migrate } from '@bygg/db/migrate';
import { createTestDatabase } from '@bygg/db/testing';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { Browser, pickupCheckout, stockedArticles } from '../../test/commerce.ts';

const serverUrl = process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const adds = Number(process.env.BENCH_ADDS ?? 4000);
const orders = Number(process.env.BENCH_ORDERS ?? 600);
const browserCount = Number(process.env.BENCH_BROWSERS ?? 100);
const poolSize = Number(process.env.BENCH_POOL ?? 10);
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

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
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

/** A statement as a request sent it: on which of the pool's connections, and what. */
type Sent = { client: number; query: SentQuery };
/** Sent through pool.query: on whichever connection was free. */
const ANY_CONNECTION = -1;

/** The request a statement belongs to: the measured phases run each request inside it. */
const requestContext = new AsyncLocalStorage<number>();

/**
 * Counts every statement sent on the pool's connections (BEGIN and COMMIT included) and, while
 * `recording` is set, keeps a copy of each under the request that sent it (requestContext), so
 * a phase's statements can be replayed without the API (see replay()). `unattributed` counts
 * recorded-phase statements sent outside any request (none expected).
 */
function countQueries(pool: pg.Pool): {
  count: number;
  recording: Sent[][] | null;
  unattributed: number;
} {
  const counter = { count: 0, recording: null as Sent[][] | null, unattributed: 0 };
  const record = (client: number, args: unknown[]) => {
    if (!counter.recording) return;
    const request = requestContext.getStore();
    const list = request === undefined ? undefined : counter.recording[request];
    if (list) list.push({ client, query: copyOfQuery(args) });
    else counter.unattributed++;
  };
  // pool.query (a statement on any connection) is recorded when it is called, in the request's
  // context; the connection it then runs on may be handed over from another request's context.
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    record(ANY_CONNECTION, args);
    return poolQuery(...args);
  };
  const patched = new WeakSet<pg.PoolClient>();
  let clients = 0;
  pool.on('acquire', (client) => {
    if (patched.has(client)) return;
    const id = clients++;
    patched.add(client);
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      counter.count++;
      if (logSql) logStatement(args[0]);
      // pool.query passes a callback (recorded above); a checked-out client's caller does not.
      if (typeof args.at(-1) !== 'function') record(id, args);
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

function textOf(query: SentQuery): string {
  const first = query[0];
  return (typeof first === 'string' ? first : ((first as { text?: string }).text ?? '')).trim();
}
const isBegin = (q: SentQuery) => /^(begin|start transaction)\b/i.test(textOf(q));
const isEnd = (q: SentQuery) => /^(commit|rollback)\b/i.test(textOf(q));

type Runner = (...args: unknown[]) => Promise<unknown>;

/**
 * One request's statements on the bare pool, in their order: a transaction's (BEGIN to COMMIT,
 * the statements the request sent on that connection) on one connection, the others on any.
 * Statements after the request's last COMMIT run on without being waited for (`after`), as
 * the API sends them after its reply.
 */
async function replayRequest(
  bare: pg.Pool,
  sent: readonly Sent[],
): Promise<{ after: Promise<void> }> {
  let lastEnd = -1;
  sent.forEach((s, i) => {
    if (isEnd(s.query)) lastEnd = i;
  });
  const onPool = (q: SentQuery) => (bare.query as unknown as Runner)(...q);
  const inOrder = async (list: readonly Sent[]) => {
    for (let i = 0; i < list.length; i++) {
      const s = list[i] as Sent;
      if (!isBegin(s.query)) {
        await onPool(s.query);
        continue;
      }
      const client = await bare.connect();
      try {
        await client.query(...(s.query as [string]));
        for (i++; i < list.length; i++) {
          const t = list[i] as Sent;
          if (t.client !== s.client) await onPool(t.query);
          else await (client.query as unknown as Runner)(...t.query);
          if (t.client === s.client && isEnd(t.query)) break;
        }
      } finally {
        client.release();
      }
    }
  };
  // Without a transaction every statement is on the request's way.
  const split = lastEnd === -1 ? sent.length : lastEnd + 1;
  await inOrder(sent.slice(0, split));
  // Not awaited here (an async function would wait for a promise it returns).
  return { after: inOrder(sent.slice(split)) };
}

/**
 * The database's share alone: replays the recorded requests (see replayRequest), at the same
 * concurrency, on fresh connections of a bare node-postgres pool (no HTTP, validation,
 * cookies, pricing or JSON). Requests per second and each request's latency.
 */
async function replay(url: string, database: string, requests: readonly Sent[][], size: number) {
  const bare = new pg.Pool({ connectionString: url, max: size });
  try {
    // Open every connection before the clock starts, as the API's pool keeps them open.
    await Promise.all(Array.from({ length: size }, () => bare.query('select 1')));
    const detached: Array<Promise<void>> = [];
    // Measured before the pool ends: a backend's CPU is only counted while it is there.
    const result = await measured(database, () =>
      pool(requests.length, concurrency, async (i) => {
        detached.push((await replayRequest(bare, requests[i] as Sent[])).after);
      }),
    );
    await Promise.all(detached);
    return result;
  } finally {
    await bare.end();
  }
}

/** Runs `count` requests of a phase, each inside requestContext, recording their statements. */
function recordedPool(
  queries: ReturnType<typeof countQueries>,
  count: number,
  job: (i: number) => Promise<void>,
) {
  const recorded: Sent[][] = Array.from({ length: count }, () => []);
  const run = () => {
    queries.recording = recorded;
    return pool(count, concurrency, (i) => requestContext.run(i, () => job(i)));
  };
  return { recorded, run };
}

/** Ends every connection to `database` (its copy needs none), then copies it. */
async function copyDatabase(database: string, copy: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await admin(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}'`,
    );
    try {
      await admin(`create database ${copy} template ${database}`);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
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
  const replayCopy = `${databaseName}_replay`;
  const apiCopy = `${databaseName}_orders`;
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
    const adding = recordedPool(queries, adds, async (i) => {
      const browser = browsers[i % browsers.length] as Browser;
      const article = sameStore[i % sameStore.length];
      const response = await browser.post('/api/v1.0/cart/current/item/', {
        article_id: article?.articleId,
        quantity: 1,
      });
      if (response.statusCode !== 200) failures++;
    });
    const add = await measured(databaseName, () => profiled('add', adding.run));
    queries.recording = null;
    const addQueries = (queries.count - addQueriesBefore) / adds;
    // The same statements again without the API: what the database alone allows.
    const addSql = await replay(scratch.url, databaseName, adding.recorded, poolSize);

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
    await app.checkout.settle();
    // The replay needs the carts as they are now: the API and the replay each get a fresh copy
    // (and fresh connections, warmed below as the replay's are).
    console.log('Copying the database for the order phase and its replay …');
    await copyDatabase(databaseName, replayCopy);
    await copyDatabase(databaseName, apiCopy);
    await admin(`drop database ${databaseName}`);
    await admin(`alter database ${apiCopy} rename to ${databaseName}`);
    await Promise.all(Array.from({ length: poolSize }, () => db.execute(sql`select 1`)));
    let orderFailures = 0;
    const orderQueriesBefore = queries.count;
    const ordering = recordedPool(queries, orders, async (i) => {
      const response = await (buyers[i] as Browser).post(
        '/api/v1.0/cart/current/checkout/',
        pickupCheckout(),
        { 'idempotency-key': `bench-${process.pid}-${i}` },
      );
      if (response.statusCode !== 201) orderFailures++;
    });
    const place = await measured(databaseName, () => profiled('order', ordering.run));
    await app.checkout.settle();
    queries.recording = null;
    // Includes the confirmation e-mail's bookkeeping after the reply (settled above).
    const orderQueries = (queries.count - orderQueriesBefore) / orders;
    const replayUrl = new URL(scratch.url);
    replayUrl.pathname = `/${replayCopy}`;
    const orderSql = await replay(replayUrl.toString(), replayCopy, ordering.recorded, poolSize);
    const orderedInReplay = await countRows(replayUrl.toString(), 'orders');
    const orderedByApi = await countRows(scratch.url, 'orders');

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const latency = (l: number[]) =>
      `p50 ${ms(percentile(l, 50))}, p95 ${ms(percentile(l, 95))}, p99 ${ms(percentile(l, 99))}`;
    const cpu = (phase: { nodeCpuSeconds: number; dbCpuSeconds: number }, n: number) =>
      `${ms((phase.nodeCpuSeconds * 1000) / n)} in this process, ` +
      `${ms((phase.dbCpuSeconds * 1000) / n)} in PostgreSQL, per request`;
    console.log('');
    console.log(`pool ${poolSize} connections, concurrency ${concurrency}`);
    console.log(
      `add to cart     ${adds} requests into ${browserCount} carts (up to ${Math.ceil(adds / browserCount)} lines each), ${failures} failed`,
    );
    console.log(`  throughput    ${add.perSecond.toFixed(0)} req/s`);
    console.log(`  latency       ${latency(add.latencies)}`);
    console.log(`  statements    ${addQueries.toFixed(1)} per request`);
    console.log(`  CPU           ${cpu(add, adds)} (API + inject client)`);
    console.log(`  replayed      ${addSql.perSecond.toFixed(0)} adds/s on a bare pool`);
    console.log(`  latency       ${latency(addSql.latencies)}`);
    console.log(`  CPU           ${cpu(addSql, adds)} (bare pool)`);
    console.log(
      `place order     ${orders} orders of 3 lines, ${orderFailures} failed, ${sent} e-mails`,
    );
    console.log(`  throughput    ${place.perSecond.toFixed(0)} orders/s`);
    console.log(`  latency       ${latency(place.latencies)}`);
    console.log(`  statements    ${orderQueries.toFixed(1)} per order (BEGIN/COMMIT included)`);
    console.log(`  CPU           ${cpu(place, orders)} (API + inject client)`);
    console.log(
      `  replayed      ${orderSql.perSecond.toFixed(0)} orders/s on a bare pool (${orderedInReplay} of ${orderedByApi} orders written)`,
    );
    console.log(`  latency       ${latency(orderSql.latencies)}`);
    console.log(`  CPU           ${cpu(orderSql, orders)} (bare pool)`);
    console.log(`trivial route   ${ping.perSecond.toFixed(0)} req/s (GET /api/v2.0/ping/)`);
    console.log(`  latency       ${latency(ping.latencies)}`);
    if (queries.unattributed > 0) {
      console.log(`(${queries.unattributed} statements sent outside a request were not replayed)`);
    }
    console.log('');
    printGoals([
      { name: 'add to cart', api: add, replayed: addSql, statements: addQueries },
      { name: 'place order', api: place, replayed: orderSql, statements: orderQueries },
    ]);
  } finally {
    await app.close();
    await database.drop();
    await admin(`drop database if exists ${replayCopy} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

type Phase = { perSecond: number; latencies: number[] };

/** The issue 21 goal per phase: ≥ 0.5 × its replay, p99 ≤ 50 ms. */
function printGoals(
  rows: Array<{ name: string; api: Phase; replayed: Phase; statements: number }>,
) {
  const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const cells = [
    ['', 'API /s', 'replay /s', 'ratio', '≥ 0.5', 'API p99', 'replay p99', '≤ 50 ms', 'stmts/req'],
  ];
  for (const { name, api, replayed, statements } of rows) {
    const ratio = api.perSecond / replayed.perSecond;
    const p99 = percentile(api.latencies, 99);
    cells.push([
      name,
      api.perSecond.toFixed(0),
      replayed.perSecond.toFixed(0),
      ratio.toFixed(2),
      mark(ratio >= 0.5),
      `${p99.toFixed(1)} ms`,
      `${percentile(replayed.latencies, 99).toFixed(1)} ms`,
      mark(p99 <= 50),
      statements.toFixed(1),
    ]);
  }
  const widths = (cells[0] as string[]).map((_, c) =>
    Math.max(...cells.map((r) => r[c]?.length ?? 0)),
  );
  console.log(`goal (issue 21), concurrency ${concurrency}:`);
  for (const row of cells) {
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
  }
}

async function countRows(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

await main();
