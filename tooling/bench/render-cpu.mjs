#!/usr/bin/env node
// Server CPU per uncached product page (ADR 048): npm run bench:render-cpu (after npm run build).
// Starts the built server twice on one database with RESPONSE_CACHE=off: the web app's API
// calls in process (API_BASE_URL unset) and over loopback HTTP (API_BASE_URL set to the
// server itself, as before ADR 048). For each it renders RENDER_PAGES distinct product pages
// one at a time and reads the server's CPU time (user + system, /proc/<pid>/stat) per page,
// then runs autocannon over the same distinct URLs (BENCH_CONNECTIONS, BENCH_SECONDS).
// Environment: DATABASE_URL (default: PGlite under a scratch DATA_DIR, seeded with SCALE
// products, default 5,000, on the first start; a PostgreSQL URL is used as it is, seeded
// with SCALE products if empty), RENDER_PAGES (default 300), BENCH_PORT (default 3292),
// BENCH_CONNECTIONS (default 10), BENCH_SECONDS (default 10), RENDER_TRANSPORT=in-process
// (only the in-process runs, twice; default both transports, alternating).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const root = new URL('../../', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 3292);
const base = `http://127.0.0.1:${port}`;
const pages = Number(process.env.RENDER_PAGES ?? 300);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const scale = process.env.SCALE ?? '5000';
const dataDir = mkdtempSync(join(tmpdir(), 'bygg-bench-render-'));
// Linux clock ticks per second (USER_HZ), the unit of utime and stime.
const TICKS_PER_SECOND = 100;

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

function start(extraEnv) {
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SCALE: scale,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RESPONSE_CACHE: 'off',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function ready(deadlineMs = 600_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('server not ready');
}

async function productPaths(count) {
  const paths = [];
  for (let page = 1; paths.length < count; page++) {
    const res = await fetch(`${base}/api/v2.0/products/?page=${page}`);
    const body = await res.json();
    if (!body.results?.length) break;
    paths.push(...body.results.map((product) => `/produkt/${product.slug}`));
  }
  return paths.slice(0, count);
}

async function measure(label, extraEnv, paths) {
  const server = start(extraEnv);
  try {
    await ready();
    // JIT and connection warm-up on pages outside the measured set.
    for (const path of paths.slice(pages, pages + 40)) await (await fetch(base + path)).text();
    const before = cpuMs(server.pid);
    const started = performance.now();
    for (const path of paths.slice(0, pages)) {
      const res = await fetch(base + path);
      await res.text();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    }
    const wallMs = (performance.now() - started) / pages;
    const cpuPerPage = (cpuMs(server.pid) - before) / pages;
    const load = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    return {
      transport: label,
      'CPU ms/page': +cpuPerPage.toFixed(1),
      'wall ms/page (1 at a time)': +wallMs.toFixed(1),
      [`pages/s (${connections} conn.)`]: Math.round(load.requests.average),
      'p50 ms': load.latency.p50,
      'p99 ms': load.latency.p99,
      failed: load.non2xx + load.errors + load.timeouts,
    };
  } finally {
    await server.stop();
  }
}

try {
  // The first start seeds the database; its product list serves both runs.
  const seeding = start({});
  await ready();
  const paths = await productPaths(pages + 40 + 400);
  await seeding.stop();
  const rows = [];
  const http = { API_BASE_URL: base };
  const inProcess = ['in process', {}];
  const runs =
    process.env.RENDER_TRANSPORT === 'in-process'
      ? [inProcess, inProcess]
      : [['HTTP (API_BASE_URL)', http], inProcess, ['HTTP (API_BASE_URL)', http], inProcess];
  for (const [label, env] of runs) {
    rows.push(await measure(label, env, paths));
  }
  console.log(
    `Uncached product pages (RESPONSE_CACHE=off), ${pages} distinct pages, ${process.env.DATABASE_URL ? 'PostgreSQL' : `PGlite, ${scale} products`}:`,
  );
  console.table(rows);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
