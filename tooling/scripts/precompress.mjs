#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the web
// app's browser build (ADR 044), so the server sends them as they are (@fastify/static's
// `preCompressed`) instead of compressing the same bytes on every request. Run after
// `react-router build` (apps/web's build script does):
//
//   node tooling/scripts/precompress.mjs [DIR]     (default apps/web/build/client)
//
// Brotli at quality 11 and gzip at level 9: slow, but once per build. A copy that would not be
// smaller than the file is not written (the server then sends the file itself). Copies left
// from an earlier build are replaced or, when their file is gone, removed.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats; images, fonts (woff2) and archives are compressed already. */
export const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|json|svg|txt|xml|map|webmanifest|ico)$/i;
const COPY = /\.(br|gz)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Brotli and gzip copies of one file's bytes (null where a copy would not be smaller). */
export function compressedCopies(body) {
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  return {
    br: br.length < body.length ? br : null,
    gz: gz.length < body.length ? gz : null,
  };
}

/** Writes the copies under `dir`; returns one row per compressible file. */
export function precompress(dir) {
  const rows = [];
  const all = [...files(dir)];
  const originals = new Set(all.filter((path) => !COPY.test(path)));
  for (const path of all) {
    // A copy whose file is gone (an older build's hashed asset): removed.
    if (COPY.test(path) && !originals.has(path.replace(COPY, ''))) rmSync(path);
  }
  for (const path of originals) {
    if (!COMPRESSIBLE_FILE.test(path)) continue;
    const body = readFileSync(path);
    const copies = compressedCopies(body);
    for (const [ext, copy] of Object.entries(copies)) {
      if (copy) writeFileSync(`${path}.${ext}`, copy);
      else rmSync(`${path}.${ext}`, { force: true });
    }
    rows.push({
      file: relative(dir, path),
      bytes: body.length,
      br: copies.br?.length ?? null,
      gz: copies.gz?.length ?? null,
    });
  }
  return rows;
}

function main() {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const dir = process.argv[2] ?? join(root, 'apps/web/build/client');
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory (build the web app first)`);
    process.exit(1);
  }
  const started = Date.now();
  const rows = precompress(dir);
  const sum = (key) => rows.reduce((total, row) => total + (row[key] ?? row.bytes), 0);
  console.log(
    `precompress: ${rows.length} files in ${Date.now() - started} ms; ` +
      `${sum('bytes')} bytes → brotli ${sum('br')}, gzip ${sum('gz')}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
