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
// page, the median is reported; default 1), LIGHTHOUSE_OUT (a directory to keep the JSON reports
// and traces in, named page-visit-run; by default they go to a temporary directory, removed),
// LIGHTHOUSE_PAGES (a comma-separated subset of home,listing,product,search).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

async function lighthouse(url, cookie, outDir, name) {
  const output = join(outDir, `${name}.json`);
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
    // The trace (report-….trace.json beside the report) names the LCP element when the
    // report's own audit cannot (lcpElement below).
    '--save-assets',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run
  // is tried again, twice at most, rather than ending the bench.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run('npm', args, {
        env: { ...process.env, CHROME_PATH: chromePath },
        maxBuffer: 64 * 1024 * 1024,
      });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      const reason = /\(([A-Z_]+)\)/.exec(String(error.stderr))?.[1] ?? 'failed';
      console.error(`  (${url}: Lighthouse ${reason}, trying again)`);
    }
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const audit = (id) => report.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    lcpElement: lcpElement(report, output.replace(/\.json$/, '-0.trace.json')),
  };
}

/**
 * The LCP element: the `largest-contentful-paint-element` audit's node (12.2.3 gives it as
 * details.items[0].items[0].node, a table inside a list). With the Chromium Debian ships now
 * (M130+ trace format) that audit fails in 12.2.3 — its TraceElements gatherer depends on
 * RootCauses, which throws on the new layout-shift events ("reading 'frame_sequence'") —
 * so the element is read from the saved trace instead: Chromium's last main-frame
 * `largestContentfulPaint::Candidate` names the node ("IMG class='…'"), its type and loading
 * attribute, and the `LargestImagePaint::Candidate` of the same node its image URL.
 */
function lcpElement(report, tracePath) {
  const audit = report.audits['largest-contentful-paint-element'];
  const node = audit?.details?.items?.[0]?.items?.[0]?.node;
  if (node?.selector) return `${node.selector} ${node.snippet ?? ''}`.trim();
  try {
    const trace = JSON.parse(readFileSync(tracePath, 'utf8'));
    const events = Array.isArray(trace) ? trace : trace.traceEvents;
    const candidates = events.filter(
      (event) =>
        event.name === 'largestContentfulPaint::Candidate' &&
        event.args?.data?.isOutermostMainFrame,
    );
    const last = candidates.at(-1)?.args.data;
    if (!last) return `(none: ${audit?.errorMessage ?? 'no candidate in the trace'})`.slice(0, 80);
    const image = events.findLast(
      (event) =>
        event.name === 'LargestImagePaint::Candidate' &&
        event.args?.data?.DOMNodeId === last.nodeId,
    )?.args.data.imageUrl;
    const where = image ? ` ${new URL(image).pathname}` : '';
    const loading = last.loadingAttr ? ` loading=${last.loadingAttr}` : '';
    return `${last.nodeName}${where}${loading} (trace)`;
  } catch (error) {
    return `(no trace: ${error.message})`.slice(0, 80);
  }
}

/** The run with the median performance score. */
function median(results) {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

async function main() {
  const server = startBuiltServer({ port, scale, name: 'lighthouse' });
  const keep = process.env.LIGHTHOUSE_OUT;
  if (keep) mkdirSync(keep, { recursive: true });
  const outDir = keep ?? mkdtempSync(join(tmpdir(), 'bygg-lighthouse-'));
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
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
    if (only) pages.splice(0, pages.length, ...pages.filter(([page]) => only.includes(page)));
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
          const file = `${name}-${visit.cookie ? 'returning' : 'first'}-${i + 1}`;
          results.push(await lighthouse(new URL(path, base).href, visit.cookie, outDir, file));
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
    if (!keep) rmSync(outDir, { recursive: true, force: true });
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
