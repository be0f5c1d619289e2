import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDataFolder } from '@bygg/db/paths';
import type { Store, StorePage } from '@bygg/contracts/stores';
import { greatCircleKm } from './geo.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

let t: TestApp;
let all: Store[];

async function getJson<T>(url: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() as T, headers: response.headers };
}

beforeAll(async () => {
  t = await buildTestApp();
  const { body } = await getJson<StorePage>('/api/v2.0/stores/');
  all = body.results;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v2.0/stores/', () => {
  it('lists every store of the organisation with hours and stocked warehouses', async () => {
    const { status, body, headers } = await getJson<StorePage>('/api/v2.0/stores/');
    expect(status).toBe(200);
    expect(body.count).toBe(body.results.length);
    expect(body.count).toBeGreaterThanOrEqual(12);
    expect(headers['cache-control']).toBe('public, max-age=60');
    const store = body.results.find((s) => !s.is_central) as Store;
    expect(store.hours.length).toBeGreaterThan(0);
    expect(store.hours.find((h) => h.day_num === 0)?.day).toBe('Måndag');
    const special = store.hours.find((h) => h.day_num === 98);
    expect(special?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(special?.day).toBe(special?.holiday);
    expect(store.stocked_warehouses.length).toBeGreaterThan(0);
    expect(body.results.every((s) => s.name.startsWith('Timmerkedjan'))).toBe(true);
  });

  it('serves the other organisation when the header names it', async () => {
    const { body } = await getJson<StorePage>('/api/v2.0/stores/', {
      'x-organisation': 'building-supply',
    });
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((s) => !all.some((other) => other.id === s.id))).toBe(true);
  });

  it('pages with count and page and links the next and previous pages', async () => {
    const first = await getJson<StorePage>('/api/v2.0/stores/?count=5');
    expect(first.body.results).toHaveLength(5);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe('/api/v2.0/stores/?count=5&page=2');
    const second = await getJson<StorePage>(first.body.next as string);
    expect(second.body.results.map((s) => s.id)).toEqual(all.slice(5, 10).map((s) => s.id));
    expect(second.body.previous).toBe('/api/v2.0/stores/?count=5&page=1');
  });

  it('keeps the total on the last page and past the end', async () => {
    const lastPage = Math.ceil(all.length / 5);
    const last = await getJson<StorePage>(`/api/v2.0/stores/?count=5&page=${lastPage}`);
    expect(last.body.count).toBe(all.length);
    expect(last.body.next).toBeNull();
    const beyond = await getJson<StorePage>(`/api/v2.0/stores/?count=5&page=${lastPage + 1}`);
    expect(beyond.body).toMatchObject({ count: all.length, results: [], next: null });
  });

  it('ranks stores by great-circle distance from a postcode, nearest first, without the central store', async () => {
    const zip = '41130';
    const table = JSON.parse(
      await readFile(path.join(seedDataFolder(), 'postcodes.json'), 'utf8'),
    ) as Record<string, [number, number]>;
    const [lat, lon] = table[zip] as [number, number];
    const expected = all
      .filter((s) => !s.is_central)
      .map((s) => ({ id: s.id, km: greatCircleKm({ lat, lon }, s.location) }))
      .sort((a, b) => a.km - b.km);
    const { body } = await getJson<StorePage>(`/api/v2.0/stores/?zip_code=411 30&count=5`);
    expect(body.results.map((s) => s.id)).toEqual(expected.slice(0, 5).map((e) => e.id));
    expect(body.results[0]?.distance_km).toBeCloseTo(expected[0]?.km as number, 1);
    expect(body.results.every((s) => !s.is_central)).toBe(true);
  });

  it('falls back to a known postcode with the same prefix for an unknown postcode', async () => {
    const { status, body } = await getJson<StorePage>('/api/v2.0/stores/?zip_code=41199&count=1');
    expect(status).toBe(200);
    expect(body.results[0]?.city).toBe('Göteborg');
  });

  it('answers a postcode area that does not exist with a Swedish 400 naming zip_code', async () => {
    const { status, body } = await getJson<{ fields: unknown[] }>(
      '/api/v2.0/stores/?zip_code=00000',
    );
    expect(status).toBe(400);
    expect(body.fields).toEqual([
      { path: 'query.zip_code', message: expect.stringContaining('Postnumret') },
    ]);
  });

  it('finds Göteborg stores by free text without å/ä/ö', async () => {
    const { body } = await getJson<StorePage>('/api/v2.0/stores/?query=goteborg');
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((s) => s.city === 'Göteborg' || s.name.includes('Göteborg'))).toBe(
      true,
    );
  });

  it('answers a town without a store with the stores nearest to it, nearest first', async () => {
    const headers = { 'x-organisation': 'building-supply' };
    const supply = (await getJson<StorePage>('/api/v2.0/stores/', headers)).body.results;
    const towns = JSON.parse(
      await readFile(path.join(seedDataFolder(), 'towns.json'), 'utf8'),
    ) as Array<{ city: string; lat: number; lon: number }>;
    // A seeded town where this organisation has no store of its own.
    const town = towns.find(
      (candidate) => !supply.some((store) => store.city === candidate.city),
    ) as (typeof towns)[number];
    const expected = supply
      .filter((s) => !s.is_central)
      .map((s) => ({ id: s.id, km: greatCircleKm(town, s.location) }))
      .sort((a, b) => a.km - b.km);
    const { status, body } = await getJson<StorePage>(
      `/api/v2.0/stores/?query=${encodeURIComponent(` ${town.city.toUpperCase()} `)}&count=3`,
      headers,
    );
    expect(status).toBe(200);
    expect(body.nearest_to).toBe(town.city);
    expect(body.results.map((s) => s.id)).toEqual(expected.slice(0, 3).map((e) => e.id));
    expect(body.results[0]?.distance_km).toBeCloseTo(expected[0]?.km as number, 1);
  });

  it('keeps the plain text search where a store matches, and for text that is no town', async () => {
    const matched = await getJson<StorePage>('/api/v2.0/stores/?query=goteborg');
    expect(matched.body.nearest_to).toBeUndefined();
    const none = await getJson<StorePage>('/api/v2.0/stores/?query=finnsintenagonstans');
    expect(none.body).toMatchObject({ count: 0, results: [] });
    expect(none.body.nearest_to).toBeUndefined();
  });

  it('matches every word of the free text in name, city, address, postcode or county', async () => {
    const store = all.find((s) => !s.is_central) as Store;
    const { body } = await getJson<StorePage>(
      `/api/v2.0/stores/?query=${encodeURIComponent(`${store.zip_code} ${store.county}`)}`,
    );
    expect(body.results.map((s) => s.id)).toContain(store.id);
    const none = await getJson<StorePage>('/api/v2.0/stores/?query=finnsintenagonstans');
    expect(none.body.count).toBe(0);
  });

  it('looks stores up by a list of ids and by external id', async () => {
    const [a, b] = all as [Store, Store];
    const byIds = await getJson<StorePage>(`/api/v2.0/stores/?ids=${a.id},${b.id}`);
    expect(byIds.body.results.map((s) => s.id).sort()).toEqual([a.id, b.id].sort());
    const byExternal = await getJson<StorePage>(`/api/v2.0/stores/?external_id=${b.external_id}`);
    expect(byExternal.body.results.map((s) => s.id)).toEqual([b.id]);
  });

  it.each([
    ['count=abc', 'query.count'],
    ['count=0', 'query.count'],
    ['count=10001', 'query.count'],
    ['page=-1', 'query.page'],
    ['zip_code=12', 'query.zip_code'],
    ['ids=1,x', 'query.ids'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const { status, body } = await getJson<{ fields: Array<{ path: string }> }>(
      `/api/v2.0/stores/?${query}`,
    );
    expect(status).toBe(400);
    expect(body.fields.map((f) => f.path)).toContain(field);
  });
});

