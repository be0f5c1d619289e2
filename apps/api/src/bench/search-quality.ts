// Search-quality benchmark: npm run bench:search-quality
// BENCH_SCALE (products, default 5000), BENCH_PER_CLASS (queries per class, default 150),
// TEST_DATABASE_URL (a server: the catalogue is seeded in a scratch database, dropped after;
// default PGlite in memory). Queries and their expected hits are derived deterministically
// from the seeded catalogue (titles, dimensions, article numbers, brands, stores, CMS pages;
// inflected forms from the Hunspell sv_SE dictionary's affix rules), then sent to
// GET /api/v2.0/search/ and scored per query class as recall@10,
// |top 10 ∩ expected| / min(10, |expected|), and recall@1 (the first item is expected),
// averaged over the class. BENCH_JSON=file also writes the figures as JSON.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchItem, SearchResult } from '@bygg/contracts/search';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { swedishMorphology } from '@bygg/db/search/lexicon';
import { createTestDatabase } from '@bygg/db/testing';
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { LISTED_MASK } from '@bygg/domain/availability-rules';
import { STOPWORDS } from '@bygg/domain/search-text';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { stripOrganisationPrefix } from '@bygg/domain/stores';

type Group = 'products' | 'brands' | 'stores' | 'cms_pages';
type Query = { cls: string; q: string; group: Group; expected: Set<string> };

const scale = Number(process.env.BENCH_SCALE ?? 5000);
const perClass = Number(process.env.BENCH_PER_CLASS ?? 150);
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

