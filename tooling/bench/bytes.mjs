#!/usr/bin/env node
// Bytes on the wire (issue 21, ADR 044): npm run bench:bytes (after `npm run build`).
// Starts the built server (embedded database in a scratch DATA_DIR, SCALE products, like
// startup.mjs) and fetches, each without Accept-Encoding, with `gzip` and with
// `gzip, deflate, br` (what browsers send): home, a category listing, a product page, search,
// the shell stylesheet and the framework script. It prints the body bytes each reply carried
// as sent (before decoding), and per page the first load as the server sends it to a browser:
// the HTML, every stylesheet it links and every script it loads up front (first-load.mjs
// finds them), against issue 21's budget: first-load JavaScript ≤ 120 KB (120,000 bytes).
// Times are not measured here: bytes do not depend on how busy the machine is.
//
// Environment: BENCH_BASE_URL (measure a running server instead of starting one),
// BENCH_SCALE (products; default 5000), BENCH_PORT (default 3293), BENCH_SERVER_ENTRY,
// WEB_BUILD_DIR (as in catalog.mjs). Exit code 1 when a page's JavaScript is over budget or a
// text reply is not compressed for a client that accepts it.
import { bothUnits, FIRST_LOAD_LIMIT_BYTES, firstLoadScripts } from './first-load.mjs';
import { startBuiltServer, waitFor } from './server.mjs';
import { BROWSER_ENCODINGS, fetchWire } from './wire.mjs';

const port = Number(process.env.BENCH_PORT ?? 3293);
const base = process.env.BENCH_BASE_URL ?? `http://127.0.0.1:${port}`;
const scale = Number(process.env.BENCH_SCALE ?? 5000);
/** A first visit: consent answered, so no banner script is counted that a return visit skips. */
const VISITOR = { cookie: 'bygg_consent=true; bygg_marketing=false' };
const ENCODINGS = [
  { label: 'none', acceptEncoding: undefined },
  { label: 'gzip', acceptEncoding: 'gzip' },
  { label: 'br', acceptEncoding: BROWSER_ENCODINGS },
];

/** The same URL with each Accept-Encoding; the decoded bodies must agree. */
async function measure(path) {
  const rows = {};
  for (const { label, acceptEncoding } of ENCODINGS) {
    const reply = await fetchWire(new URL(path, base).href, { acceptEncoding, headers: VISITOR });
    if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
    rows[label] = reply;
  }
  return rows;
}

const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(8);

function printResource(name, path, rows) {
  const plain = rows.none.wireBytes;
  const cells = ENCODINGS.map(({ label }) => `${kb(rows[label].wireBytes)} ${label}`).join('  ');
  const saved = (100 * (1 - rows.br.wireBytes / plain)).toFixed(0);
  console.log(
    `${name.padEnd(12)}${cells}  (br −${saved} %, sent as ${rows.br.encoding}; vary: ${rows.br.vary || '—'})  ${path}`,
  );
}

/** The stylesheets the page's HTML links (render-blocking), without React Router's '#'. */
function stylesheets(html) {
  const hrefs = new Set();
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="stylesheet"/.test(m[0])) continue;
    const href = /\bhref="([^"#]+)#?"/.exec(m[0])?.[1];
    if (href) hrefs.add(href);
  }
  return [...hrefs];
}

async function firstLoad(html) {
  const totals = {
    js: { none: 0, gzip: 0, br: 0 },
    css: { none: 0, gzip: 0, br: 0 },
    files: 0,
  };
  for (const [kind, srcs] of [
    ['js', firstLoadScripts(html)],
    ['css', stylesheets(html)],
  ]) {
    for (const src of srcs) {
      const rows = await measure(src);
      totals.files += 1;
      for (const { label } of ENCODINGS) totals[kind][label] += rows[label].wireBytes;
    }
  }
  return totals;
}

