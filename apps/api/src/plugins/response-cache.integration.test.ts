import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductPage } from '@bygg/contracts/products';
import type { StorePage } from '@bygg/contracts/stores';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { createTestDatabase, type TestDatabase } from '@bygg/db/testing';
import { buildApp } from '../app.ts';
import { loadConfig } from '../kernel/config.ts';
import { sessionCookie } from '../../test/helper.ts';
import { invalidateCatalogueCaches } from './response-cache.ts';

/** The whole API on the small seed, with the caches on (tests run without them otherwise). */
async function buildCachedApp() {
  const database = await createTestDatabase({ seedSmall: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bygg-cache-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RESPONSE_CACHE: 'on' });
  const app = await buildApp({ database: database.database, config });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let t: { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };
let storeId: number;

const ERIK = { username: 'erik.nordin@nordinssnickeri.example', password: 'Proffs2026!' };

beforeAll(async () => {
  t = await buildCachedApp();
  const stores = (await t.app.inject({ url: '/api/v2.0/stores/?count=100' })).json() as StorePage;
  const store = stores.results.find((s) => !s.is_central);
  if (!store) throw new Error('no local store in the seed');
  storeId = store.id;
});

afterAll(async () => {
  await t?.close();
});

describe('catalogue replies through the response cache', () => {
  it('serves the listing from the cache and shows a stock change after invalidation', async () => {
    const url = `/api/v2.0/products/?store_id=${storeId}&sort=price&page=2`;
    const first = await t.app.inject({ url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const product = (first.json() as ProductPage).results.find(
      (p: Product) => p.stock && p.stock.quantity_on_hand !== null,
    );
    if (!product?.stock) throw new Error('no product with a known stock on the page');
    const { article_id: articleId, quantity_on_hand: before } = product.stock;

    await queryRows(
      t.database.database.db,
      sql`update stock set quantity_on_hand = quantity_on_hand + 7 where article_id = ${articleId}`,
    );
    const cached = await t.app.inject({ url });
    expect(cached.headers['x-cache']).toBe('HIT');
    expect(cached.body).toBe(first.body);

    invalidateCatalogueCaches();
    const fresh = await t.app.inject({ url });
    expect(fresh.headers['x-cache']).toBe('MISS');
    const after = (fresh.json() as ProductPage).results.find((p) => p.id === product.id);
    expect(after?.stock?.quantity_on_hand).toBe((before ?? 0) + 7);
  });

  it('never gives a trade user the anonymous cached reply, nor anonymous visitors theirs', async () => {
    const url = `/api/v2.0/products/?store_id=${storeId}&page=3`;
    const cookie = await sessionCookie(t.app, ERIK);
    // The trade user first: nothing of theirs may be kept.
    const trade = await t.app.inject({ url, headers: { cookie } });
    expect(trade.statusCode).toBe(200);
    expect(trade.headers['x-cache']).toBeUndefined();
    expect(trade.headers['cache-control']).toBe('private, no-store');
    const anonymous = await t.app.inject({ url });
    expect(anonymous.headers['x-cache']).toBe('MISS');
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('HIT');
    // With the anonymous reply cached, the trade user still gets a reply computed for them.
    const tradeAgain = await t.app.inject({ url, headers: { cookie } });
    expect(tradeAgain.headers['x-cache']).toBeUndefined();
    expect(tradeAgain.headers['cache-control']).toBe('private, no-store');
  });

  it('keys on store, assortment and page, and never keeps a 400 or 404', async () => {
    const a = await t.app.inject({ url: `/api/v2.0/products/?store_id=${storeId}` });
    const b = await t.app.inject({ url: '/api/v2.0/products/' });
    const c = await t.app.inject({ url: `/api/v2.0/products/?store_id=${storeId}&assortment=web` });
    expect([a, b, c].map((r) => r.headers['x-cache'])).toEqual(['MISS', 'MISS', 'MISS']);
    expect((b.json() as ProductPage).results[0]?.stock).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const bad = await t.app.inject({ url: '/api/v2.0/products/?page=noll' });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['x-cache']).not.toBe('HIT');
      const missing = await t.app.inject({ url: '/api/v2.0/products/no-such-product-slug/' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['x-cache']).not.toBe('HIT');
    }
  });

  it('caches the category tree and the store list', async () => {
    for (const url of ['/api/v2.0/category_tree/', '/api/v2.0/stores/?count=5']) {
      const first = await t.app.inject({ url });
      const second = await t.app.inject({ url });
      expect(second.headers['x-cache']).toBe('HIT');
      expect(second.body).toBe(first.body);
      expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
    }
  });

  it('keeps the reply uncompressed and compresses it on the way out, miss and hit (ADR 044)', async () => {
    const url = `/api/v2.0/products/?store_id=${storeId}&page=4`;
    const miss = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(miss.statusCode).toBe(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(miss.rawPayload).toString('utf8');
    expect(miss.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 3);

    const hitGzip = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(hitGzip.headers['x-cache']).toBe('HIT');
    expect(hitGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(hitGzip.rawPayload).toString('utf8')).toBe(body);

    const hitPlain = await t.app.inject({ url });
    expect(hitPlain.headers['x-cache']).toBe('HIT');
    expect(hitPlain.headers['content-encoding']).toBeUndefined();
    expect(hitPlain.body).toBe(body);
    for (const reply of [miss, hitGzip, hitPlain]) {
      expect(String(reply.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(reply.headers.etag).toBe(miss.headers.etag);
    }

    const notModified = await t.app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(miss.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });
});
