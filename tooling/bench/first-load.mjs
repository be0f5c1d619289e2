#!/usr/bin/env node
// First-load JavaScript of the product page (issue 3: ≤ 120 KB gzip): npm run bench:first-load.
// The limit is read strictly: 120 KB = 120,000 bytes (117.2 KiB). Sizes are printed in both
// KiB (1024 bytes) and kB (1000 bytes), so neither reading is taken for the other.
// Builds nothing. Counts what the browser loads before the page is interactive: every
// <script src>, <link rel="modulepreload"> and static `import "…"` / `import("…")` in the
// page's HTML, each gzipped at level 9. The catalogue benchmark (catalog.mjs) counts the same
// way with the same function.
//
//   node tooling/bench/first-load.mjs [BASE_URL] [--why]
//
// With BASE_URL (a running server, e.g. http://127.0.0.1:3000) it fetches the product page of
// the first product the API lists and the files it names, and counts each file as the server
// sends it (ADR 044): `gzip` is the body of a reply to `Accept-Encoding: gzip` and `br` of one
// to a browser's `gzip, deflate, br`, both before decoding (wire.mjs); a server that does not
// compress shows the file's own size there. Without BASE_URL it reads the React
// Router manifest of the build (WEB_BUILD_DIR or apps/web/build) and lists what the product
// route preloads: the entry, the root route and the product route with their imports.
// --why (needs a build made with BUNDLE_REPORT=<file>, see apps/web/vite.config.ts; pass the
// file as BUNDLE_REPORT) adds the largest source modules of each first-load chunk (their
// rendered size before minifying, in KiB).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BROWSER_ENCODINGS, fetchWire } from './wire.mjs';

/** Issue 3's 120 KB, in bytes (1 kB = 1000 bytes, the strict reading: 117.2 KiB). */
export const FIRST_LOAD_LIMIT_BYTES = 120_000;

/** The script files a page's HTML makes the browser load up front, in document order. */
export function firstLoadScripts(html) {
  const srcs = new Set();
  for (const m of html.matchAll(
    /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g,
  ))
    srcs.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|import "([^"]+\.js)"/g))
    srcs.add(m[1] ?? m[2]);
  return [...srcs];
}

