import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bygg/contracts/common';
import type { Product, ProductPage } from '@bygg/contracts/products';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { AVAILABILITY } from '@bygg/domain/availability';
import { stockRank, stockStatusFromQuantity } from '@bygg/domain/stock';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

let t: ProductsTestApp;

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() as T };
}

/** Every product of a listing, following the next links as the paginated helper does. */
async function everything(url: string, headers: Record<string, string> = {}): Promise<Product[]> {
  const all: Product[] = [];
  let next: string | null = url;
  while (next) {
    const page: { status: number; body: ProductPage } = await get<ProductPage>(next, headers);
    const { status, body } = page;
    expect(status).toBe(200);
    all.push(...body.results);
    next = body.next;
  }
  return all;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.database.database.db, query);
}

/** Products sold by the store chain that have an article sellable and not hidden. */
async function listedIds(): Promise<number[]> {
  const found = await rows<{ id: number }>(sql`select p.id from products p
    where 'store-chain' = any(p.organisation_ids)
      and exists (select 1 from articles a where a.product_id = p.id and a.availability & 9 = 1)
    order by p.id`);
  return found.map((r) => r.id);
}

function sortedBy<T>(items: T[], key: (item: T) => number, direction: 'asc' | 'desc'): boolean {
  return items.every(
    (item, i) =>
      i === 0 ||
      (direction === 'asc'
        ? key(items[i - 1] as T) <= key(item)
        : key(items[i - 1] as T) >= key(item)),
  );
}

let all: Product[];

beforeAll(async () => {
  t = await buildProductsTestApp();
  all = await everything('/api/v2.0/products/?page_size=100');
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v2.0/products/ pages', () => {
  it('lists every listed product of the store chain once, over pages of 100', async () => {
    const ids = all.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(await listedIds());
  });

  it('pages by 24 by default with count, next and previous links that keep the filters', async () => {
    const first = await get<ProductPage>('/api/v2.0/products/?sort=price');
    expect(first.body.results).toHaveLength(24);
    expect(first.body.count).toBe(all.length);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/v2.0/products/?sort=price&page=2');
    const second = await get<ProductPage>(first.body.next as string);
    expect(second.body.previous).toBe('/api/v2.0/products/?sort=price&page=1');
    const firstIds = new Set(first.body.results.map((p) => p.id));
    expect(second.body.results.some((p) => firstIds.has(p.id))).toBe(false);
  });

  it('has no next link on the last page and an empty page past the end', async () => {
    const size = 100;
    const last = Math.ceil(all.length / size);
    const end = await get<ProductPage>(`/api/v2.0/products/?page_size=${size}&page=${last}`);
    expect(end.body.next).toBeNull();
    expect(end.body.results).toHaveLength(all.length - (last - 1) * size);
    const past = await get<ProductPage>(`/api/v2.0/products/?page_size=${size}&page=${last + 1}`);
    expect(past.body.results).toEqual([]);
    expect(past.body.count).toBe(all.length);
  });

  it('gives each product its card: brand, cover image srcset, best offer in kronor, article numbers', () => {
    const card = all.find((p) => p.brand && p.best_offer) as Product;
    expect(card.url).toBe(`/produkt/${card.slug}`);
    expect(card.cover_image?.sources.map((s) => s.width)).toEqual([160, 320, 640, 960, 1280]);
    expect(card.cover_image?.sources[0]?.src).toMatch(/^\/media\/products\/p\d+-1\/160\.webp$/);
    expect(card.best_offer?.article_id).toBe(card.article_id);
    expect(Number.isInteger(Math.round((card.best_offer?.price ?? 0) * 100))).toBe(true);
    expect(card.erp_article_numbers).toContain(card.first_article_reference);
    expect(card).not.toHaveProperty('stock');
  });
});

