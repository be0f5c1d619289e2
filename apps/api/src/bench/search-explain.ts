// Where a grouped search spends its time: npx tsx apps/api/src/bench/search-explain.ts
// SEARCH_COUNT_CACHE=off shows the product count statement too. BENCH_SEEDED_URL (a seeded PostgreSQL database, e.g. one seeded with `npm run seed` and
// DATABASE_URL), SEARCH_QUERIES (comma-separated, default a broad, a narrow, a typo and a
// code query), SEARCH_EXTRA (more query string, e.g. '&store_id=12'), SEARCH_PATH (default
// '/api/v2.0/search/?count=3&q='; e.g. '/api/v2.0/products/?q=' for the listing), EXPLAIN_SQL=1 to print
// each statement's text. Sends GET /api/v2.0/search/ once per query through the app, records
// every statement the request sends (node-postgres Client.query), then runs EXPLAIN (ANALYZE,
// BUFFERS) of each SELECT on its own connection and prints the statement count, the time of
// each statement and the plan's execution time.
// EXPLAIN_PATHS: whole request paths separated by spaces (e.g. listings with store, category and
// sort) instead of the queries. EXPLAIN_WARM: paths requested once before the first recorded
// one, instead of each path itself (so a path's own count is not cached: the long tail); the
// precomputed sort keys are built and awaited before recording.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '@bygg/db/client';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { searchCountCache } from '../contexts/catalogue/index.ts';

const url = process.env.BENCH_SEEDED_URL;
if (!url) throw new Error('BENCH_SEEDED_URL is required (a seeded PostgreSQL database)');
const queries = (process.env.SEARCH_QUERIES ?? 'skruv,gipsskiveskruv,isolerig,45 x 95')
  .split(',')
  .map((q) => q.trim())
  .filter(Boolean);
const extra = process.env.SEARCH_EXTRA ?? '';
const base = process.env.SEARCH_PATH ?? '/api/v2.0/search/?count=3&q=';
const targets = process.env.EXPLAIN_PATHS
  ? process.env.EXPLAIN_PATHS.split(/\s+/).filter(Boolean)
  : queries.map((q) => `${base}${encodeURIComponent(q)}${extra}`);
const warmPaths = process.env.EXPLAIN_WARM?.split(/\s+/).filter(Boolean) ?? null;
// SEARCH_COUNT_CACHE=off: the product count statement is sent (and explained) every time.
searchCountCache.enabled = process.env.SEARCH_COUNT_CACHE !== 'off';

type Sent = { text: string; values: unknown[]; ms: number; settings: boolean };
/** Clients inside a transaction that set the search planner settings (withSearchSettings). */
const withSettings = new WeakSet<object>();
let recording: Sent[] | null = null;

// Every statement of the app goes through Client.query (pool.query checks a client out).
const clientProto = pg.Client.prototype as unknown as {
  query: (this: pg.Client, ...args: unknown[]) => unknown;
};
const originalQuery = clientProto.query;
clientProto.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const values = Array.isArray(args[1])
    ? (args[1] as unknown[])
    : typeof first === 'string'
      ? []
      : ((first?.values ?? []) as unknown[]);
  if (/set_config\('max_parallel_workers_per_gather'/.test(text)) withSettings.add(this);
  if (/^(commit|rollback)/i.test(text.trim())) withSettings.delete(this);
  const settings = withSettings.has(this);
  if (!recording || !text) return originalQuery.apply(this, args);
  const sent: Sent = { text, values, ms: 0, settings };
  recording.push(sent);
  const t = performance.now();
  const done = () => {
    sent.ms = performance.now() - t;
  };
  // pool.query passes a callback; drizzle's transactions await the returned promise.
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...results: unknown[]) => {
      done();
      return (callback as (...r: unknown[]) => unknown)(...results);
    };
  }
  const result = originalQuery.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    void (result as Promise<unknown>).then(done, done);
  }
  return result;
};

/** Starts the sort keys' build (a sorted request) and waits until it is committed. */
async function sortKeysBuilt(app: Awaited<ReturnType<typeof buildApp>>, client: pg.Client) {
  await app.inject({ url: '/api/v2.0/products/?sort=price' });
  for (let i = 0; i < 600; i++) {
    const { rows } = await client.query('select count(*)::int as n from product_sort_key_state');
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The sort keys were not built');
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

async function main(): Promise<void> {
  const database = await createDatabase({ url });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-explain-'));
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  try {
    const app = await buildApp({
      database,
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    });
    await app.ready();
    if (warmPaths) {
      for (const warm of warmPaths) await app.inject({ url: warm });
      await sortKeysBuilt(app, explainer);
    }
    for (const target of targets) {
      if (!warmPaths) await app.inject({ url: target }); // warm
      recording = [];
      const t = performance.now();
      const res = await app.inject({ url: target });
      const total = performance.now() - t;
      const sent = recording;
      recording = null;
      const body = res.json<{ counts?: Record<string, number> }>();
      console.log(
        `\n=== ${target}: HTTP ${res.statusCode} in ${total.toFixed(1)} ms, ${sent.length} statements, counts ${JSON.stringify(body.counts)}`,
      );
      for (const s of sent) {
        const line = oneLine(s.text);
        const isSelect = /^(with|select)\b/i.test(line);
        let plan = '';
        if (isSelect && !/set_config/.test(line)) {
          await explainer.query('begin');
          if (s.settings) {
            await explainer.query(`set local max_parallel_workers_per_gather = 0;
              set local jit = off; set local random_page_cost = 1.1`);
          }
          const explained = await explainer.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers, timing off) ${s.text}`,
            s.values,
          );
          await explainer.query('rollback');
          const lines = explained.rows.map((r) => r['QUERY PLAN']);
          const exec = lines.find((l) => l.startsWith('Execution Time')) ?? '';
          const planning = lines.find((l) => l.startsWith('Planning Time')) ?? '';
          plan = `  [${planning}; ${exec}]`;
          if (process.env.EXPLAIN_PLANS === '1') plan += `\n${lines.join('\n')}`;
        }
        console.log(`${s.ms.toFixed(1).padStart(7)} ms  ${line.slice(0, 110)}${plan}`);
        if (process.env.EXPLAIN_SQL === '1')
          console.log(`  ${line}\n  ${JSON.stringify(s.values)}`);
      }
    }
    await app.close();
  } finally {
    await explainer.end();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
