// Search-quality benchmark: npm run bench:search-quality
// BENCH_SCALE (products, default 5000), BENCH_PER_CLASS (queries per product class, default 25),
// TEST_DATABASE_URL (a server: the catalogue is seeded in a scratch database, dropped after;
// default PGlite in memory). Queries and their expected hits are derived deterministically
// from the seeded catalogue (titles, dimensions, article numbers, brands, stores, CMS pages),
// then sent to GET /api/v2.0/search/ and scored as recall@10 per query class:
// |top 10 ∩ expected| / min(10, |expected|), averaged over the class.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchItem, SearchResult } from '@bygg/contracts/search';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { createTestDatabase } from '@bygg/db/testing';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { LISTED_MASK } from '@bygg/domain/availability-rules';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { stripOrganisationPrefix } from '@bygg/domain/stores';

type Group = 'products' | 'brands' | 'stores' | 'cms_pages';
type Query = { cls: string; q: string; group: Group; expected: Set<string> };

const scale = Number(process.env.BENCH_SCALE ?? 5000);
const perClass = Number(process.env.BENCH_PER_CLASS ?? 25);
const ORGANISATION = 'store-chain';

/** Lower-case words of a title, as a shopper reads them (letters only, or a code). */
function words(title: string): string[] {
  return title
    .toLowerCase()
    .split(/[^\p{L}\p{N},]+/u)
    .map((w) => w.replace(/^,+|,+$/g, ''))
    .filter(Boolean);
}
const isWord = (w: string) => /^\p{L}+$/u.test(w);

/** Endings a head takes inside a title word: "plank" in vinylplankor, "handtag" in handtaget. */
const INFLECTIONS = ['', 'ar', 'or', 'er', 'en', 'et', 'na', 'n', 'arna', 'orna', 'erna'];

