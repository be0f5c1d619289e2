#!/usr/bin/env node
// Lighthouse mobile (issue 21): npm run bench:lighthouse (after `npm run build`).
// Starts the built server (scratch embedded database, SCALE products, like bytes.mjs) and runs
// Lighthouse 12.2.3 — pinned: later releases need Node 22 — through `npm exec` (fetched from the
// npm registry on first use, never a project dependency: CI does not need it) against Debian's
// Chromium, with Lighthouse's default mobile emulation and simulated throttling, for home, a
// category listing, a product page and search. Each page is measured as a first visit (the
// consent banner shows) and as a returning visitor (consent answered). It prints performance
// and accessibility scores with LCP, FCP, TBT and CLS against the goals (performance ≥ 95,
// accessibility 100). Simulated throttling scales the CPU time it observes: run it on a quiet
// machine, and read a busy machine's figures as a lower bound.
//
// Environment: BENCH_BASE_URL (measure a running server), BENCH_SCALE (default 5000),
// BENCH_PORT (default 3294), CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (runs per
// page, the median is reported; default 1).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startBuiltServer, waitFor } from './server.mjs';

const run = promisify(execFile);
const port = Number(process.env.BENCH_PORT ?? 3294);
const base = process.env.BENCH_BASE_URL ?? `http://127.0.0.1:${port}`;
const scale = Number(process.env.BENCH_SCALE ?? 5000);
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE = 'lighthouse@12.2.3';
const GOALS = { performance: 95, accessibility: 100 };
const VISITS = [
  { label: 'first visit', cookie: null },
  { label: 'returning', cookie: 'bygg_consent=true; bygg_marketing=false' },
];

async function lighthouse(url, cookie, outDir) {
  const output = join(outDir, `report-${Date.now()}.json`);
  const args = [
    'exec',
    '--yes',
    `--package=${LIGHTHOUSE}`,
    '--',
    'lighthouse',
    url,
    '--quiet',
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${output}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  await run('npm', args, {
    env: { ...process.env, CHROME_PATH: chromePath },
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpElement:
      firstNode(report.audits['largest-contentful-paint-element']?.details)?.selector ?? '',
  };
}

/** The first DOM node an audit's details name (their nesting differs between audit kinds). */
function firstNode(value) {
  if (!value || typeof value !== 'object') return null;
  if (value.type === 'node' && typeof value.selector === 'string') return value;
  for (const child of Object.values(value)) {
    const found = firstNode(child);
    if (found) return found;
  }
  return null;
}

/** The run with the median performance score. */
function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

async function main() {
  const server = startBuiltServer({ port, scale, name: 'lighthouse' });
  const outDir = mkdtempSync(join(tmpdir(), 'bygg-lighthouse-'));
  let below = false;
  try {
    await waitFor(`${base}/api/health`, 15 * 60_000);
    const listing = await (await fetch(new URL('/api/v2.0/products/', base))).json();
    const slug = listing.results?.[0]?.slug;
    const homeHtml = await (await fetch(base)).text();
    const category = /href="(\/produkter\/[^"?#]+)"/.exec(homeHtml)?.[1];
    if (!slug || !category) throw new Error('No product or category to measure');
    const pages = [
      ['home', '/'],
      ['listing', category],
      ['product', `/produkt/${slug}`],
      ['search', '/sok?q=skruv'],
    ];
    // A first request of each page warms the server's own caches (a cold start is measured by
    // bench:startup; Lighthouse measures the page as a shopper's browser gets it).
    for (const [, path] of pages) await (await fetch(new URL(path, base))).arrayBuffer();
    console.log(
      `Lighthouse ${LIGHTHOUSE.split('@')[1]} mobile (simulated throttling) on ${base}, ` +
        `${runs} run(s) a page, median; goals: performance ≥ ${GOALS.performance}, ` +
        `accessibility ${GOALS.accessibility}\n`,
    );
    console.log(
      `${'page'.padEnd(9)}${'visit'.padEnd(13)}${'perf'.padStart(5)}${'a11y'.padStart(6)}${'LCP'.padStart(8)}${'FCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(7)}  goal  LCP element`,
    );
    for (const [name, path] of pages) {
      for (const visit of VISITS) {
        const results = [];
        for (let i = 0; i < runs; i += 1) {
          results.push(await lighthouse(new URL(path, base).href, visit.cookie, outDir));
        }
        const r = median(results);
        const ok = r.performance >= GOALS.performance && r.accessibility >= GOALS.accessibility;
        if (!ok) below = true;
        console.log(
          `${name.padEnd(9)}${visit.label.padEnd(13)}${String(r.performance).padStart(5)}${String(r.accessibility).padStart(6)}${seconds(r.lcp)}${seconds(r.fcp)}${`${Math.round(r.tbt)} ms`.padStart(8)}${r.cls.toFixed(3).padStart(7)}  ${ok ? 'OK  ' : 'UNDER'} ${r.lcpElement}`,
        );
      }
    }
    console.log(
      `\n${new URL(base).host}: ${below ? 'some pages under a goal' : 'every page meets the goals'}`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