describe('GET /api/v2.0/stores/{id}/', () => {
  it('answers one store, cached 10 times the default lifetime', async () => {
    const store = all[0] as Store;
    const { status, body, headers } = await getJson<Store>(`/api/v2.0/stores/${store.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(store);
    expect(headers['cache-control']).toBe('public, max-age=600');
  });

  it('answers 404 for an unknown store and for a store of the other organisation', async () => {
    expect((await getJson('/api/v2.0/stores/999999/')).status).toBe(404);
    const other = await getJson<StorePage>('/api/v2.0/stores/?count=1', {
      'x-organisation': 'building-supply',
    });
    const foreign = other.body.results[0] as Store;
    expect((await getJson(`/api/v2.0/stores/${foreign.id}/`)).status).toBe(404);
  });

  it('rejects a non-numeric id with 400 naming params.id', async () => {
    const { status, body } = await getJson<{ fields: Array<{ path: string }> }>(
      '/api/v2.0/stores/abc/',
    );
    expect(status).toBe(400);
    expect(body.fields[0]?.path).toBe('params.id');
  });
});

describe('GET /api/v2.0/stores/closest/', () => {
  it('answers the store standing at the given position, with its distance', async () => {
    const store = all.find((s) => !s.is_central) as Store;
    const { status, body } = await getJson<Store>(
      `/api/v2.0/stores/closest/?latitude=${store.location.lat}&longitude=${store.location.lon}`,
    );
    expect(status).toBe(200);
    expect(body.id).toBe(store.id);
    expect(body.distance_km).toBe(0);
  });

  it('ranks by true great-circle distance', async () => {
    const position = { lat: 63.8258, lon: 20.263 };
    const nearest = all
      .filter((s) => !s.is_central)
      .reduce((best, s) =>
        greatCircleKm(position, s.location) < greatCircleKm(position, best.location) ? s : best,
      );
    const { body } = await getJson<Store>(
      `/api/v2.0/stores/closest/?latitude=${position.lat}&longitude=${position.lon}`,
    );
    expect(body.id).toBe(nearest.id);
  });

  it.each([
    ['latitude=999&longitude=18', 'query.latitude'],
    ['latitude=59&longitude=abc', 'query.longitude'],
    ['longitude=18', 'query.latitude'],
  ])('rejects %s with 400 naming %s', async (query, field) => {
    const { status, body } = await getJson<{ fields: Array<{ path: string }> }>(
      `/api/v2.0/stores/closest/?${query}`,
    );
    expect(status).toBe(400);
    expect(body.fields.map((f) => f.path)).toContain(field);
  });
});