/** Every n-th item so that about `count` remain, in a stable order. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}

function inflect(word: string, i: number): string {
  if (word.endsWith('a')) return i % 2 === 0 ? `${word.slice(0, -1)}or` : `${word}n`;
  if (word.endsWith('e')) return `${word}n`;
  if (/(el|er|en)$/.test(word)) return `${word}n`;
  return i % 2 === 0 ? `${word}ar` : `${word}en`;
}

function misspell(word: string, i: number): string {
  const m = Math.floor(word.length / 2);
  switch (i % 3) {
    case 0:
      return word.slice(0, m) + word.slice(m + 1);
    case 1:
      return word.slice(0, m) + (word[m + 1] ?? '') + (word[m] ?? '') + word.slice(m + 2);
    default:
      return word.slice(0, m) + (word[m] === 'e' ? 'a' : 'e') + word.slice(m + 1);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const database = await createTestDatabase({
    seedSmall: { scale, stores: 62, now: new Date('2026-11-22T09:00:00Z') },
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-bench-'));
  const app = await buildApp({
    database: database.database,
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
  });
  await app.ready();
  const db = database.database.db;
  try {
    const products = await queryRows<{ id: number; title: string }>(
      db,
      sql`select p.id, p.title from products p
        where ${ORGANISATION}::text = any(p.organisation_ids)
          and exists (select 1 from articles a where a.product_id = p.id
            and (a.availability & ${sql.raw(String(LISTED_MASK))}) = 1)
        order by p.id`,
    );
    const titleWords = new Map(products.map((p) => [String(p.id), words(p.title)]));
    const withWord = (pred: (w: string[]) => boolean) =>
      new Set([...titleWords].filter(([, ws]) => pred(ws)).map(([id]) => id));
    const queries: Query[] = [];
    const add = (cls: string, q: string, group: Group, expected: Set<string>) => {
      if (expected.size > 0) queries.push({ cls, q, group, expected });
    };

    const brandWords = new Set(
      (await queryRows<{ name: string }>(db, sql`select name from brands`)).flatMap((b) =>
        words(b.name),
      ),
    );
    const heads = [
      ...new Set(
        [...titleWords.values()]
          .map((ws) => ws[0] ?? '')
          .filter((w) => isWord(w) && w.length >= 4 && !brandWords.has(w)),
      ),
    ].sort();
    const exact = spread(heads, perClass);
    exact.forEach((h) =>
      add(
        'exact',
        h,
        'products',
        withWord((ws) => ws.includes(h)),
      ),
    );
    exact.forEach((h, i) =>
      add(
        'inflection',
        inflect(h, i),
        'products',
        withWord((ws) => ws.includes(h)),
      ),
    );
    spread(
      heads.filter((h) => h.length >= 5),
      perClass,
    ).forEach((h, i) => {
      const typo = misspell(h, i);
      if (!heads.includes(typo))
        add(
          'typo',
          typo,
          'products',
          withWord((ws) => ws.includes(h)),
        );
    });

    // A head that ends other title words: "skruv" for Träskruv, Gipsskruv, …
    const partHeads = heads.filter((h) =>
      heads.some((w) => w !== h && w.endsWith(h) && w.length - h.length >= 3),
    );
    spread(partHeads, perClass).forEach((h) =>
      add(
        'compound-part',
        h,
        'products',
        withWord((ws) => ws.some((w) => INFLECTIONS.some((ending) => w.endsWith(h + ending)))),
      ),
    );

    // A modifier written together with the head: "granregel" for "Regel … hyvlad gran".
    const pairs = new Map<string, Set<string>>();
    for (const ws of titleWords.values()) {
      const head = ws[0] ?? '';
      const modifier = [...ws].reverse().find((w) => isWord(w) && w.length >= 3 && w !== head);
      if (!isWord(head) || head.length < 4 || !modifier) continue;
      pairs.set(`${modifier}${head}`, new Set([modifier, head]));
    }
    spread([...pairs.keys()].sort(), perClass).forEach((q) => {
      const [modifier, head] = [...(pairs.get(q) as Set<string>)] as [string, string];
      add(
        'compound-whole',
        q,
        'products',
        withWord((ws) => ws.includes(q) || (ws.includes(modifier) && ws.includes(head))),
      );
    });

    const dims = new Set<string>();
    for (const p of products) {
      for (const m of p.title.matchAll(/(?<![\d,])(\d+(?:,\d+)?x\d+(?:,\d+)?)(?![\d,x])/g)) {
        dims.add(m[1] as string);
      }
      for (const m of p.title.matchAll(/(?<![\d,x])(\d+,\d+) mm/g)) dims.add(`${m[1]} mm`);
    }
    spread([...dims].sort(), perClass).forEach((d, i) => {
      const token = d.replace(' mm', '');
      const q = d.includes('x') && i % 2 === 1 ? d.replace('x', ' x ') : d;
      const boundary = new RegExp(
        `(?<![\\d,x])${token.replace(/[,]/g, ',')}${d.endsWith(' mm') ? ' mm' : '(?![\\d,x])'}`,
      );
      add(
        'dimension',
        q,
        'products',
        new Set(products.filter((p) => boundary.test(p.title)).map((p) => String(p.id))),
      );
    });

    const articles = await queryRows<{ id: number; productId: number; erp: string }>(
      db,
      sql`select a.id, a.product_id as "productId", a.erp_article_numbers[1] as erp
        from articles a where a.product_id = any(${`{${products.map((p) => p.id).join(',')}}`}::int[])
        order by a.id`,
    );
    spread(articles, perClass).forEach((a, i) =>
      add(
        'article-number',
        i % 2 === 0 ? String(a.id) : a.erp,
        'products',
        new Set([String(a.productId)]),
      ),
    );

    const brands = await queryRows<{ name: string }>(
      db,
      sql`select distinct b.name from brands b join products p on p.brand_id = b.id
        where ${ORGANISATION}::text = any(p.organisation_ids) order by b.name`,
    );
    spread(brands, perClass).forEach((b) => add('brand', b.name, 'brands', new Set([b.name])));

    const stores = await queryRows<{ name: string; city: string }>(
      db,
      sql`select name, city from stores where organisation_id = ${ORGANISATION} and not is_central
        order by city, name`,
    );
    const towns = [...new Set(stores.map((s) => s.city))];
    spread(towns, perClass).forEach((town) =>
      add(
        'store-town',
        town,
        'stores',
        // Hits name stores without the chain prefix, as the pages do (issue 22).
        new Set(
          stores
            .filter((s) => s.city === town)
            .map((s) =>
              stripOrganisationPrefix(s.name, ORGANISATIONS[ORGANISATION].storeNamePrefix),
            ),
        ),
      ),
    );

    const pages = await queryRows<{ title: string }>(
      db,
      sql`select title from cms_nodes where organisation_id = ${ORGANISATION}
        and namespace = 'pages' and type = 'page' and published order by path`,
    );
    spread(pages, perClass).forEach((p) =>
      add('cms-title', p.title, 'cms_pages', new Set([p.title])),
    );

    const byClass = new Map<string, { n: number; sum: number; misses: string[]; ms: number[] }>();
    for (const query of queries) {
      const t = performance.now();
      const res = await app.inject({
        url: `/api/v2.0/search/?q=${encodeURIComponent(query.q)}&count=10`,
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${query.q}: HTTP ${res.statusCode} ${res.body}`);
      const result = res.json<SearchResult>();
      const got = new Set(
        (result[query.group] as SearchItem[]).map((item) =>
          query.group === 'products' ? item.tracking_code.replace('product:', '') : item.text,
        ),
      );
      const hits = [...got].filter((g) => query.expected.has(g)).length;
      const recall = hits / Math.min(10, query.expected.size);
      const entry = byClass.get(query.cls) ?? { n: 0, sum: 0, misses: [], ms: [] };
      entry.n += 1;
      entry.sum += recall;
      entry.ms.push(ms);
      if (recall < 1) entry.misses.push(`${query.q} (${recall.toFixed(2)})`);
      byClass.set(query.cls, entry);
    }

    console.log(
      `\nSearch quality, ${products.length} listed products (scale ${scale}), ${database.url ? 'PostgreSQL' : 'PGlite'}, ${queries.length} queries\n`,
    );
    console.log(
      `${'class'.padEnd(16)}${'queries'.padStart(8)}${'recall@10'.padStart(11)}${'p50 ms'.padStart(9)}  misses`,
    );
    let total = 0;
    let sum = 0;
    for (const [cls, e] of byClass) {
      const sorted = [...e.ms].sort((a, b) => a - b);
      const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
      console.log(
        `${cls.padEnd(16)}${String(e.n).padStart(8)}${(e.sum / e.n).toFixed(3).padStart(11)}${p50.toFixed(1).padStart(9)}  ${e.misses.slice(0, 6).join(', ')}`,
      );
      total += e.n;
      sum += e.sum;
    }
    console.log(
      `${'all'.padEnd(16)}${String(total).padStart(8)}${(sum / total).toFixed(3).padStart(11)}`,
    );
    console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  } finally {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
