#!/usr/bin/env node
// Catalogue benchmark (issue 3): npm run bench (after `npm run build`).
// Starts the built server on PostgreSQL in a scratch database it creates, seeds and drops,
// with BENCH_SCALE products (default 100,000), and measures in one run with autocannon:
//   - GET /api/v2.0/products/?store_id= (24 products with price and stock for a store)
//     against GET /api/v2.0/ping/ (a JSON reply that reads nothing) of the same process:
//     throughput ≥ 0.25 × and p99 ≤ 4 × the ping's;
//   - the server-rendered product page against a static file of the same size served by the
//     same server: throughput ≥ 0.30 ×;
//   - first-load JavaScript of the product page (gzip) ≤ 120 KB, read as 120,000 bytes;
//   - the listing sorted by price, discounts and availability (p50/p99, one at a time);
//   - the long tail (issue 21): products/ over distinct store × category × sort URLs, each
//     request a URL no other request of the run asks for (no cached reply or count helps),
//     against the same ping: throughput ≥ 0.25 × and p99 ≤ 4 × the ping's;
//   - product pages over distinct products (issue 21): BENCH_PAGES (default 1,200) product
//     pages, each request a product no other request of the run asks for, against the same
//     static file: throughput ≥ 0.15 × and p50 ≤ 30 ms;
//   - the server's RSS during the run (sampled every 200 ms).
// Environment: BENCH_DATABASE_URL (server; default TEST_DATABASE_URL or the local server),
// BENCH_SCALE, BENCH_SECONDS (per autocannon run, default 10), BENCH_CONNECTIONS (default
// 10), BENCH_PORT (default 3291), BENCH_SEEDED_URL (an already seeded database, used as it
// is: neither seeded nor dropped, for repeated runs), WEB_BUILD_DIR (the web build the server
// serves; default apps/web/build), BENCH_SERVER_ENTRY (the server's built entry; default
// apps/api/dist/server.js), RESPONSE_CACHE=off (measure without the API response and
// page micro-caches of ADR 014; the output says which), BENCH_ONLY=product (only the static
// file and the product pages, one and distinct: no listing runs and no wait for the sort keys).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bothUnits, FIRST_LOAD_LIMIT_BYTES, firstLoadJs, withinLimit } from './first-load.mjs';
import pg from 'pg';
import { waitFor } from './server.mjs';

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const seededUrl = process.env.BENCH_SEEDED_URL;
const scale = Number(process.env.BENCH_SCALE ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3291);
const base = `http://127.0.0.1:${port}`;
const root = new URL('../../', import.meta.url).pathname;
// BENCH_SERVER_ENTRY: another build of the server (e.g. a copy kept for a before/after run).
const serverEntry = process.env.BENCH_SERVER_ENTRY ?? join(root, 'apps/api/dist/server.js');
const webBuildDir = process.env.WEB_BUILD_DIR ?? join(root, 'apps/web/build');
const clientDir = join(webBuildDir, 'client');
const cachesOn = process.env.RESPONSE_CACHE !== 'off';
const STATIC_NAME = `bench-static-${process.pid}.html`;
const onlyProduct = process.env.BENCH_ONLY === 'product';
const distinctPages = Number(process.env.BENCH_PAGES ?? 1200);

const LIMITS = {
  listingThroughput: 0.25,
  listingP99: 4,
  pageThroughput: 0.3,
  distinctPageThroughput: 0.15,
  distinctPageP50: 30,
};

if (!existsSync(serverEntry) || !existsSync(clientDir)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}