describe('GET /api/v2.0/products/ hidden items', () => {
  it('never lists a product whose articles are all hidden or not sellable', async () => {
    const hidden = await rows<{ id: number }>(sql`select product_id as id from articles
      group by product_id having bool_and(availability & 9 <> 1)`);
    expect(hidden.length).toBeGreaterThan(0);
    const ids = new Set(all.map((p) => p.id));
    expect(hidden.filter((h) => ids.has(h.id))).toEqual([]);
  });

  it('leaves out a product hidden in the chosen store’s warehouse but lists it elsewhere', async () => {
    const [row] = await rows<{ product_id: number; store_id: number }>(sql`
      select a.product_id, st.id as store_id
      from stock s
      join articles a on a.id = s.article_id
      join stores st on st.warehouse_id = s.warehouse_id and st.organisation_id = 'store-chain'
      where s.availability & 8 = 8 and a.availability & 9 = 1
        and (select count(*) from articles x where x.product_id = a.product_id) = 1
      order by a.product_id limit 1`);
    expect(row).toBeDefined();
    const { product_id: productId, store_id: storeId } = row as {
      product_id: number;
      store_id: number;
    };
    const inStore = await everything(`/api/v2.0/products/?page_size=100&store_id=${storeId}`);
    expect(inStore.some((p) => p.id === productId)).toBe(false);
    expect(all.some((p) => p.id === productId)).toBe(true);
  });

  it('sends no best offer for an article whose price is hidden', async () => {
    const priceHidden = await rows<{ product_id: number }>(sql`select product_id from articles
      where availability & 25 = 17 and product_id in
        (select product_id from articles group by product_id having count(*) = 1)`);
    expect(priceHidden.length).toBeGreaterThan(0);
    for (const { product_id: id } of priceHidden) {
      const card = all.find((p) => p.id === id);
      expect(card?.best_offer).toBeNull();
    }
  });
});

describe('GET /api/v2.0/products/ sort orders', () => {
  it('sorts by popularity, most popular first, by default', async () => {
    const popularity = new Map(
      (
        await rows<{ id: number; popularity: number }>(sql`select id, popularity from products`)
      ).map((r) => [r.id, r.popularity]),
    );
    expect(sortedBy(all, (p) => popularity.get(p.id) ?? -1, 'desc')).toBe(true);
    const reverse = await everything('/api/v2.0/products/?page_size=100&sort=-popular');
    expect(sortedBy(reverse, (p) => popularity.get(p.id) ?? -1, 'asc')).toBe(true);
  });

  it('sorts by the best offer, cheapest first, with unpriced products last; -price reverses', async () => {
    const cheap = await everything('/api/v2.0/products/?page_size=100&sort=price');
    const priced = cheap.filter((p) => p.best_offer);
    expect(priced.length).toBeGreaterThan(100);
    expect(sortedBy(priced, (p) => p.best_offer?.price ?? 0, 'asc')).toBe(true);
    expect(cheap.slice(priced.length).every((p) => p.best_offer === null)).toBe(true);
    const dear = await everything('/api/v2.0/products/?page_size=100&sort=-price');
    expect(
      sortedBy(
        dear.filter((p) => p.best_offer),
        (p) => p.best_offer?.price ?? 0,
        'desc',
      ),
    ).toBe(true);
    expect(dear).toHaveLength(cheap.length);
  });

  it('sorts by the campaign reduction, largest first, with products on campaign before the rest', async () => {
    const list = await everything('/api/v2.0/products/?page_size=100&sort=discounts');
    const single = list.filter((p) => p.article_count === 1);
    const reduction = (p: Product) =>
      p.best_offer?.reduced_from ? 1 - p.best_offer.price / p.best_offer.reduced_from : -1;
    expect(single.some((p) => reduction(p) > 0)).toBe(true);
    expect(sortedBy(single, reduction, 'desc')).toBe(true);
  });

  it('sorts by stock in the chosen store, highest status first', async () => {
    const list = await everything('/api/v2.0/products/?page_size=100&store_id=1&sort=availability');
    const single = list.filter((p) => p.article_count === 1);
    const rank = (p: Product) => (p.stock ? stockRank(p.stock.status) : 0);
    expect(new Set(single.map(rank)).size).toBeGreaterThan(2);
    expect(sortedBy(single, rank, 'desc')).toBe(true);
    const reverse = await everything(
      '/api/v2.0/products/?page_size=100&store_id=1&sort=-availability',
    );
    expect(
      sortedBy(
        reverse.filter((p) => p.article_count === 1),
        rank,
        'asc',
      ),
    ).toBe(true);
  });
});

