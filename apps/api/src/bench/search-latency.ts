// Search latency benchmark: npx tsx apps/api/src/bench/search-latency.ts
// BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server: a scratch database is seeded
// there and dropped after; without one, PGlite in memory), BENCH_SCALE (products, default
// 100000), BENCH_RATE (requests per second of each kind, default 20), BENCH_SECONDS
// (default 20). Grouped searches (5 groups with counts, the preview's count=3) and
// GET /api/v2.0/articles/{id}/ are sent interleaved at a fixed rate through the app's
// request handler; the report gives p50/p99 of each and the p99 ratio. BENCH_SEEDED_URL: an
// already seeded database to use as it is (neither seeded nor dropped), for repeated runs.
// SEARCH_COUNT_CACHE=off: every search counts its products (the uncached figures); the report
// gives the count cache's hit rate either way (contexts/catalogue/search/service.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { seed } from '@bygg/db/seed/index';
import { createDatabase } from '@bygg/db/client';
import { createTestDatabase } from '@bygg/db/testing';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { warmUp } from '../warm-up.ts';
import { searchCacheStats, searchCountCache } from '../contexts/catalogue/index.ts';

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const scale = Number(process.env.BENCH_SCALE ?? 100_000);
const rate = Number(process.env.BENCH_RATE ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const seededUrl = process.env.BENCH_SEEDED_URL;
searchCountCache.enabled = process.env.SEARCH_COUNT_CACHE !== 'off';

/** Queries of every kind the quality benchmark has: words, inflections, compounds, typos, codes. */
const QUERIES = [
  'skruv',
  'skruvar',
  'träskruv',
  'gipsskiva',
  'gipskiva',
  'isolerig',
  'gipsskiveskruv',
  'regel 45x95',
  '45 x 95',
  '12,5 mm',
  'golvlist',
  'plankan',
  'tra',
  'färg',
  'takpannor',
  'spackel',
  'kakelfix',
  'dörr',
  'fönster',
  'lampa',
  'uppsala',
  'kundservice',
  'handske',
  'vattenfast lim',
  'impregnerad bräda',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function main(): Promise<void> {
  const database = seededUrl
    ? {
        database: await createDatabase({ url: seededUrl }),
        url: seededUrl,
        drop: async () => {},
      }
    : await createTestDatabase({ serverUrl });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-bench-'));
  try {
    if (!seededUrl) {
      const report = await seed(database.database, {
        scale,
        now: new Date('2026-11-22T09:00:00Z'),
      });
      const indexStep = report.steps.find((s) => s.step === 'search index');
      console.log(
        `Seeded ${report.scale} products in ${(report.durationMs / 1000).toFixed(1)} s (search index ${((indexStep?.ms ?? 0) / 1000).toFixed(1)} s)`,
      );
    }
    const [{ n: products } = { n: 0 }] = await queryRows<{ n: number }>(
      database.database.db,
      sql`select count(*)::int as n from products`,
    );
    // PGlite runs in this thread: a slow statement stalls every request, so name them.
    const slowStatements: Array<{ ms: number; text: string }> = [];
    const raw = database.database.raw;
    if (raw.kind === 'pglite') {
      const client = raw.client as unknown as {
        query: (...args: unknown[]) => Promise<unknown>;
      };
      const query = client.query.bind(client);
      client.query = async (...args: unknown[]) => {
        const t = performance.now();
        try {
          return await query(...args);
        } finally {
          const ms = performance.now() - t;
          if (ms > 200) {
            const text = `${String(args[0]).replace(/\s+/g, ' ').slice(0, 160)} ${JSON.stringify(args[1] ?? []).slice(0, 200)}`;
            slowStatements.push({ ms, text });
          }
        }
      };
    }
    const app = await buildApp({
      database: database.database,
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    });
    await app.ready();
    // As server.ts does before it opens the start gate.
    const warm = await warmUp(app);
    console.log(
      `Warm-up: ${warm.requests} requests in ${warm.ms.toFixed(0)} ms (${warm.failed} failed)`,
    );
    const articles = (
      await queryRows<{ id: number }>(
        database.database.db,
        sql`select a.id from articles a join products p on p.id = a.product_id
          where 'store-chain' = any(p.organisation_ids) and (a.availability & 9) = 1
          order by a.id limit 2000`,
      )
    ).map((r) => r.id);
    const timings = { search: [] as number[], article: [] as number[] };
    const slowest: Array<{ ms: number; at: number; url: string }> = [];
    const failures: string[] = [];
    let phaseStart = performance.now();
    const timed = async (kind: keyof typeof timings, url: string) => {
      const t = performance.now();
      const res = await app.inject({ url });
      // Counted, not thrown: a rejection while requests are in flight would skip the cleanup.
      if (res.statusCode !== 200) failures.push(`${url}: HTTP ${res.statusCode}`);
      const ms = performance.now() - t;
      timings[kind].push(ms);
      slowest.push({ ms, at: t - phaseStart, url });
    };
    // Warm-up, one query at a time: each query's own latency without queueing.
    const serial: string[] = [];
    for (const q of QUERIES) {
      await timed('search', `/api/v2.0/search/?q=${encodeURIComponent(q)}`);
      serial.push(`${q} ${(timings.search.at(-1) ?? 0).toFixed(0)}`);
    }
    console.log(`One at a time (ms): ${serial.join(', ')}`);
    timings.search = [];
    slowest.length = 0;
    const pool = database.database.raw.kind === 'pg' ? database.database.raw.pool : null;
    const poolBefore = pool?.totalCount;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const gc = { count: 0, ms: 0, max: 0 };
    const gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        gc.count++;
        gc.ms += e.duration;
        gc.max = Math.max(gc.max, e.duration);
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    loop.enable();
    phaseStart = performance.now();
    const total = rate * seconds;
    const interval = 1000 / rate;
    const pending: Array<Promise<void>> = [];
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const q = QUERIES[i % QUERIES.length] as string;
      pending.push(timed('search', `/api/v2.0/search/?q=${encodeURIComponent(q)}&count=3`));
      pending.push(timed('article', `/api/v2.0/articles/${articles[(i * 7) % articles.length]}/`));
    }
    await Promise.all(pending);
    loop.disable();
    gcObserver.disconnect();
    const s = [...timings.search].sort((a, b) => a - b);
    const a = [...timings.article].sort((a, b) => a - b);
    console.log(
      `\n${database.url ? 'PostgreSQL' : 'PGlite'}, ${products} products, ${rate}/s of each for ${seconds} s`,
    );
    console.log(
      `${'call'.padEnd(26)}${'n'.padStart(6)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
    );
    for (const [name, list] of [
      ['search/ (5 groups)', s],
      ['articles/{id}/', a],
    ] as const) {
      console.log(
        `${name.padEnd(26)}${String(list.length).padStart(6)}${percentile(list, 50).toFixed(1).padStart(9)}${percentile(list, 99).toFixed(1).padStart(9)}`,
      );
    }
    if (failures.length > 0)
      console.log(`${failures.length} failed: ${failures.slice(0, 3).join(', ')}`);
    console.log(`p99 ratio search/articles: ${(percentile(s, 99) / percentile(a, 99)).toFixed(2)}`);
    console.log(
      `Event-loop delay p50/p99/max: ${(loop.percentile(50) / 1e6).toFixed(1)}/${(loop.percentile(99) / 1e6).toFixed(1)}/${(loop.max / 1e6).toFixed(1)} ms; GC ${gc.count} pauses, ${gc.ms.toFixed(0)} ms in all, longest ${gc.max.toFixed(1)} ms` +
        (pool ? `; pool connections ${poolBefore} before, ${pool.totalCount} after` : ''),
    );
    console.log(
      `Slowest: ${slowest
        .sort((x, y) => y.ms - x.ms)
        .slice(0, 8)
        .map(
          (r) =>
            `${r.ms.toFixed(0)} ms at ${(r.at / 1000).toFixed(1)} s ${decodeURIComponent(r.url.replace('/api/v2.0/', ''))}`,
        )
        .join('; ')}`,
    );
    if (slowStatements.length > 0) {
      const worst = slowStatements.sort((x, y) => y.ms - x.ms).slice(0, 8);
      console.log(
        `PGlite statements over 200 ms (${slowStatements.length}, slowest first):\n  ${worst.map((w) => `${w.ms.toFixed(0)} ms: ${w.text}`).join('\n  ')}`,
      );
    }
    const counted = searchCacheStats.countHits + searchCacheStats.countMisses;
    console.log(
      `Product counts from the cache: ${searchCacheStats.countHits}/${counted} (${((100 * searchCacheStats.countHits) / Math.max(1, counted)).toFixed(0)} %, SEARCH_COUNT_CACHE=${process.env.SEARCH_COUNT_CACHE ?? 'on'}); vocabulary loads ${searchCacheStats.vocabularyLoads}`,
    );
    await app.close();
  } finally {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
