import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignList, Supplier } from '@bygg/contracts/catalog';
import type { ApiError } from '@bygg/contracts/common';
import type { Product, ProductPage } from '@bygg/contracts/products';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { listingPageQuery } from './listing-query.ts';
import { ProductsRepository } from './repository.ts';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

// Issue 3, remaining parts: campaign, supplier and store-assortment listings, brand facets,
// the precomputed sort keys and the cache headers of catalogue replies.

let t: ProductsTestApp;

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.database.database.db, query);
}

async function everything(url: string): Promise<Product[]> {
  const all: Product[] = [];
  let next: string | null = url;
  while (next) {
    const page: { status: number; body: ProductPage } = await get<ProductPage>(next);
    expect(page.status).toBe(200);
    all.push(...page.body.results);
    next = page.body.next;
  }
  return all;
}

function fieldsOf(body: ApiError): string[] {
  return (body.fields ?? []).map((field) => field.path);
}

beforeAll(async () => {
  t = await buildProductsTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('campaigns', () => {
  it('lists the campaigns running now, each with its storefront page', async () => {
    const { status, body } = await get<CampaignList>('/api/v2.0/campaigns/');
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    for (const campaign of body.results) {
      expect(campaign.is_active).toBe(true);
      expect(campaign.url).toBe(`/kampanjer/${campaign.slug}`);
      expect(new Date(campaign.starts_at) <= t.now).toBe(true);
      expect(new Date(campaign.ends_at) > t.now).toBe(true);
    }
  });

  it('lists only the organisation of the request', async () => {
    const chain = await get<CampaignList>('/api/v2.0/campaigns/');
    const supply = await get<CampaignList>('/api/v2.0/campaigns/', {
      'x-organisation': 'building-supply',
    });
    const chainSlugs = chain.body.results.map((c) => c.slug);
    expect(supply.body.results.every((c) => !chainSlugs.includes(c.slug))).toBe(true);
  });

  it('answers one campaign by slug, 404 for an unknown one and 400 for a malformed slug', async () => {
    const [first] = (await get<CampaignList>('/api/v2.0/campaigns/')).body.results;
    const one = await get<Campaign>(`/api/v2.0/campaigns/${first?.slug}/`);
    expect(one.status).toBe(200);
    expect(one.body.title).toBe(first?.title);
    expect((await get<ApiError>('/api/v2.0/campaigns/finns-inte/')).status).toBe(404);
    const bad = await get<ApiError>('/api/v2.0/campaigns/Fel_Slug/');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('params.slug');
  });

  it('filters products to those with a price of the campaign now', async () => {
    const [campaign] = (await get<CampaignList>('/api/v2.0/campaigns/')).body.results;
    const products = await everything(
      `/api/v2.0/products/?campaign=${campaign?.slug}&page_size=100`,
    );
    const expected = await rows<{ id: number }>(sql`select distinct a.product_id as id
      from prices pr join articles a on a.id = pr.article_id join campaigns c on c.id = pr.campaign_id
      where c.slug = ${campaign?.slug} and pr.store_id is null`);
    const expectedIds = new Set(expected.map((r) => Number(r.id)));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => expectedIds.has(p.id))).toBe(true);
    // Every card on a campaign page shows the campaign's reduction.
    expect(products.some((p) => p.best_offer?.reduced_from !== null)).toBe(true);
  });

  it('answers 404 for products of an unknown campaign and 400 for a malformed one', async () => {
    const unknown = await get<ApiError>('/api/v2.0/products/?campaign=finns-inte');
    expect(unknown.status).toBe(404);
    const bad = await get<ApiError>('/api/v2.0/products/?campaign=inte%20en%20slug');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('query.campaign');
  });
});

