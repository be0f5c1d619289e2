import { stripOrganisationPrefix } from '@bygg/domain/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage } from '@bygg/contracts/products';
import type { SearchResult } from '@bygg/contracts/search';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { planMatch, planScore, planSearch } from '@bygg/db/search/query';
import { refreshProductSearch } from '@bygg/db/search/refresh';
import { productSearchPageQuery } from '../products/product-search.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-01-15T10:00:00Z') });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.database.db;

async function search(q: string, extra = ''): Promise<SearchResult> {
  const res = await t.app.inject({
    url: `/api/v2.0/search/?q=${encodeURIComponent(q)}&count=50${extra}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json<SearchResult>();
}

async function titles(q: string): Promise<string[]> {
  return (await search(q)).products.map((p) => p.text.toLowerCase());
}

/** A listed product of the store chain whose title matches the pattern. */
async function listedProduct(pattern: string) {
  const [row] = await queryRows<{ id: number; title: string; articleId: number; erp: string }>(
    db(),
    sql`select p.id, p.title, a.id as "articleId", a.erp_article_numbers[1] as erp
      from products p join articles a on a.product_id = p.id
      where p.title ~* ${pattern} and 'store-chain' = any(p.organisation_ids)
        and (a.availability & 9) = 1
      order by p.id limit 1`,
  );
  if (!row) throw new Error(`No listed product like ${pattern}`);
  return row;
}

describe('GET /api/v2.0/search/ matching', () => {
  it('finds skruv products for the plural "skruvar", skruv titles first', async () => {
    const found = await titles('skruvar');
    expect(found[0]).toContain('skruv');
    expect(found.filter((title) => title.includes('skruv')).length).toBeGreaterThan(
      found.length / 2,
    );
  });

  it('finds compounds from their last part: "skruv" finds a Träskruv-like title', async () => {
    const found = await titles('skruv');
    expect(found.some((title) => /\p{L}{3,}skruv/u.test(title))).toBe(true);
  });

  it('finds a compound from its parts written together: "gipsskiveskruv" finds Gipsskruv', async () => {
    const found = await titles('gipsskiveskruv');
    expect(found.some((title) => title.includes('gipsskruv'))).toBe(true);
  });

  it('finds gipsskiva products despite one missing letter ("gipskiva")', async () => {
    const found = await titles('gipskiva');
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toContain('gipsskiva');
  });

  it('finds isolering despite one missing letter ("isolerig")', async () => {
    const result = await search('isolerig');
    expect(result.bk04_categories.map((c) => c.text)).toContain('Isolering');
    expect(result.counts.products).toBeGreaterThan(0);
  });

  it('does not correct words shorter than four letters', async () => {
    expect((await search('grx')).counts.products).toBe(0);
  });

  it('matches a dimension exactly, written with or without spaces', async () => {
    const product = await listedProduct('\\m45x95\\M');
    for (const q of ['45x95', '45 x 95', '45 X 95']) {
      const found = await search(q);
      expect(found.products.map((p) => p.tracking_code)).toContain(`product:${product.id}`);
      expect(found.products.every((p) => p.text.includes('45x95'))).toBe(true);
    }
  });

  it('matches "12,5 mm" and "12.5mm" to titles saying 12,5 mm', async () => {
    for (const q of ['12,5 mm', '12.5mm']) {
      const found = await titles(q);
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((title) => title.includes('12,5 mm'))).toBe(true);
    }
  });

  it('finds a product by its article id and by its ERP article number', async () => {
    const product = await listedProduct('skruv');
    for (const q of [String(product.articleId), product.erp]) {
      const found = await search(q);
      expect(found.products.map((p) => p.tracking_code)).toEqual([`product:${product.id}`]);
    }
  });

  it('ranks the exact å/ä/ö spelling before the folded one', async () => {
    const folded = await titles('tra');
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.some((title) => title.includes('trä'))).toBe(true);
  });

  it('finds brands by name, stores by town and CMS pages by title', async () => {
    const [brand] = await queryRows<{ name: string }>(
      db(),
      sql`select distinct b.name from brands b join products p on p.brand_id = b.id
        where 'store-chain' = any(p.organisation_ids) order by b.name limit 1`,
    );
    const [store] = await queryRows<{ name: string; city: string }>(
      db(),
      sql`select name, city from stores where organisation_id = 'store-chain' and not is_central
        order by id limit 1`,
    );
    expect((await search(brand?.name ?? '')).brands.map((b) => b.text)).toContain(brand?.name);
    const byTown = await search(store?.city ?? '');
    // Store names are shown without the chain prefix (issue 22).
    expect(byTown.stores.map((s) => s.text)).toContain(
      stripOrganisationPrefix(store?.name ?? '', 'Timmerkedjan'),
    );
    expect(byTown.stores.map((s) => s.text)).not.toContain(store?.name);
    expect(byTown.stores[0]?.url).toMatch(/^\/butiker\//);
    const pages = await search('kundservice');
    expect(pages.cms_pages.map((p) => p.text)).toContain('Kundservice');
  });

  it('leaves hidden and non-sellable products out', async () => {
    const product = await listedProduct('skruv');
    await db().execute(sql`update articles set availability = availability | 8
      where product_id = ${product.id}`);
    try {
      const found = await search(product.title);
      expect(found.products.map((p) => p.tracking_code)).not.toContain(`product:${product.id}`);
    } finally {
      await db().execute(sql`update articles set availability = availability & ~8
        where product_id = ${product.id}`);
    }
  });

  it('finds a renamed product after refreshProductSearch, without a rebuild', async () => {
    const product = await listedProduct('regel');
    await db().execute(
      sql`update products set title = 'Stolpe kvistfri lärk' where id = ${product.id}`,
    );
    expect((await search('lärkstolpe')).counts.products).toBe(0);
    await refreshProductSearch(db(), [product.id]);
    const found = await search('lärkstolpe');
    expect(found.products.map((p) => p.tracking_code)).toContain(`product:${product.id}`);
  });
});

describe('GET /api/v2.0/search/ reply', () => {
  it('shows 3 per group by default with storefront urls, paths and tracking codes', async () => {
    const res = await t.app.inject({ url: '/api/v2.0/search/?q=skruv' });
    const result = res.json<SearchResult>();
    expect(result.products).toHaveLength(3);
    expect(result.counts.products).toBeGreaterThan(3);
    expect(result.products[0]?.url).toMatch(/^\/produkt\//);
    expect(result.products[0]?.tracking_code).toMatch(/^product:\d+$/);
    expect(result.products[0]?.path).toContain(' / ');
    expect(result.bk04_categories[0]?.url).toMatch(/^\/produkter\//);
  });

  it('gives counts equal to the list lengths when every hit fits', async () => {
    const result = await search('gips');
    for (const group of ['products', 'bk04_categories', 'cms_pages', 'brands', 'stores'] as const) {
      expect(result.counts[group]).toBeLessThanOrEqual(50);
      expect(result[group]).toHaveLength(result.counts[group]);
    }
  });

  it('prefixes product urls with /foretag for b2b', async () => {
    const result = await search('skruv', '&b2b=true');
    expect(result.products[0]?.url).toMatch(/^\/foretag\/produkt\//);
  });

  it('answers empty, 1-character, SQL-looking, emoji and 500-character queries without a 500', async () => {
    const queries = [
      '',
      ' ',
      'a',
      "'; drop table products;--",
      '🔨🪚',
      '%_\\',
      'skruv '.repeat(100).slice(0, 500),
    ];
    for (const q of queries) {
      const res = await t.app.inject({ url: `/api/v2.0/search/?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    expect((await search('')).counts).toEqual({
      products: 0,
      bk04_categories: 0,
      cms_pages: 0,
      brands: 0,
      stores: 0,
    });
  });

  it('refuses a query of more than 500 characters, a count above 50 and an unknown store with 400', async () => {
    for (const url of [
      `/api/v2.0/search/?q=${'a'.repeat(501)}`,
      '/api/v2.0/search/?q=skruv&count=51',
      '/api/v2.0/search/?q=skruv&store_id=999999',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('the same matching elsewhere', () => {
  it('products/?q= finds what search/ finds, in the same order', async () => {
    const res = await t.app.inject({ url: '/api/v2.0/products/?q=gipskiva&page_size=5' });
    expect(res.statusCode).toBe(200);
    const page = res.json<ProductPage>();
    const searched = await t.app.inject({ url: '/api/v2.0/search/?q=gipskiva&count=5' });
    expect(page.results.map((p) => p.title)).toEqual(
      searched.json<SearchResult>().products.map((p) => p.text),
    );
  });

  it('products/suggest/ corrects a typo too', async () => {
    const res = await t.app.inject({ url: '/api/v2.0/products/suggest/?q=gipskiva' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ suggestions: Array<{ type: string; text: string }> }>();
    expect(body.suggestions.some((s) => s.type === 'product' && /gipsskiva/i.test(s.text))).toBe(
      true,
    );
  });

  it('suggest/ and products/?q= answer SQL-looking and emoji queries without a 500', async () => {
    for (const q of ["'; drop table products;--", '🔨', 'ö']) {
      for (const url of ['/api/v2.0/products/suggest/?q=', '/api/v2.0/products/?q=']) {
        const res = await t.app.inject({ url: `${url}${encodeURIComponent(q)}` });
        expect(res.statusCode).toBe(200);
      }
    }
  });
});

describe('the products group (product-search.ts)', () => {
  async function listingIds(q: string, extra = ''): Promise<string[]> {
    const res = await t.app.inject({
      url: `/api/v2.0/products/?q=${encodeURIComponent(q)}&page_size=20${extra}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<ProductPage>().results.map((p) => `product:${p.id}`);
  }

  async function searchIds(q: string, extra = ''): Promise<string[]> {
    const res = await t.app.inject({
      url: `/api/v2.0/search/?q=${encodeURIComponent(q)}&count=20${extra}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json<SearchResult>().products.map((p) => p.tracking_code);
  }

  async function storeWithStock(): Promise<{ id: number; warehouseId: number }> {
    const [store] = await queryRows<{ id: number; warehouseId: number }>(
      db(),
      sql`select id, warehouse_id as "warehouseId" from stores
        where organisation_id = 'store-chain' and not is_central order by id limit 1`,
    );
    if (!store) throw new Error('No store');
    return store;
  }

  it('ranks as products/?q= does, for broad, narrow and several-word queries', async () => {
    // Broad words are answered from their title hits alone; the order must not change.
    for (const q of [
      'tra',
      'skruv',
      'skruvar',
      'gipskiva',
      'isolering',
      'regel 45x95',
      'trä skruv',
    ]) {
      expect(await searchIds(q), q).toEqual(await listingIds(q));
    }
  });

  it('gives the page that scoring every match gives (the tiers and the popularity walk change nothing)', async () => {
    // The reference scores and sorts all matches in one query, without tiers.
    for (const q of [
      'tra',
      'plankan',
      'golvlist',
      'isolerig',
      'skruv',
      'färg',
      'regel 45x95',
      'gipsskiveskruv',
      'trä skruv',
    ]) {
      const plan = await planSearch(db(), q);
      const filter = { organisation: 'store-chain', store: null, assortment: 'all', plan } as const;
      for (const limit of [3, 20]) {
        const tiered = await queryRows<{ id: number }>(
          db(),
          productSearchPageQuery(filter, { limit, offset: 0 }),
        );
        const reference = await queryRows<{ id: number }>(
          db(),
          sql`select sp.product_id as id from search_products sp
            where 'store-chain' = any(sp.organisation_ids) and sp.listed
              and ${planMatch(plan, sql`sp.tokens`)}
            order by ${planScore(plan, sql`sp.tokens`, sql`sp.title_tokens`)} desc,
              sp.popularity desc, sp.product_id
            limit ${limit}`,
        );
        expect(reference.length, q).toBeGreaterThan(0);
        expect(
          tiered.map((r) => Number(r.id)),
          `${q} (${limit})`,
        ).toEqual(reference.map((r) => Number(r.id)));
      }
    }
  });

  it('pages products/?q= through the search index without gaps or repeats, counted as search/ counts', async () => {
    for (const q of ['skruv', 'tra', 'gipsskiveskruv']) {
      const pages: string[] = [];
      let count = 0;
      for (const page of [1, 2, 3]) {
        const res = await t.app.inject({
          url: `/api/v2.0/products/?q=${encodeURIComponent(q)}&page_size=4&page=${page}`,
        });
        expect(res.statusCode).toBe(200);
        const body = res.json<ProductPage>();
        pages.push(...body.results.map((p) => `product:${p.id}`));
        count = body.count;
      }
      expect(pages, q).toEqual((await listingIds(q)).slice(0, pages.length));
      expect(new Set(pages).size).toBe(pages.length);
      expect(count, q).toBe((await search(q)).counts.products);
    }
  });

  it('ranks as products/?q= does in a store (in stock there first)', async () => {
    const store = await storeWithStock();
    for (const q of ['skruv', 'tra', 'färg']) {
      expect(await searchIds(q, `&store_id=${store.id}`), q).toEqual(
        await listingIds(q, `&store_id=${store.id}`),
      );
    }
  });

  it('leaves out a product the store hides, and counts without it', async () => {
    const store = await storeWithStock();
    const product = await listedProduct('skruv');
    const q = `&store_id=${store.id}`;
    const before = await search(product.title, q);
    expect(before.products.map((p) => p.tracking_code)).toContain(`product:${product.id}`);
    await db().execute(sql`insert into stock (article_id, warehouse_id, quantity_on_hand,
        availability, stock_type, updated_at)
      select a.id, ${store.warehouseId}, 5, 8 | 1, 1, now() from articles a
        where a.product_id = ${product.id}
      on conflict (article_id, warehouse_id) do update set availability = excluded.availability`);
    try {
      const hidden = await search(product.title, q);
      expect(hidden.products.map((p) => p.tracking_code)).not.toContain(`product:${product.id}`);
      expect(hidden.counts.products).toBe(before.counts.products - 1);
      // Elsewhere it is still listed.
      const plain = await search(product.title);
      expect(plain.products.map((p) => p.tracking_code)).toContain(`product:${product.id}`);
    } finally {
      await db().execute(sql`update stock set availability = 1
        where warehouse_id = ${store.warehouseId}
          and article_id in (select id from articles where product_id = ${product.id})`);
    }
  });

  it('follows an assortment change without a refresh (the products trigger)', async () => {
    const product = await listedProduct('skruv');
    await db().execute(sql`update products set is_web_assortment = false where id = ${product.id}`);
    try {
      const web = await search(product.title, '&assortment=web');
      expect(web.products.map((p) => p.tracking_code)).not.toContain(`product:${product.id}`);
    } finally {
      await db().execute(
        sql`update products set is_web_assortment = true where id = ${product.id}`,
      );
    }
    const web = await search(product.title, '&assortment=web');
    expect(web.products.map((p) => p.tracking_code)).toContain(`product:${product.id}`);
  });
});

describe('index updates without a rebuild (migration 0011 triggers)', () => {
  it('finds a renamed store and a store moved to another town at once', async () => {
    const [store] = await queryRows<{ id: number; name: string; city: string }>(
      db(),
      sql`select id, name, city from stores where organisation_id = 'store-chain' and not is_central
        order by id desc limit 1`,
    );
    if (!store) throw new Error('No store');
    expect((await search('Grusköping')).stores).toEqual([]);
    await db().execute(sql`update stores set name = 'Byggvaruhuset Grusköping',
      city = 'Grusköping' where id = ${store.id}`);
    try {
      const found = await search('grusköping');
      expect(found.stores.map((s) => s.text)).toEqual(['Byggvaruhuset Grusköping']);
      expect(found.stores[0]?.tracking_code).toBe(`store:${store.id}`);
      expect(found.counts.stores).toBe(1);
    } finally {
      await db().execute(
        sql`update stores set name = ${store.name}, city = ${store.city} where id = ${store.id}`,
      );
    }
    const back = await search(store.city);
    expect(back.stores.map((s) => s.tracking_code)).toContain(`store:${store.id}`);
    expect((await search('grusköping')).stores).toEqual([]);
  });

  it('finds a new CMS page at once and drops it when unpublished or deleted', async () => {
    const [page] = await queryRows<{ id: number }>(
      db(),
      sql`insert into cms_nodes (organisation_id, uri, namespace, path, type, title, description)
        values ('store-chain', 'pages:/takvaxtguiden', 'pages', '/takvaxtguiden', 'page',
          'Takväxtguiden', 'Sedum och gröna tak steg för steg')
        returning id`,
    );
    if (!page) throw new Error('No page');
    try {
      const found = await search('takväxtguiden');
      expect(found.cms_pages).toEqual([
        {
          text: 'Takväxtguiden',
          url: '/takvaxtguiden',
          path: '/takvaxtguiden',
          tracking_code: `cms_page:${page.id}`,
        },
      ]);
      // Its description is searched too, inflected.
      expect((await search('sedum')).cms_pages.map((p) => p.text)).toContain('Takväxtguiden');
      await db().execute(sql`update cms_nodes set published = false where id = ${page.id}`);
      expect((await search('takväxtguiden')).cms_pages).toEqual([]);
      await db().execute(sql`update cms_nodes set published = true where id = ${page.id}`);
      expect((await search('takväxtguiden')).counts.cms_pages).toBe(1);
    } finally {
      await db().execute(sql`delete from cms_nodes where id = ${page.id}`);
    }
    expect((await search('takväxtguiden')).cms_pages).toEqual([]);
  });

  it('counts follow a product hidden and shown again (no stale count is reused)', async () => {
    const product = await listedProduct('skruv');
    const q = 'skruv';
    const before = (await search(q)).counts.products;
    expect((await search(q)).counts.products).toBe(before);
    const hidden = await queryRows<{ id: number }>(
      db(),
      sql`update articles set availability = availability | 8
        where product_id = ${product.id} and (availability & 8) = 0 returning id`,
    );
    try {
      expect((await search(q)).counts.products).toBe(before - 1);
    } finally {
      await db().execute(sql`update articles set availability = availability & ~8
        where id = any(${`{${hidden.map((a) => a.id).join(',')}}`}::int[])`);
    }
    expect((await search(q)).counts.products).toBe(before);
  });
});
