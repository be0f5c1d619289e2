import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import type { InvalidationBus } from '../lib/invalidation-bus.ts';
import { testBuses, waitForSubscribers } from '../../test/invalidation-bus.ts';
import { registerOrganisation } from './organisation.ts';
import {
  CATALOGUE_CHANGED,
  invalidateCatalogueCaches,
  registerResponseCache,
  responseCacheEnabled,
} from './response-cache.ts';

const apps: FastifyInstance[] = [];
const buses = testBuses();

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare app with the hooks the cache depends on and routes that count their computations. */
async function appWithCache(bus?: InvalidationBus) {
  const app = Fastify();
  apps.push(app);
  await app.register(fastifyCookie);
  registerOrganisation(app);
  const cache = registerResponseCache(app, { enabled: true, ...(bus ? { bus } : {}) });
  const calls = { count: 0, cookie: 0, missing: 0, slow: 0 };
  app.get('/count', { config: { responseCache: true } }, async (request) => ({
    n: ++calls.count,
    q: request.query,
  }));
  app.get('/uncached', async () => ({ n: ++calls.count }));
  app.get('/cookie', { config: { responseCache: true } }, async (_request, reply) => {
    reply.header('set-cookie', 'bygg_cart=abc; Path=/');
    return { n: ++calls.cookie };
  });
  app.get('/missing', { config: { responseCache: true } }, async (_request, reply) => {
    calls.missing += 1;
    return reply.code(404).send({ detail: 'Hittades inte' });
  });
  app.get('/slow', { config: { responseCache: true } }, async () => {
    calls.slow += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { n: calls.slow };
  });
  app.get(
    '/by-store',
    { config: { responseCache: { cookies: [COOKIE_NAMES.store] } } },
    async (request) => ({ store: request.cookies[COOKIE_NAMES.store] ?? null, n: ++calls.count }),
  );
  await app.ready();
  return { app, cache, calls };
}

describe('responseCacheEnabled', () => {
  it('is on outside tests, off with RESPONSE_CACHE=off, on in tests only when asked', () => {
    expect(responseCacheEnabled('production', undefined)).toBe(true);
    expect(responseCacheEnabled('production', 'off')).toBe(false);
    expect(responseCacheEnabled('test', undefined)).toBe(false);
    expect(responseCacheEnabled('test', 'on')).toBe(true);
  });
});

describe('the API response cache', () => {
  it('answers a repeated GET from the cache, keyed on the normalised URL and organisation', async () => {
    const { app, calls } = await appWithCache();
    const first = await app.inject({ url: '/count?b=2&a=1' });
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await app.inject({ url: '/count?a=1&b=2' });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(calls.count).toBe(1);
    // Another query and another organisation are other entries.
    await app.inject({ url: '/count?a=2&b=2' });
    await app.inject({ url: '/count?a=1&b=2', headers: { 'x-organisation': 'building-supply' } });
    expect(calls.count).toBe(3);
  });

  it('answers If-None-Match with 304 on a hit', async () => {
    const { app } = await appWithCache();
    const first = await app.inject({ url: '/count' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await app.inject({ url: '/count', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('bypasses requests with a session cookie or credentials, and routes that did not opt in', async () => {
    const { app } = await appWithCache();
    await app.inject({ url: '/count' });
    const withSession = await app.inject({
      url: '/count',
      headers: { cookie: `${COOKIE_NAMES.session}=anything` },
    });
    expect(withSession.headers['x-cache']).toBeUndefined();
    expect(withSession.json()).toMatchObject({ n: 2 });
    const withAuth = await app.inject({ url: '/count', headers: { authorization: 'Bearer x' } });
    expect(withAuth.json()).toMatchObject({ n: 3 });
    await app.inject({ url: '/uncached' });
    const uncached = await app.inject({ url: '/uncached' });
    expect(uncached.headers['x-cache']).toBeUndefined();
    expect(uncached.json()).toEqual({ n: 5 });
  });

  it('never keeps a reply that sets a cookie, or one that is not 200', async () => {
    const { app, calls } = await appWithCache();
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ url: '/cookie' });
      expect(response.headers['x-cache']).not.toBe('HIT');
      expect(response.headers['set-cookie']).toBe('bygg_cart=abc; Path=/');
      expect((await app.inject({ url: '/missing' })).statusCode).toBe(404);
    }
    expect(calls.cookie).toBe(3);
    expect(calls.missing).toBe(3);
  });

  it('keys on the cookies a route names', async () => {
    const { app } = await appWithCache();
    const a = await app.inject({ url: '/by-store', headers: { cookie: 'bygg_store=1' } });
    const b = await app.inject({ url: '/by-store', headers: { cookie: 'bygg_store=2' } });
    const a2 = await app.inject({ url: '/by-store', headers: { cookie: 'bygg_store=1' } });
    expect(a.json()).toMatchObject({ store: '1' });
    expect(b.json()).toMatchObject({ store: '2' });
    expect(a2.headers['x-cache']).toBe('HIT');
    expect(a2.body).toBe(a.body);
  });

  it('computes once for concurrent misses of one key', async () => {
    const { app, calls } = await appWithCache();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ url: '/slow' })),
    );
    expect(calls.slow).toBe(1);
    expect(new Set(replies.map((r) => r.body)).size).toBe(1);
    expect(replies.filter((r) => r.headers['x-cache'] === 'MISS')).toHaveLength(1);
  });

  it('drops every entry on invalidateCatalogueCaches()', async () => {
    const { app, calls } = await appWithCache();
    await app.inject({ url: '/count' });
    await app.inject({ url: '/count' });
    expect(calls.count).toBe(1);
    invalidateCatalogueCaches();
    const after = await app.inject({ url: '/count' });
    expect(after.headers['x-cache']).toBe('MISS');
    expect(calls.count).toBe(2);
  });

  it('clears on an invalidation another process publishes on Redis', async () => {
    const { app, cache } = await appWithCache(buses.open());
    // Another API process on the same Redis.
    const other = buses.open();
    await waitForSubscribers(buses.prefix, CATALOGUE_CHANGED.name, 1);
    await app.inject({ url: '/count' });
    expect(cache?.size).toBe(1);
    other.publish(CATALOGUE_CHANGED, {});
    await expect.poll(() => cache?.size).toBe(0);
  });
});
