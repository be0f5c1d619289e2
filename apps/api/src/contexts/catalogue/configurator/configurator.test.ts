import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@bygg/contracts/common';
import type { ConfiguratorQuote } from '@bygg/contracts/configurator';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { ELITFONSTER_WINDOW, windowListPriceOre } from '@bygg/domain/window-configurator';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

let t: ProductsTestApp;
const BASE = '/api/v2.0/configurators/elitfonster';
const STORE_CHAIN = { 'x-organisation': 'store-chain' };

async function get<T>(url: string, headers: Record<string, string> = STORE_CHAIN) {
  const response = await t.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() as T };
}

const query = (s: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(s).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

const window = {
  width: 10,
  height: 12,
  glazing: '3-glas',
  depth: '155',
  opening: 'overkantshangt',
  colour: 'gra',
};

beforeAll(async () => {
  t = await buildProductsTestApp();
});
afterAll(async () => t.close());

describe('GET /api/v2.0/configurators/:brand/', () => {
  it('answers the Elitfönster configurator with its steps and a priced default window', async () => {
    const { status, body } = await get<ConfiguratorQuote>(`${BASE}/`);
    expect(status).toBe(200);
    expect(body.product.title).toMatch(/^Elitfönster /);
    expect(body.steps.map((s) => s.label)).toEqual([
      'Bredd',
      'Höjd',
      'Glas',
      'Karmdjup',
      'Öppning',
      'Karmfärg',
    ]);
    expect(body.steps.find((s) => s.name === 'opening')?.choices.map((c) => c.label)).toEqual([
      'Fast',
      'Sidohängt',
      'Överkantshängt',
      'Vridfönster',
    ]);
    expect(body.selection).toMatchObject({ width: 10, height: 12, glazing: '2-glas' });
    expect(body.offer?.price).toBeGreaterThan(0);
    // The default (2-glas, 115 mm) marks 3-glas with the reason it cannot go in that frame.
    const triple = body.steps
      .find((s) => s.name === 'glazing')
      ?.choices.find((c) => c.value === '3-glas');
    expect(triple?.refused).toMatch(/3-glas kräver djup karm/);
  });

  it('is 404 for a brand without a configurator and for the other organisation', async () => {
    expect((await get<ApiError>('/api/v2.0/configurators/gyproc/')).status).toBe(404);
    expect((await get<ApiError>(`${BASE}/`, { 'x-organisation': 'building-supply' })).status).toBe(
      404,
    );
  });
});

describe('GET /api/v2.0/configurators/:brand/quote/', () => {
  it('resolves the choice to a real article, priced from the price table as the cart prices it', async () => {
    const { status, body } = await get<ConfiguratorQuote>(`${BASE}/quote/?${query(window)}`);
    expect(status).toBe(200);
    expect(body.title).toBe(
      'Elitfönster träfönster 10×12 dm, 3-glas, överkantshängt, karm 155 mm, grå, U 0,90',
    );
    expect(body.u_value).toBe(0.9);
    const [article] = await queryRows<{ title: string; product_id: number; price_ore: number }>(
      t.database.database.db,
      sql`select a.title, a.product_id, p.price_ore from articles a
        join prices p on p.article_id = a.id and p.store_id is null and p.organisation_id = 'store-chain'
        where a.id = ${body.article_id}`,
    );
    expect(article?.title).toBe(body.title);
    expect(article?.product_id).toBe(body.product.id);
    // The seeded list price is the domain's price of this window:
    // (1 900 + 1,2 m² × 3 100 + 1 100) × 1,08 (deep frame) × 1,10 (grey) = 7 983,36 → 7 983 kr.
    expect(windowListPriceOre(ELITFONSTER_WINDOW, window)).toBe(798_300);
    expect(article?.price_ore).toBe(798_300);
    // The cart charges that article its own price.
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/v1.0/cart/current/item/',
      headers: STORE_CHAIN,
      payload: { article_id: body.article_id, quantity: 2 },
    });
    expect(add.statusCode, add.body).toBeLessThan(300);
    const line = (
      add.json() as { items: Array<{ article_id: number; title: string; price: number }> }
    ).items[0];
    expect(line?.article_id).toBe(body.article_id);
    expect(line?.price).toBe(Math.round((body.offer?.price ?? 0) * 100));
  });

  it('refuses an impossible window with 400 and the reasons, per step', async () => {
    const { status, body } = await get<ApiError>(
      `${BASE}/quote/?${query({ ...window, depth: '115', width: 14, height: 14, opening: 'vridfonster' })}`,
    );
    expect(status).toBe(400);
    expect(body.message).toContain('3-glas kräver djup karm (155 mm)');
    expect(body.message).toContain('Vridfönster fönster görs högst 12 dm breda');
    expect(body.fields?.map((f) => f.path)).toEqual([
      'query.depth',
      'query.opening',
      'query.opening',
    ]);
  });

  it('answers bad input with 400 naming the field, never a 500', async () => {
    const wrongType = await get<ApiError>(`${BASE}/quote/?${query({ ...window, width: 'bred' })}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields?.[0]?.path).toBe('query.width');
    const missing = await get<ApiError>(`${BASE}/quote/?width=10&height=12`);
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.map((f) => f.path)).toEqual(
      expect.arrayContaining(['query.glazing', 'query.colour']),
    );
    const offGrid = await get<ApiError>(`${BASE}/quote/?${query({ ...window, width: 11 })}`);
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.message).toMatch(/Bredden 11 dm finns inte/);
    const unknown = await get<ApiError>(`${BASE}/quote/?${query({ ...window, colour: 'rosa' })}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([
      { path: 'query.colour', message: 'Okänd karmfärg: rosa.' },
    ]);
    expect((await get<ApiError>('/api/v2.0/configurators/Elit%20F/')).status).toBe(400);
  });
});