describe('suppliers', () => {
  it('answers a supplier with its contact details, and its products by supplier_ids', async () => {
    const [row] = await rows<{
      slug: string;
      id: number;
      name: string;
    }>(sql`select s.slug, s.id, s.name
      from suppliers s where exists (select 1 from products p where p.supplier_id = s.id
        and 'store-chain' = any(p.organisation_ids)) order by s.id limit 1`);
    const supplier = await get<Supplier>(`/api/v2.0/suppliers/${row?.slug}/`);
    expect(supplier.status).toBe(200);
    expect(supplier.body).toMatchObject({
      id: row?.id,
      name: row?.name,
      url: `/leverantorer/${row?.slug}`,
    });
    expect(supplier.body.org_number).toMatch(/^\d{6}-\d{4}$/);
    const products = await get<ProductPage>(`/api/v2.0/products/?supplier_ids=${row?.id}`);
    expect(products.status).toBe(200);
    expect(products.body.count).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown supplier and 400 for a malformed slug', async () => {
    expect((await get<ApiError>('/api/v2.0/suppliers/finns-inte/')).status).toBe(404);
    const bad = await get<ApiError>('/api/v2.0/suppliers/%C3%A5%C3%A4%C3%B6/');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body)).toContain('params.slug');
  });
});

describe('the local assortment of a store', () => {
  it('lists products with an article the store keeps in stock itself', async () => {
    const [store] = await rows<{ id: number; warehouseId: number }>(sql`select id,
      warehouse_id as "warehouseId" from stores where organisation_id = 'store-chain'
      and not is_central order by id limit 1`);
    const products = await everything(
      `/api/v2.0/products/?store_id=${store?.id}&local_assortment=true&page_size=100`,
    );
    const stocked = await rows<{ id: number }>(sql`select distinct a.product_id as id
      from articles a join stock s on s.article_id = a.id
      where s.warehouse_id = ${store?.warehouseId} and (s.stock_type & 1) <> 0`);
    const stockedIds = new Set(stocked.map((r) => Number(r.id)));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => stockedIds.has(p.id))).toBe(true);
    const all = await get<ProductPage>(`/api/v2.0/products/?store_id=${store?.id}`);
    expect(products.length).toBeLessThan(all.body.count);
  });

  it('refuses local_assortment without a store, naming the field', async () => {
    const { status, body } = await get<ApiError>('/api/v2.0/products/?local_assortment=true');
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain('query.local_assortment');
  });
});

describe('brand facets', () => {
  it('counts the products per brand of the current filter, ignoring the brand filter', async () => {
    const { body } = await get<ProductPage>('/api/v2.0/products/?facets=brand&page_size=1');
    const brands = body.facets?.brands ?? [];
    expect(brands.length).toBeGreaterThan(1);
    const all = await everything('/api/v2.0/products/?page_size=100');
    const counted = new Map<string, number>();
    for (const product of all) {
      if (product.brand)
        counted.set(product.brand.slug, (counted.get(product.brand.slug) ?? 0) + 1);
    }
    for (const facet of brands) expect(facet.count).toBe(counted.get(facet.slug));
    expect(brands.map((b) => b.count)).toEqual(
      [...brands.map((b) => b.count)].sort((a, b) => b - a),
    );

    const chosen = brands[0]?.slug as string;
    const filtered = await get<ProductPage>(
      `/api/v2.0/products/?facets=brand&brand=${chosen}&page_size=100`,
    );
    expect(filtered.body.count).toBe(brands[0]?.count);
    expect(filtered.body.facets?.brands).toEqual(brands);
  });

  it('sends no facets unless asked, and refuses an unknown facet', async () => {
    expect((await get<ProductPage>('/api/v2.0/products/')).body.facets).toBeUndefined();
    const bad = await get<ApiError>('/api/v2.0/products/?facets=colour');
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.body).some((path) => path.startsWith('query.facets'))).toBe(true);
  });
});

