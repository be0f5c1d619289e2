import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bygg/contracts/common';
import { NO_PRODUCTS_FOUND_MESSAGE, type Picklist } from '@bygg/contracts/picklist';
import type { ArticleDetail } from '@bygg/contracts/products';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { PricingService } from '../../pricing/index.ts';
import { ProductsRepository } from './repository.ts';
import { ProductsService } from './service.ts';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

let t: ProductsTestApp;
const URL = '/api/v2.0/picklist/prices/';

async function post<T>(payload: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: URL,
    payload: payload as object,
    headers,
  });
  return { status: response.statusCode, body: response.json() as T };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.database.database.db, query);
}

async function article(id: number, storeId?: number): Promise<ArticleDetail> {
  const query = storeId === undefined ? '' : `?store_id=${storeId}`;
  const response = await t.app.inject({ url: `/api/v2.0/articles/${id}/${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as ArticleDetail;
}

/** Listed articles with a visible price and stock in store 1 (availability: sellable only). */
async function pricedInStore1(count: number): Promise<number[]> {
  const found = await rows<{ id: number }>(sql`select a.id from articles a
    join stock s on s.article_id = a.id
    join stores st on st.id = 1 and st.warehouse_id = s.warehouse_id
    where a.availability & 25 = 1 and s.availability & 57 = 1
    order by a.id limit ${count}`);
  expect(found).toHaveLength(count);
  return found.map((row) => Number(row.id));
}

beforeAll(async () => {
  t = await buildProductsTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /api/v2.0/picklist/prices/', () => {
  it('prices each line for the store incl. VAT, with stock there, and sums the lines in öre', async () => {
    const [a, b] = await pricedInStore1(2);
    const { status, body } = await post<Picklist>({
      store_id: 1,
      lines: [
        { article_id: a, quantity: 3 },
        { article_id: b, quantity: 1 },
      ],
    });
    expect(status).toBe(200);
    const [first, second] = [await article(a as number, 1), await article(b as number, 1)];
    expect(body.store_id).toBe(1);
    expect(body.vat).toBe('incl');
    expect(body.articles.map((entry) => entry.article_id)).toEqual([a, b]);
    expect(body.articles[0]).toMatchObject({
      slug: first.product.slug,
      title: first.product.title,
      quantity: 3,
      price: first.offer?.price,
      unit: first.product.unit,
      erp_article_numbers: first.erp_article_numbers,
    });
    expect(body.articles[0]?.stock?.store?.id).toBe(1);
    const expectedOre =
      Math.round((first.offer?.price ?? 0) * 100) * 3 +
      Math.round((second.offer?.price ?? 0) * 100);
    expect(body.sum).toBe(expectedOre / 100);
    expect(body.quantity).toBe(4);
    expect(body.missing).toEqual([]);
  });

  it('prices excl. VAT in the excl mode (b2b paths)', async () => {
    const [a] = await pricedInStore1(1);
    const { body } = await post<Picklist>({
      store_id: 1,
      vat: 'excl',
      lines: [{ article_id: a, quantity: 2 }],
    });
    const offer = (await article(a as number, 1)).offer;
    expect(body.vat).toBe('excl');
    expect(body.articles[0]?.price).toBe(offer?.price_excl_vat);
    expect(body.sum).toBe((Math.round((offer?.price_excl_vat ?? 0) * 100) * 2) / 100);
    expect(body.sum).toBeLessThan((offer?.price ?? 0) * 2);
  });

  it('uses the chain price and sends no stock without a store', async () => {
    const [a] = await pricedInStore1(1);
    const { body } = await post<Picklist>({ lines: [{ article_id: a, quantity: 1 }] });
    expect(body.store_id).toBeNull();
    expect(body.articles[0]?.price).toBe((await article(a as number)).offer?.price);
    expect(body.articles[0]?.stock).toBeNull();
  });

  it('leaves the sum undefined (null) when one line has no price, keeping the line', async () => {
    const [hidden] = await rows<{ id: number }>(sql`select id from articles
      where availability & 25 = 17 order by id limit 1`);
    const [a] = await pricedInStore1(1);
    const { status, body } = await post<Picklist>({
      lines: [
        { article_id: a, quantity: 1 },
        { article_id: Number(hidden?.id), quantity: 2 },
      ],
    });
    expect(status).toBe(200);
    expect(body.articles).toHaveLength(2);
    expect(body.articles[1]).toMatchObject({ price: null, sum: null, quantity: 2 });
    expect(body.articles[0]?.sum).not.toBeNull();
    expect(body.sum).toBeNull();
  });

  it('skips articles that do not exist or are hidden, naming them in missing', async () => {
    const [a] = await pricedInStore1(1);
    const [hidden] = await rows<{ id: number }>(
      sql`select id from articles where availability & 8 = 8 order by id limit 1`,
    );
    const { status, body } = await post<Picklist>({
      lines: [
        { article_id: 1, quantity: 1 },
        { article_id: a, quantity: 1 },
        { article_id: Number(hidden?.id), quantity: 1 },
      ],
    });
    expect(status).toBe(200);
    expect(body.articles.map((entry) => entry.article_id)).toEqual([a]);
    expect(body.missing).toEqual([1, Number(hidden?.id)]);
  });

  it("answers 404 'No products found' when none of the articles is found", async () => {
    const { status, body } = await post<ApiError>({ lines: [{ article_id: 1, quantity: 1 }] });
    expect(status).toBe(404);
    expect(body.message).toBe(NO_PRODUCTS_FOUND_MESSAGE);
  });

  it("does not price another organisation's articles", async () => {
    const [own] = await rows<{ id: number }>(sql`select a.id from articles a
      join products p on p.id = a.product_id
      where not ('building-supply' = any(p.organisation_ids)) and a.availability & 25 = 1
      order by a.id limit 1`);
    const { status } = await post(
      { lines: [{ article_id: Number(own?.id), quantity: 1 }] },
      { 'x-organisation': 'building-supply' },
    );
    expect(status).toBe(404);
  });

  it.each([
    ['no lines', { lines: [] }, 'body.lines'],
    ['a zero quantity', { lines: [{ article_id: 1234567, quantity: 0 }] }, 'body.lines.0.quantity'],
    [
      'a negative quantity',
      { lines: [{ article_id: 1234567, quantity: -2 }] },
      'body.lines.0.quantity',
    ],
    [
      'a huge quantity',
      { lines: [{ article_id: 1234567, quantity: 1e9 }] },
      'body.lines.0.quantity',
    ],
    [
      'a fractional quantity',
      { lines: [{ article_id: 1234567, quantity: 1.5 }] },
      'body.lines.0.quantity',
    ],
    [
      'a text quantity',
      { lines: [{ article_id: 1234567, quantity: 'två' }] },
      'body.lines.0.quantity',
    ],
    ['a text article id', { lines: [{ article_id: 'x', quantity: 1 }] }, 'body.lines.0.article_id'],
    [
      'the same article twice',
      {
        lines: [
          { article_id: 1234567, quantity: 1 },
          { article_id: 1234567, quantity: 2 },
        ],
      },
      'body.lines.1.article_id',
    ],
    [
      'an unknown price mode',
      { vat: 'none', lines: [{ article_id: 1234567, quantity: 1 }] },
      'body.vat',
    ],
    [
      'too many lines',
      { lines: Array.from({ length: 201 }, (_, i) => ({ article_id: i + 1, quantity: 1 })) },
      'body.lines',
    ],
  ])('answers 400 naming the field for %s', async (_case, payload, path) => {
    const { status, body } = await post<ApiError>(payload);
    expect(status).toBe(400);
    expect(body.fields?.map((field) => field.path)).toContain(path);
  });

  it('answers 400 naming body.store_id for an unknown store', async () => {
    const [a] = await pricedInStore1(1);
    const { status, body } = await post<ApiError>({
      store_id: 999_999,
      lines: [{ article_id: a, quantity: 1 }],
    });
    expect(status).toBe(400);
    expect(body.fields?.[0]?.path).toBe('body.store_id');
  });

  it('prices 200 lines with the same number of queries as 2 (no N+1)', async () => {
    const db = t.database.database.db;
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          queries++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const service = new ProductsService(
      new ProductsRepository(counting),
      new PricingService(counting),
      () => t.now,
    );
    const ids = (
      await rows<{ id: number }>(
        sql`select id from articles where availability & 25 = 1 order by id limit 200`,
      )
    ).map((row) => Number(row.id));
    const countFor = async (n: number) => {
      queries = 0;
      const found = await service.articlesById('store-chain', ids.slice(0, n), 1, {
        companyId: null,
      });
      expect(found.size).toBeGreaterThan(0);
      return queries;
    };
    await countFor(1); // warms the store lookup
    expect(await countFor(200)).toBe(await countFor(2));
  });
});