describe('GET /api/v2.0/products/ filters', () => {
  it('filters by a category path including every descendant category', async () => {
    const [top] = await rows<{ path: string }>(sql`select path from categories where level = 1
      order by sort_order limit 1`);
    const path = (top as { path: string }).path;
    const list = await everything(`/api/v2.0/products/?page_size=100&category=${path}`);
    const expected = await rows<{ id: number }>(sql`select p.id from products p
      join categories c on c.id = p.category_id
      where c.path like ${`${path}/%`} and 'store-chain' = any(p.organisation_ids)
        and exists (select 1 from articles a where a.product_id = p.id and a.availability & 9 = 1)
      order by p.id`);
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id));
  });

  it('filters by brands, repeated or comma-separated alike', async () => {
    const brands = [...new Set(all.flatMap((p) => (p.brand ? [p.brand.slug] : [])))].slice(0, 2);
    const comma = await everything(`/api/v2.0/products/?page_size=100&brand=${brands.join(',')}`);
    const repeated = await everything(
      `/api/v2.0/products/?page_size=100&${brands.map((b) => `brand=${b}`).join('&')}`,
    );
    expect(comma.length).toBeGreaterThan(0);
    expect(comma.every((p) => brands.includes(p.brand?.slug ?? ''))).toBe(true);
    expect(repeated.map((p) => p.id)).toEqual(comma.map((p) => p.id));
    expect(comma).toHaveLength(all.filter((p) => brands.includes(p.brand?.slug ?? '')).length);
  });

  it('filters by supplier ids', async () => {
    const [supplier] = await rows<{ supplier_id: number }>(sql`select supplier_id from products
      group by supplier_id order by count(*) desc limit 1`);
    const id = (supplier as { supplier_id: number }).supplier_id;
    const list = await everything(`/api/v2.0/products/?page_size=100&supplier_ids=${id}`);
    const ids = new Set(
      (await rows<{ id: number }>(sql`select id from products where supplier_id = ${id}`)).map(
        (r) => r.id,
      ),
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => ids.has(p.id))).toBe(true);
  });

  it('matches q against title, brand and category words', async () => {
    const list = await everything('/api/v2.0/products/?page_size=100&q=Regel');
    expect(list.length).toBeGreaterThan(0);
    const texts = new Map(
      (
        await rows<{ id: number; search_text: string }>(sql`select id, search_text from products`)
      ).map((r) => [r.id, r.search_text]),
    );
    expect(list.every((p) => texts.get(p.id)?.includes('regel'))).toBe(true);
    expect(list).toHaveLength(all.filter((p) => texts.get(p.id)?.includes('regel')).length);
  });

  it('narrows to the web or the central assortment', async () => {
    const flags = new Map(
      (
        await rows<{ id: number; web: boolean; central: boolean }>(
          sql`select id, is_web_assortment as web, is_central_assortment as central from products`,
        )
      ).map((r) => [r.id, r]),
    );
    const web = await everything('/api/v2.0/products/?page_size=100&assortment=web');
    const central = await everything('/api/v2.0/products/?page_size=100&assortment=central');
    expect(web.length).toBeLessThan(all.length);
    expect(web.every((p) => flags.get(p.id)?.web)).toBe(true);
    expect(central.every((p) => flags.get(p.id)?.central)).toBe(true);
    expect(web).toHaveLength(all.filter((p) => flags.get(p.id)?.web).length);
  });

  it('keeps only products in stock in the chosen store, with their stock entry', async () => {
    const list = await everything('/api/v2.0/products/?page_size=100&store_id=1&in_stock=true');
    const withStore = await everything('/api/v2.0/products/?page_size=100&store_id=1');
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThan(withStore.length);
    for (const p of list.filter((x) => x.article_count === 1)) {
      expect(['HIGH_IN_STOCK', 'LOW_IN_STOCK']).toContain(p.stock?.status);
      expect(p.stock?.store?.id).toBe(1);
    }
    const inStock = await rows<{ product_id: number }>(sql`select distinct a.product_id
      from stock s join articles a on a.id = s.article_id
      join stores st on st.id = 1 and st.warehouse_id = s.warehouse_id
      where s.quantity_on_hand > 0 and (s.availability | a.availability) & 40 = 0
        and a.availability & 9 = 1`);
    const expected = new Set(inStock.map((r) => r.product_id));
    expect(list.filter((p) => !expected.has(p.id))).toEqual([]);
  });

  it('keeps the best offer within price_min and price_max (kronor)', async () => {
    const list = await everything('/api/v2.0/products/?page_size=100&price_min=100&price_max=500');
    expect(list.length).toBeGreaterThan(0);
    expect(
      list.every((p) => p.best_offer && p.best_offer.price >= 100 && p.best_offer.price <= 500),
    ).toBe(true);
    expect(list).toHaveLength(
      all.filter((p) => p.best_offer && p.best_offer.price >= 100 && p.best_offer.price <= 500)
        .length,
    );
  });

  it('serves the other organisation’s products and prices when the header names it', async () => {
    const headers = { 'x-organisation': 'building-supply' };
    const list = await everything('/api/v2.0/products/?page_size=100', headers);
    const orgs = new Map(
      (
        await rows<{ id: number; organisation_ids: string[] | string }>(
          sql`select id, organisation_ids from products`,
        )
      ).map((r) => [r.id, String(r.organisation_ids)]),
    );
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => orgs.get(p.id)?.includes('building-supply'))).toBe(true);
  });

  it('gives each card the stock of its article in the chosen store, status from the quantity', async () => {
    const list = await everything('/api/v2.0/products/?page_size=100&store_id=1');
    const stock = new Map(
      (
        await rows<{ article_id: number; quantity_on_hand: number | null; availability: number }>(
          sql`select s.article_id, s.quantity_on_hand, s.availability from stock s
            join stores st on st.id = 1 and st.warehouse_id = s.warehouse_id`,
        )
      ).map((r) => [r.article_id, r]),
    );
    let checked = 0;
    for (const card of list) {
      const row = stock.get(card.article_id);
      if (!row) {
        expect(card.stock).toBeNull();
        continue;
      }
      if ((card.stock?.availability ?? 0) & AVAILABILITY.HIDDEN_STOCK) {
        expect(card.stock).toMatchObject({ status: 'UNKNOWN', quantity_on_hand: null });
      } else {
        expect(card.stock?.status).toBe(stockStatusFromQuantity(row.quantity_on_hand));
        expect(card.stock?.quantity_on_hand).toBe(row.quantity_on_hand);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('GET /api/v2.0/products/ bad input', () => {
  const fieldsOf = async (query: string) => {
    const { status, body } = await get<ApiError>(`/api/v2.0/products/?${query}`);
    expect(status).toBe(400);
    return body.fields?.map((f) => f.path) ?? [];
  };

  it.each([
    ['page=0', 'query.page'],
    ['page_size=1000', 'query.page_size'],
    ['sort=foo', 'query.sort'],
    ['store_id=abc', 'query.store_id'],
    ['assortment=lokal', 'query.assortment'],
    ['in_stock=ja&store_id=1', 'query.in_stock'],
    ['in_stock=true', 'query.in_stock'],
    ['price_min=500&price_max=100', 'query.price_max'],
    ['price_min=-1', 'query.price_min'],
    ['brand=Not%20A%20Slug', 'query.brand.0'],
    ['supplier_ids=1,x', 'query.supplier_ids.1'],
    ['category=..%2Fetc', 'query.category'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    expect(await fieldsOf(query)).toContain(field);
  });

  it('refuses pages past the product count cap with the spec’s message', async () => {
    const { status, body } = await get<ApiError>('/api/v2.0/products/?page=500');
    expect(status).toBe(400);
    expect(body.fields).toEqual([
      { path: 'query.page', message: 'För högt antal produkter, försök igen med ett lägre antal' },
    ]);
  });

  it('answers 400 for a store that does not exist or belongs to the other organisation', async () => {
    expect(await fieldsOf('store_id=99999')).toEqual(['query.store_id']);
    const [other] = await rows<{ id: number }>(
      sql`select id from stores where organisation_id = 'building-supply' limit 1`,
    );
    expect(await fieldsOf(`store_id=${(other as { id: number }).id}`)).toEqual(['query.store_id']);
  });

  it('answers 404 for a category that does not exist', async () => {
    const { status } = await get<ApiError>('/api/v2.0/products/?category=finns-inte/alls');
    expect(status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the products routes with their query parameters', () => {
    const document = t.app.swagger() as {
      paths: Record<string, { get: { parameters?: Array<{ name: string }> } }>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2.0/products/',
        '/api/v2.0/products/{id}/',
        '/api/v2.0/products/{id}/stocked_warehouses/',
        '/api/v2.0/products/{id}/prices/',
        '/api/v2.0/products/recommendations/',
        '/api/v2.0/products/suggest/',
        '/api/v2.0/products/by_page_slugs/',
        '/api/v2.0/products/stock/',
        '/api/v2.0/articles/{id}/',
        '/api/v2.0/articles/{id}/offer/',
      ]),
    );
    const names = document.paths['/api/v2.0/products/']?.get.parameters?.map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['page', 'page_size', 'category', 'brand', 'store_id', 'sort', 'q']),
    );
  });
});