/** Every n-th item so that about `count` remain, in a stable order. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}

/** One edit at position m: a letter dropped, two swapped, or one replaced (e → a, else → e). */
function misspell(word: string, m: number, i: number): string {
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
  const morphology = await swedishMorphology();
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
    // Inflected forms from the dictionary's affix rules (plural and definite forms, not the
    // genitive or verb forms): of the head itself, or of its last element when the dictionary
    // does not list the compound ("innerdörr" → innerdörrarna through dörr).
    const nounForm = (f: string) => !/(s|ande|ende|ad|ade|at|t)$/.test(f);
    const inflections = (word: string): string[] => {
      for (let i = 0; i <= word.length - 3; i++) {
        const tail = word.slice(i);
        if (i === 1 || !morphology.has(tail)) continue;
        return morphology
          .forms(tail)
          .map((f) => word.slice(0, i) + f)
          .filter((f) => f !== word && nounForm(f))
          .sort();
      }
      return [];
    };
    const inflectable = heads.map((h) => [h, inflections(h)] as const).filter(([, f]) => f.length);
    spread(inflectable, perClass).forEach(([h, forms], i) =>
      add(
        'inflection',
        forms[i % forms.length] as string,
        'products',
        withWord((ws) => ws.includes(h)),
      ),
    );
    spread(
      heads.filter((h) => h.length >= 5),
      perClass,
    ).forEach((h, i) => {
      const typo = misspell(h, Math.floor(h.length / 2), i);
      if (!heads.includes(typo))
        add(
          'typo',
          typo,
          'products',
          withWord((ws) => ws.includes(h)),
        );
    });

    // A head that ends other title words: "skruv" for Träskruv, Gipsskruv, … (or their
    // inflected forms, vinylplankor for plank).
    const endsWithHead = (w: string, h: string) =>
      w.endsWith(h) || morphology.analyse(w).some((l) => l.endsWith(h));
    const partHeads = heads.filter((h) =>
      heads.some((w) => w !== h && w.endsWith(h) && w.length - h.length >= 3),
    );
    spread(partHeads, perClass).forEach((h) =>
      add(
        'compound-part',
        h,
        'products',
        withWord((ws) => ws.some((w) => endsWithHead(w, h))),
      ),
    );

    // Two words of a title typed as one compound: a later word before the head
    // (compound-reversed: "granregel" for "Regel … hyvlad gran", "granpanel" for
    // "Innerpanel gran …"), or two words in the title's order (compound-joined:
    // "hyvladbräda" for "Hyvlad bräda …").
    const reversed = new Map<string, [string, string]>();
    const joined = new Map<string, [string, string]>();
    const letters = (w: string) =>
      isWord(w) && w.length >= 3 && !brandWords.has(w) && !STOPWORDS.has(w);
    for (const ws of titleWords.values()) {
      const head = ws[0] ?? '';
      if (!letters(head) || head.length < 4) continue;
      const modifier = [...ws].reverse().find((w) => letters(w) && w !== head);
      if (modifier) reversed.set(`${modifier}${head}`, [modifier, head]);
      const next = ws.slice(1).find((w) => letters(w));
      if (next) joined.set(`${head}${next}`, [head, next]);
    }
    for (const [cls, pairs] of [
      ['compound-reversed', reversed],
      ['compound-joined', joined],
    ] as const) {
      spread([...pairs.keys()].sort(), perClass).forEach((q) => {
        const [first, second] = pairs.get(q) as [string, string];
        add(
          cls,
          q,
          'products',
          withWord((ws) => ws.includes(q) || (ws.includes(first) && ws.includes(second))),
        );
      });
    }

    // One typo in the last element of a long compound: "laminatgolf" for laminatgolv.
    const longCompounds = [
      ...new Set(
        [...titleWords.values()].flatMap((ws) => ws.filter((w) => isWord(w) && w.length >= 9)),
      ),
    ]
      .filter((w) => !brandWords.has(w))
      .sort();
    spread(longCompounds, perClass).forEach((w, i) => {
      const typo = misspell(w, w.length - 2 - (i % 3), i);
      if (typo !== w && !longCompounds.includes(typo))
        add(
          'typo-in-compound',
          typo,
          'products',
          withWord((ws) => ws.includes(w)),
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

    type Scores = { n: number; at1: number; at10: number; misses: string[]; ms: number[] };
    const byClass = new Map<string, Scores>();
    for (const query of queries) {
      const t = performance.now();
      const res = await app.inject({
        url: `/api/v2.0/search/?q=${encodeURIComponent(query.q)}&count=10`,
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`${query.q}: HTTP ${res.statusCode} ${res.body}`);
      const result = res.json<SearchResult>();
      const got = (result[query.group] as SearchItem[]).map((item) =>
        query.group === 'products' ? item.tracking_code.replace('product:', '') : item.text,
      );
      const hits = new Set(got.filter((g) => query.expected.has(g))).size;
      const recall = hits / Math.min(10, query.expected.size);
      const first = got[0] !== undefined && query.expected.has(got[0]) ? 1 : 0;
      const entry = byClass.get(query.cls) ?? { n: 0, at1: 0, at10: 0, misses: [], ms: [] };
      entry.n += 1;
      entry.at1 += first;
      entry.at10 += recall;
      entry.ms.push(ms);
      if (recall < 1 || !first) entry.misses.push(`${query.q} (${first}/${recall.toFixed(2)})`);
      byClass.set(query.cls, entry);
    }

    console.log(
      `\nSearch quality, ${products.length} listed products (scale ${scale}), ${database.url ? 'PostgreSQL' : 'PGlite'}, ${queries.length} queries\n`,
    );
    console.log(
      `${'class'.padEnd(18)}${'queries'.padStart(8)}${'recall@1'.padStart(10)}${'recall@10'.padStart(11)}${'p50 ms'.padStart(9)}  misses (recall@1/@10)`,
    );
    const total = { n: 0, at1: 0, at10: 0 };
    const report: Record<string, { queries: number; recallAt1: number; recallAt10: number }> = {};
    for (const [cls, e] of byClass) {
      const sorted = [...e.ms].sort((a, b) => a - b);
      const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
      console.log(
        `${cls.padEnd(18)}${String(e.n).padStart(8)}${(e.at1 / e.n).toFixed(3).padStart(10)}${(e.at10 / e.n).toFixed(3).padStart(11)}${p50.toFixed(1).padStart(9)}  ${e.misses.slice(0, 8).join(', ')}`,
      );
      report[cls] = { queries: e.n, recallAt1: e.at1 / e.n, recallAt10: e.at10 / e.n };
      total.n += e.n;
      total.at1 += e.at1;
      total.at10 += e.at10;
    }
    console.log(
      `${'all'.padEnd(18)}${String(total.n).padStart(8)}${(total.at1 / total.n).toFixed(3).padStart(10)}${(total.at10 / total.n).toFixed(3).padStart(11)}`,
    );
    if (process.env.BENCH_JSON) {
      await writeFile(
        process.env.BENCH_JSON,
        JSON.stringify(
          {
            scale,
            classes: report,
            misses: Object.fromEntries([...byClass].map(([c, e]) => [c, e.misses])),
          },
          null,
          1,
        ),
      );
    }
    console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  } finally {
    await app.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