async function main() {
  const server = startBuiltServer({ port, scale, name: 'bytes' });
  let failed = false;
  try {
    await waitFor(`${base}/api/health`, 15 * 60_000);
    const listing = await (await fetch(new URL('/api/v2.0/products/', base))).json();
    const slug = listing.results?.[0]?.slug;
    if (!slug) throw new Error('The API listed no product');
    const home = await measure('/');
    const homeHtml = home.none.body.toString('utf8');
    const category = /href="(\/produkter\/[^"?#]+)"/.exec(homeHtml)?.[1];
    if (!category) throw new Error('The home page links no category listing');
    const pages = [
      ['home', '/'],
      ['listing', category],
      ['product', `/produkt/${slug}`],
      ['search', '/sok?q=skruv'],
    ];
    const css = stylesheets(homeHtml).find((href) => /\/shell-[\w-]+\.css$/.test(href));
    const framework = firstLoadScripts(homeHtml).find((src) => /\/framework-[\w-]+\.js$/.test(src));
    if (!css || !framework)
      throw new Error('No shell stylesheet or framework script on the home page');

    console.log(`Bytes on the wire from ${base} (body bytes as sent; kB = 1000 bytes)\n`);
    console.log(
      `${''.padEnd(12)}${ENCODINGS.map(({ label }) => `${'kB'.padStart(8)} ${label}`).join('  ')}`,
    );
    const htmlByPage = {};
    for (const [name, path] of pages) {
      const rows = name === 'home' ? home : await measure(path);
      htmlByPage[name] = rows;
      printResource(name, path, rows);
    }
    for (const [name, path] of [
      ['shell css', css],
      ['framework', framework],
    ]) {
      const rows = await measure(path);
      printResource(name, path, rows);
      if (rows.br.encoding === 'identity') failed = true;
    }
    for (const rows of Object.values(htmlByPage)) {
      if (rows.br.encoding === 'identity') failed = true;
      if (!rows.br.body.equals(rows.none.body) && rows.none.body.length !== rows.br.body.length) {
        // Pages carry a fresh CSP nonce per reply, so bodies are compared by length only.
        console.log(`  note: ${rows.br.url}: decoded length differs from the plain reply's`);
      }
    }

    console.log(
      `\nFirst load as sent to a browser (Accept-Encoding: ${BROWSER_ENCODINGS}); ` +
        `budget: JavaScript ≤ ${FIRST_LOAD_LIMIT_BYTES} bytes = ${bothUnits(FIRST_LOAD_LIMIT_BYTES)}\n`,
    );
    console.log(
      `${'page'.padEnd(10)}${'HTML br'.padStart(9)}${'CSS br'.padStart(9)}${'JS br'.padStart(9)}${'JS gzip'.padStart(9)}${'JS none'.padStart(9)}${'total br'.padStart(10)}${'total gz'.padStart(10)}  files  JS budget`,
    );
    for (const [name] of pages) {
      const rows = htmlByPage[name];
      const load = await firstLoad(rows.none.body.toString('utf8'));
      const totalBr = rows.br.wireBytes + load.css.br + load.js.br;
      const totalGz = rows.gzip.wireBytes + load.css.gzip + load.js.gzip;
      const ok = load.js.br <= FIRST_LOAD_LIMIT_BYTES;
      if (!ok) failed = true;
      console.log(
        `${name.padEnd(10)}${kb(rows.br.wireBytes).padStart(9)}${kb(load.css.br).padStart(9)}${kb(load.js.br).padStart(9)}${kb(load.js.gzip).padStart(9)}${kb(load.js.none).padStart(9)}${kb(totalBr).padStart(10)}${kb(totalGz).padStart(10)}  ${String(load.files + 1).padStart(5)}  ${ok ? 'OK' : 'OVER'}`,
      );
    }
    console.log(
      '\nkB = 1000 bytes; response headers (about 1.5 kB a reply with the CSP) not counted.',
    );
  } finally {
    await server?.stop();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
