import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import {
  Browser,
  buildCommerceTestApp,
  pickupCheckout,
  stockedArticles,
  type CommerceTestApp,
} from '../../test/commerce.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGE, type RateLimitSettings } from './rate-limit.ts';

/**
 * Issue 15, finding 2: every per-client limit was keyed on the leftmost X-Forwarded-For, so a
 * client sending another one each time was never limited. Small limits keep the tests short;
 * what is tested is who is counted.
 */
const MAX = 3;
const LIMITS: RateLimitSettings = {
  ...DEFAULT_RATE_LIMITS,
  login: { max: MAX, timeWindowMs: 60_000 },
  giftcard: { max: MAX, timeWindowMs: 60_000 },
  cart: { max: MAX, timeWindowMs: 60_000 },
  checkout: { max: MAX, timeWindowMs: 60_000 },
};

let t: CommerceTestApp;
let proxied: CommerceTestApp;
let client = 0;
/** A client address of the test's own (TEST-NET-2), so no test shares a counter. */
const newClient = () => `198.51.100.${++client}`;

beforeAll(async () => {
  t = await buildCommerceTestApp({ rateLimits: LIMITS });
  // Behind a proxy at 127.0.0.1 that TRUST_PROXY names, its X-Forwarded-For is the client.
  proxied = await buildCommerceTestApp({ rateLimits: LIMITS, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
});

type Call = (app: CommerceTestApp, address: string, spoofed: string) => Promise<number>;

const inject = async (app: CommerceTestApp, options: InjectOptions) =>
  (await app.app.inject(options)).statusCode;

/** One request of each limited group, as a client at `address` claiming to be `spoofed`. */
const CALLS: Record<'login' | 'gift-card PIN' | 'voucher' | 'cart' | 'checkout', Call> = {
  login: (app, address, spoofed) =>
    inject(app, {
      method: 'POST',
      url: '/api/proffs/user/login/',
      payload: { username: `ingen-${spoofed}@example.se`, password: 'fel' },
      headers: { 'x-forwarded-for': spoofed },
      remoteAddress: address,
    }),
  'gift-card PIN': (app, address, spoofed) =>
    inject(app, {
      url: '/api/v1.0/giftcards/6037120000000018/balance/?pin=1234',
      headers: { 'x-forwarded-for': spoofed },
      remoteAddress: address,
    }),
  voucher: (app, address, spoofed) =>
    inject(app, {
      method: 'POST',
      url: '/api/v1.0/cart/current/voucher/',
      payload: { code: 'FINNSINTE' },
      headers: { 'x-forwarded-for': spoofed },
      remoteAddress: address,
    }),
  cart: async (app, address, spoofed) => {
    const [article] = await stockedArticles(app.db, 1, 1);
    return inject(app, {
      method: 'POST',
      url: '/api/v1.0/cart/current/item/',
      payload: { article_id: article?.articleId, quantity: 1 },
      headers: { 'x-forwarded-for': spoofed },
      remoteAddress: address,
    });
  },
  checkout: async (app, address, spoofed) => {
    const browser = new Browser(app.app, { 'x-forwarded-for': spoofed }, address);
    const response = await browser.post('/api/v1.0/cart/current/checkout/', pickupCheckout(), {
      'idempotency-key': `rate-limit-${spoofed}-${Date.now()}`,
    });
    return response.statusCode;
  },
};

describe.each(Object.entries(CALLS))('the %s limit', (_name, call) => {
  it('does not start a new count for a client that sends another X-Forwarded-For each time', async () => {
    const address = newClient();
    for (let i = 0; i < MAX; i++) {
      expect(await call(t, address, `192.0.2.${i + 1}`)).not.toBe(428);
    }
    expect(await call(t, address, '192.0.2.200')).toBe(428);
    // Someone else is not limited by it.
    expect(await call(t, newClient(), '192.0.2.201')).not.toBe(428);
  });

  it('counts the X-Forwarded-For client when TRUST_PROXY names the proxy', async () => {
    const proxy = '127.0.0.1';
    const visitor = newClient();
    for (let i = 0; i < MAX; i++) expect(await call(proxied, proxy, visitor)).not.toBe(428);
    expect(await call(proxied, proxy, visitor)).toBe(428);
    expect(await call(proxied, proxy, newClient())).not.toBe(428);
  });
});

describe('the answer over a limit', () => {
  it("is 428 with the spec's Swedish message", async () => {
    const address = newClient();
    for (let i = 0; i < MAX; i++) await CALLS['gift-card PIN'](t, address, address);
    const response = await t.app.inject({
      url: '/api/v1.0/giftcards/6037120000000018/balance/?pin=1234',
      remoteAddress: address,
    });
    expect(response.statusCode).toBe(428);
    expect(response.json().message).toBe(RATE_LIMIT_MESSAGE);
  });
});
