// Seed timing: npx tsx packages/db/src/bench/seed-timing.ts
// BENCH_CASES (default 'pglite:5000,pg:5000,pg:100000'; add pglite:100000 for the long one),
// BENCH_DATABASE_URL (server for pg cases; default TEST_DATABASE_URL or the local server).
// Each pg case runs in a scratch database that is dropped afterwards; each PGlite case in a
// temporary folder that is removed afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createDatabase, queryRows, type DatabaseHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seed } from '../seed/index.ts';

type Result = {
  name: string;
  products: number;
  stores: number;
  stockRows: number;
  migrateMs: number;
  seedMs: number;
  size: string;
};

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const cases = (process.env.BENCH_CASES ?? 'pglite:5000,pg:5000,pg:100000').split(',').map((c) => {
  const [driver, scale] = c.trim().split(':');
  if ((driver !== 'pg' && driver !== 'pglite') || !Number(scale))
    throw new Error(`Bad case '${c}'`);
  return { driver, scale: Number(scale) } as const;
});

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function run(
  name: string,
  database: DatabaseHandle,
  scale: number,
  size: () => Promise<string>,
): Promise<Result> {
  const t = performance.now();
  await migrate(database);
  const migrateMs = Math.round(performance.now() - t);
  const report = await seed(database, { scale, log: (m) => console.log(`  ${m}`) });
  return {
    name,
    products: report.scale,
    stores: report.stores,
    stockRows: report.steps.find((s) => s.step === 'stock')?.rows ?? 0,
    migrateMs,
    seedMs: report.durationMs,
    size: await size(),
  };
}

const results: Result[] = [];
for (const c of cases) {
  const name = `${c.driver === 'pg' ? 'PostgreSQL' : 'PGlite (file)'} ${c.scale.toLocaleString('sv-SE')}`;
  console.log(`${name}:`);
  if (c.driver === 'pg') {
    const db = `bench_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${db}`);
    const url = new URL(serverUrl);
    url.pathname = `/${db}`;
    const database = await createDatabase({ url: url.toString() });
    try {
      results.push(
        await run(name, database, c.scale, async () => {
          const [row] = await queryRows<{ size: string }>(
            database.db,
            sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
          );
          return row?.size ?? '?';
        }),
      );
    } finally {
      await database.close();
      await admin(`drop database if exists ${db} with (force)`);
    }
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'bygg-pglite-'));
    const database = await createDatabase({ dataDir: dir });
    try {
      results.push(
        await run(
          name,
          database,
          c.scale,
          async () => execFileSync('du', ['-sh', dir]).toString().split('\t')[0] ?? '?',
        ),
      );
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

const header = [
  'case',
  'products',
  'stores',
  'stock rows',
  'migrate',
  'seed (generate + load)',
  'size',
];
const rows = results.map((r) => [
  r.name,
  r.products.toLocaleString('sv-SE'),
  String(r.stores),
  r.stockRows.toLocaleString('sv-SE'),
  `${(r.migrateMs / 1000).toFixed(1)} s`,
  `${(r.seedMs / 1000).toFixed(1)} s`,
  r.size,
]);
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) =>
  `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