function sizes(src, body) {
  return { src, rawBytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

/** One file's bytes on the wire: as it is, to a gzip-only client, and to a browser. */
async function wireSizes(src, base) {
  const url = new URL(src, base).href;
  const [plain, gzip, br] = [
    await fetchWire(url),
    await fetchWire(url, { acceptEncoding: 'gzip' }),
    await fetchWire(url, { acceptEncoding: BROWSER_ENCODINGS }),
  ];
  for (const reply of [plain, gzip, br]) {
    if (reply.status !== 200) throw new Error(`${src} answered ${reply.status}`);
  }
  return { src, rawBytes: plain.wireBytes, gzipBytes: gzip.wireBytes, brBytes: br.wireBytes };
}

function summary(chunks) {
  const gz = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  const raw = chunks.reduce((sum, chunk) => sum + chunk.rawBytes, 0);
  return {
    files: chunks.length,
    rawBytes: raw,
    gzipBytes: gz,
    rawKiB: +(raw / 1024).toFixed(1),
    gzipKiB: +(gz / 1024).toFixed(1),
    gzipKB: +(gz / 1000).toFixed(1),
    chunks,
  };
}

/**
 * Fetches every first-load script of `html` from `base`: per file and in total, the bytes the
 * server sends as they are, gzip-encoded and brotli-encoded (`brBytes`).
 */
export async function firstLoadJs(html, base) {
  const chunks = [];
  for (const src of firstLoadScripts(html)) chunks.push(await wireSizes(src, base));
  const result = summary(chunks);
  result.brBytes = chunks.reduce((sum, chunk) => sum + chunk.brBytes, 0);
  return result;
}

/** The same list from a build's React Router manifest, read from disk (no server). */
export function firstLoadFromBuild(buildDir, routeId = 'product') {
  const assets = join(buildDir, 'client/assets');
  // A build directory that was not emptied holds older manifests too: the newest is this build's.
  const manifestFile = readdirSync(assets)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, at: statSync(join(assets, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)[0]?.name;
  if (!manifestFile) throw new Error(`No React Router manifest in ${assets}`);
  const text = readFileSync(join(assets, manifestFile), 'utf8');
  const manifest = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`No route '${routeId}' in the manifest`);
  // The manifest itself is inlined in the page (React Router's lazy route discovery), so only
  // the modules are counted, as in the HTML.
  const srcs = new Set();
  for (const part of [manifest.entry, manifest.routes.root, route]) {
    srcs.add(part.module);
    for (const file of part.imports ?? []) srcs.add(file);
  }
  return summary(
    [...srcs].map((src) => sizes(src, readFileSync(join(buildDir, 'client', src.slice(1))))),
  );
}

function kib(bytes) {
  return (bytes / 1024).toFixed(1).padStart(7);
}

function kb(bytes) {
  return (bytes / 1000).toFixed(1).padStart(7);
}

/** '119.5 KiB = 122.4 kB' (KiB: 1024 bytes; kB: 1000 bytes). */
export function bothUnits(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB = ${(bytes / 1000).toFixed(1)} kB`;
}

/** Whether a gzip total is within issue 3's limit (120,000 bytes). */
export function withinLimit(gzipBytes) {
  return gzipBytes <= FIRST_LOAD_LIMIT_BYTES;
}

function printReport(result, report) {
  const rows = [...result.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes);
  console.log(`${'raw KiB'.padStart(7)}  ${'gz KiB'.padStart(7)}  ${'gz kB'.padStart(7)}  file`);
  for (const row of rows) {
    console.log(`${kib(row.rawBytes)}  ${kib(row.gzipBytes)}  ${kb(row.gzipBytes)}  ${row.src}`);
    const chunk = report?.chunks.find((c) => row.src.endsWith(`/${c.file}`));
    for (const module of chunk?.modules.slice(0, 8) ?? []) {
      const id = module.id.replace(/^.*\/node_modules\//, '').replace(/^.*\/apps\/web\//, '');
      const by = module.importers[0]?.replace(/^.*\/(node_modules|apps|packages)\//, '$1/');
      console.log(`${''.padStart(27)}${kib(module.size)}  ${id}${by ? `  ← ${by}` : ''}`);
    }
  }
  const ok = withinLimit(result.gzipBytes);
  const br =
    result.brBytes === undefined
      ? ''
      : `; brotli as sent to a browser ${result.brBytes} bytes = ${bothUnits(result.brBytes)}`;
  console.log(
    `\n${result.files} files, ${result.rawKiB} KiB raw; gzip ${result.gzipBytes} bytes = ` +
      `${bothUnits(result.gzipBytes)} (limit ${FIRST_LOAD_LIMIT_BYTES} bytes = ` +
      `${bothUnits(FIRST_LOAD_LIMIT_BYTES)}): ${ok ? 'OK' : 'OVER'}${br}`,
  );
  return ok;
}

async function main() {
  const args = process.argv.slice(2);
  const base = args.find((arg) => !arg.startsWith('--'));
  let report = null;
  if (args.includes('--why')) {
    if (!process.env.BUNDLE_REPORT || !existsSync(process.env.BUNDLE_REPORT)) {
      console.error('--why needs BUNDLE_REPORT=<file> from a build made with that variable.');
      process.exit(2);
    }
    report = JSON.parse(readFileSync(process.env.BUNDLE_REPORT, 'utf8'));
  }
  let result;
  if (base) {
    const listing = await (await fetch(new URL('/api/v2.0/products/', base))).json();
    const slug = listing.results?.[0]?.slug;
    if (!slug) throw new Error('The API listed no product');
    const page = await fetch(new URL(`/produkt/${slug}`, base), {
      headers: { cookie: 'bygg_consent=true; bygg_marketing=false' },
    });
    if (page.status !== 200) throw new Error(`/produkt/${slug} answered ${page.status}`);
    console.log(`/produkt/${slug} from ${base}`);
    result = await firstLoadJs(await page.text(), base);
  } else {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const buildDir = process.env.WEB_BUILD_DIR ?? join(root, 'apps/web/build');
    console.log(`The product route of ${buildDir}`);
    result = firstLoadFromBuild(buildDir);
  }
  process.exitCode = printReport(result, report) ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