async function admin(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function sortKeysBuilt(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from product_sort_key_state where organisation_id = 'store-chain'",
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

function startServer(url, dataDir) {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      SCALE: String(scale),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      WEB_BUILD_DIR: webBuildDir,
      RESPONSE_CACHE: cachesOn ? 'on' : 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const samples = [];
  const timer = setInterval(() => samples.push(rssMiB(child.pid)), 200);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    samples,
    async stop() {
      clearInterval(timer);
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function cannon(title, requests, headers = {}) {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: requests.map((path) => ({ method: 'GET', path })),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    title,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failed,
  };
}

/**
 * Like cannon(), but every request takes the next path of `paths` (shared by all connections),
 * so with more paths than requests no path is asked twice.
 */
async function cannonDistinct(title, paths, headers = {}) {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    title: `${title} (${result.requests.total} requests, ${Math.min(next, paths.length)} URLs)`,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    failed,
  };
}

/** Store × category (two levels, with descendants) × sort listing paths, shuffled. */
async function longTailPaths(url, storeIds) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let categories;
  try {
    ({ rows: categories } = await client.query(
      'select path from categories where level <= 2 order by id',
    ));
  } finally {
    await client.end();
  }
  const sorts = ['popular', 'price', '-price', 'discounts', 'availability'];
  const paths = [];
  for (const store of storeIds)
    for (const { path } of categories)
      for (const sort of sorts)
        paths.push(
          `/api/v2.0/products/?store_id=${store}&category=${encodeURIComponent(path)}&sort=${sort}`,
        );
  // A fixed shuffle (same order every run), so consecutive requests hit different stores.
  let seed = 21;
  for (let i = paths.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const j = seed % (i + 1);
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths;
}

/** Slugs of `count` distinct products, read from the listing 100 at a time. */
async function productSlugs(count) {
  const slugs = [];
  for (let page = 1; slugs.length < count; page++) {
    const { results } = await json(`/api/v2.0/products/?page=${page}&page_size=100`);
    if (results.length === 0) break;
    slugs.push(...results.map((product) => product.slug));
  }
  return slugs.slice(0, count);
}

async function json(path, headers = {}) {
  const res = await fetch(base + path, { headers });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return res.json();
}

async function sortedLatencies(storeId) {
  const rows = [];
  for (const sort of ['price', '-price', 'discounts', 'availability']) {
    for (const store of [null, storeId]) {
      const times = [];
      for (let i = 0; i < 21; i++) {
        const page = 1 + (i % 3);
        const query = `sort=${sort}&page=${page}${store ? `&store_id=${store}` : ''}`;
        const t = performance.now();
        await json(`/api/v2.0/products/?${query}`);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      rows.push({
        sort,
        store: store ?? '—',
        p50ms: +times[10].toFixed(1),
        p99ms: +times[20].toFixed(1),
      });
    }
  }
  return rows;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bygg-bench-catalog-'));
const scratch = `bench_catalog_${process.pid}`;
const url = seededUrl ?? databaseUrl(scratch);
let server;
try {
  if (!seededUrl) await admin(`create database ${scratch}`);
  // First start: migrate and seed (minutes at 100,000 products), then learn the page's size.
  const seedStarted = Date.now();
  server = startServer(url, dataDir);
  await waitFor(`${base}/api/health`, 30 * 60_000, 500);
  console.log(
    `Server ready on ${scale.toLocaleString('en')} products after ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  const stores = await json('/api/v2.0/stores/?count=100');
  const store = stores.results.find((s) => !s.is_central);
  const listing = await json(`/api/v2.0/products/?store_id=${store.id}`);
  const product = listing.results[0];
  const cookie = { cookie: `bygg_store=${store.id}; bygg_consent=true; bygg_marketing=false` };
  const pagePath = `/produkt/${product.slug}`;
  const pageRes = await fetch(base + pagePath, { headers: cookie });
  const html = await pageRes.text();
  if (pageRes.status !== 200) throw new Error(`${pagePath} answered ${pageRes.status}`);
  const js = await firstLoadJs(html, base);
  const pageBytes = Buffer.byteLength(html);
  // The static file server registers its files at start-up: write the file, then restart.
  writeFileSync(join(clientDir, STATIC_NAME), 'x'.repeat(pageBytes));
  await server.stop();
  server = startServer(url, dataDir);
  await waitFor(`${base}/api/health`, 5 * 60_000, 500);
  // The first sorted request starts the build of the listing's sort keys in the background;
  // measure once they exist, as a running shop has them.
  if (!onlyProduct) {
    await json('/api/v2.0/products/?sort=price');
    const keysStarted = Date.now();
    while (!(await sortKeysBuilt(url))) {
      if (Date.now() - keysStarted > 10 * 60_000) throw new Error('The sort keys were not built');
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(`Sort keys built in ${((Date.now() - keysStarted) / 1000).toFixed(0)} s`);
  }

  const listingPaths = [1, 2, 3, 4, 5].map(
    (page) => `/api/v2.0/products/?store_id=${store.id}&page=${page}`,
  );
  // Warm-up, then the measured runs, one after another.
  await cannon('warm-up', listingPaths.slice(0, 1));
  // The page too, one request at a time (no backlog left for the next run): the first renders
  // after a start load modules and fill the database's caches.
  for (let i = 0; i < 5; i++) await (await fetch(base + pagePath, { headers: cookie })).text();
  const pagePaths = (await productSlugs(distinctPages)).map((slug) => `/produkt/${slug}`);
  const rssBefore = rssMiB(server.child.pid);
  server.samples.length = 0;
  const ping = onlyProduct ? null : await cannon('GET /api/v2.0/ping/', ['/api/v2.0/ping/']);
  const products = onlyProduct
    ? null
    : await cannon('GET /api/v2.0/products/ (24, store)', listingPaths);
  const storeIds = stores.results.filter((s) => !s.is_central).map((s) => s.id);
  const longTail = onlyProduct
    ? null
    : await cannonDistinct('products/ store × category × sort', await longTailPaths(url, storeIds));
  const staticFile = await cannon(`static file (${pageBytes} B)`, [`/${STATIC_NAME}`]);
  const page = await cannon(`product page (${pageBytes} B, SSR)`, [pagePath], cookie);
  const pages = await cannonDistinct('product pages, distinct', pagePaths, cookie);
  const sorts = onlyProduct ? null : await sortedLatencies(store.id);
  const rssPeak = Math.max(...server.samples);
  const runs = [ping, products, longTail, staticFile, page, pages].filter(Boolean);

  console.log(
    `\nPostgreSQL, ${scale.toLocaleString('en')} products, ${connections} connections, ${seconds} s per run, response caches ${cachesOn ? 'ON' : 'OFF (RESPONSE_CACHE=off: every request computed)'}`,
  );
  console.table(runs);
  if (sorts) {
    console.log('Sorted listings, one request at a time (ms):');
    console.table(sorts);
  }
  const listingRatios = onlyProduct
    ? []
    : [
        {
          check: 'products/ throughput ÷ ping',
          value: +(products.reqPerSec / ping.reqPerSec).toFixed(2),
          limit: `≥ ${LIMITS.listingThroughput}`,
          ok: products.reqPerSec / ping.reqPerSec >= LIMITS.listingThroughput,
        },
        {
          check: 'products/ p99 ÷ ping p99',
          value: +(products.p99ms / Math.max(ping.p99ms, 1)).toFixed(2),
          limit: `≤ ${LIMITS.listingP99}`,
          ok: products.p99ms / Math.max(ping.p99ms, 1) <= LIMITS.listingP99,
        },
        {
          check: 'long tail products/ throughput ÷ ping',
          value: +(longTail.reqPerSec / ping.reqPerSec).toFixed(2),
          limit: `≥ ${LIMITS.listingThroughput}`,
          ok: longTail.reqPerSec / ping.reqPerSec >= LIMITS.listingThroughput,
        },
        {
          check: 'long tail products/ p99 ÷ ping p99',
          value: +(longTail.p99ms / Math.max(ping.p99ms, 1)).toFixed(2),
          limit: `≤ ${LIMITS.listingP99}`,
          ok: longTail.p99ms / Math.max(ping.p99ms, 1) <= LIMITS.listingP99,
        },
      ];
  const ratios = [
    ...listingRatios,
    {
      check: 'product page throughput ÷ static file',
      value: +(page.reqPerSec / staticFile.reqPerSec).toFixed(2),
      limit: `≥ ${LIMITS.pageThroughput}`,
      ok: page.reqPerSec / staticFile.reqPerSec >= LIMITS.pageThroughput,
    },
    {
      check: 'distinct product pages throughput ÷ static file',
      value: +(pages.reqPerSec / staticFile.reqPerSec).toFixed(3),
      limit: `≥ ${LIMITS.distinctPageThroughput}`,
      ok: pages.reqPerSec / staticFile.reqPerSec >= LIMITS.distinctPageThroughput,
    },
    {
      check: 'distinct product pages p50, ms',
      value: pages.p50ms,
      limit: `≤ ${LIMITS.distinctPageP50}`,
      ok: pages.p50ms <= LIMITS.distinctPageP50,
    },
    {
      check: `product page first-load JS, gzip (${js.files} files)`,
      value: bothUnits(js.gzipBytes),
      limit: `≤ ${bothUnits(FIRST_LOAD_LIMIT_BYTES)}`,
      ok: withinLimit(js.gzipBytes),
    },
    { check: 'server RSS before the runs, MiB', value: rssBefore, limit: '', ok: true },
    { check: 'server RSS peak during the runs, MiB', value: rssPeak, limit: '', ok: true },
  ];
  console.table(ratios);
  const failures = runs.filter((r) => r.failed > 0);
  if (failures.length > 0) {
    console.log(`Failed requests in: ${failures.map((r) => r.title).join(', ')}`);
  }
} finally {
  await server?.stop();
  rmSync(join(clientDir, STATIC_NAME), { force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (!seededUrl) await admin(`drop database if exists ${scratch} with (force)`);
}
