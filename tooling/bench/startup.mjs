#!/usr/bin/env node
// Measures what the foundation issue asks to report: time from process start to a healthy
// server on a fresh embedded database (migrate + seed) and on a restart, the server's memory
// after start, and the first-load JavaScript of the home page (gzip). Run after `npm run build`:
//   node tooling/bench/startup.mjs            (SCALE defaults to 5000, like npm start)
// It starts the built server on its own port and data directory and stops it again.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLoadJs } from './first-load.mjs';
import { waitFor } from './server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'bygg-startup-'));
const server = new URL('../../apps/api/dist/server.js', import.meta.url).pathname;

function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function run(label) {
  const started = Date.now();
  const child = spawn(process.execPath, [server], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${base}/api/health`, 600_000, 100);
  const healthyMs = Date.now() - started;
  for (const path of ['/', '/404', '/api/v2.0/stores/']) {
    const res = await fetch(base + path);
    await res.arrayBuffer();
    if (path !== '/404' && res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  }
  const answeredMs = Date.now() - started;
  const rss = rssMiB(child.pid);
  const result = { label, healthyMs, answeredMs, rssMiB: rss };
  return { child, result };
}

/** The home page's first-load JavaScript as the server sends it (first-load.mjs, ADR 044). */
async function homeFirstLoadJs() {
  const html = await (await fetch(`${base}/`)).text();
  const result = await firstLoadJs(html, base);
  return {
    files: result.files,
    rawKiB: result.rawKiB,
    gzipKiB: result.gzipKiB,
    brKiB: +(result.brBytes / 1024).toFixed(1),
  };
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

try {
  const first = await run('first start (migrate + seed)');
  const js = await homeFirstLoadJs();
  await stop(first.child);
  const again = await run('restart (already seeded)');
  await stop(again.child);
  console.table([first.result, again.result]);
  console.log('home page first-load JavaScript:', js);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
