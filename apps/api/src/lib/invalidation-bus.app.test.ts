import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommerceTestApp, type CommerceTestApp } from '../../test/commerce.ts';
import { invalidateCatalogueCaches } from '../plugins/response-cache.ts';

/**
 * Redis is only for shared rate limits and caches: with REDIS_URL pointing at nothing
 * (port 1 refuses connections) the whole API still answers, limits and caches included.
 */
describe('the API with an unreachable REDIS_URL', () => {
  let t: CommerceTestApp;
  beforeAll(async () => {
    t = await buildCommerceTestApp({
      env: { REDIS_URL: 'redis://127.0.0.1:1', RESPONSE_CACHE: 'on' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves cached catalogue replies and clears them on invalidation', async () => {
    const first = await t.app.inject({ url: '/api/v2.0/products/' });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({ url: '/api/v2.0/products/' });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('HIT');
    invalidateCatalogueCaches();
    const third = await t.app.inject({ url: '/api/v2.0/products/' });
    expect(third.statusCode).toBe(200);
    expect(third.headers['x-cache']).toBe('MISS');
  });

  it('answers rate-limited routes (uncounted while Redis is away)', async () => {
    const balance = await t.app.inject({
      url: '/api/v1.0/giftcards/6037120000000018/balance/?pin=1234',
    });
    expect(balance.statusCode).toBe(200);
    const cart = await t.app.inject({ url: '/api/v1.0/cart/current/' });
    expect(cart.statusCode).toBeLessThan(500);
  });
});