describe('precomputed sort keys', () => {
  async function waitForKeys(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [state] = await rows<{ n: number }>(
        sql`select count(*)::int as n from product_sort_key_state where organisation_id = 'store-chain'`,
      );
      if (Number(state?.n) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('The sort keys were not built');
  }

  it('gives the same pages from the keys as from the live aggregate, with and without a store', async () => {
    const [store] = await rows<{ id: number }>(sql`select s.id from stores s
      where s.organisation_id = 'store-chain' and not s.is_central
        and exists (select 1 from prices p where p.store_id = s.id) order by s.id limit 1`);
    const urls = ['price', '-price', 'discounts', 'availability'].flatMap((sort) => [
      `/api/v2.0/products/?sort=${sort}&page_size=30`,
      `/api/v2.0/products/?sort=${sort}&page_size=30&page=2`,
      `/api/v2.0/products/?sort=${sort}&page_size=30&store_id=${store?.id}`,
    ]);
    // Before the keys exist every request takes the live query and starts the build.
    const live = [];
    for (const url of urls) live.push((await get<ProductPage>(url)).body.results.map((p) => p.id));
    await waitForKeys();
    for (const [i, url] of urls.entries()) {
      const keyed = (await get<ProductPage>(url)).body.results.map((p) => p.id);
      expect(keyed, url).toEqual(live[i]);
    }
  });
});

describe('sort=availability in a store, rank by rank', () => {
  it('pages through exactly the order of the live aggregate, across the rank boundaries', async () => {
    const repository = new ProductsRepository(t.database.database.db);
    const [row] = await rows<{ id: number }>(sql`select id from stores
      where organisation_id = 'store-chain' and not is_central order by id limit 1`);
    const store = await repository.storeContext(Number(row?.id));
    if (!store) throw new Error('no store');
    const filter = { organisation: 'store-chain' as const, store, assortment: 'all' as const };
    const live = (
      await rows<{ id: number }>(
        listingPageQuery(filter, 'availability', { limit: 10_000, offset: 0 }, t.now),
      )
    ).map((r) => Number(r.id));
    expect(live.length).toBeGreaterThan(40);
    // Pages of 7 cross every rank boundary somewhere inside a page.
    const paged: number[] = [];
    for (let offset = 0; offset < live.length; offset += 7) {
      paged.push(
        ...(await repository.listingPage(filter, 'availability', { limit: 7, offset }, t.now)),
      );
    }
    expect(paged).toEqual(live);
    // A deep page on its own (the ranks before it are counted, not read).
    const deep = await repository.listingPage(
      filter,
      'availability',
      { limit: 7, offset: live.length - 10 },
      t.now,
    );
    expect(deep).toEqual(live.slice(live.length - 10, live.length - 3));
  });
});

describe('cache headers', () => {
  it('lets shared caches keep anonymous catalogue replies, with stale-while-revalidate', async () => {
    for (const url of ['/api/v2.0/products/', '/api/v2.0/category_tree/', '/api/v2.0/campaigns/']) {
      const { headers } = await get<unknown>(url);
      expect(headers['cache-control'], url).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(String(headers.vary)).toContain('x-organisation');
    }
  });

  it('keeps prices and stock without stale-while-revalidate', async () => {
    const [product] = (await get<ProductPage>('/api/v2.0/products/?page_size=1')).body.results;
    const { headers } = await get<unknown>(`/api/v2.0/products/${product?.id}/prices/`);
    expect(headers['cache-control']).toBe('public, max-age=60');
  });

  it('caches stores/{id}/ ten times the default lifetime', async () => {
    const [store] = await rows<{ id: number }>(sql`select id from stores order by id limit 1`);
    const { headers } = await get<unknown>(`/api/v2.0/stores/${store?.id}/`);
    expect(headers['cache-control']).toBe('public, max-age=600');
  });

  it('makes replies to a logged-in trade user private, never stored', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/proffs/user/login/',
      payload: { username: 'erik.nordin@nordinssnickeri.example', password: 'Proffs2026!' },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'sessionid');
    expect(cookie).toBeDefined();
    const { headers } = await get<unknown>('/api/v2.0/products/', {
      cookie: `sessionid=${cookie?.value}`,
    });
    expect(headers['cache-control']).toBe('private, no-store');
  });

  it('never lets a shared cache keep an error', async () => {
    const { status, headers } = await get<unknown>('/api/v2.0/products/finns-inte-alls/');
    expect(status).toBe(404);
    expect(headers['cache-control']).toBeUndefined();
  });
});

describe('ping', () => {
  it('answers without reading anything, never cached', async () => {
    const { status, body, headers } = await get<{ ok: boolean }>('/api/v2.0/ping/');
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(headers['cache-control']).toBe('no-store');
  });
});
