import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftCardBalanceSchema } from '@bygg/contracts/giftcards';
import { GIFT_CARD_CHECKSUM_MESSAGE, withCheckDigit } from '@bygg/domain/giftcard';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../../../plugins/rate-limit.ts';
import {
  Browser,
  buildCommerceTestApp,
  stockedArticles,
  type CommerceTestApp,
} from '../../../../test/commerce.ts';

let t: CommerceTestApp;
/** A fresh client address per test, so one test's counter never limits another. */
const clientIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const balance = (number: string, pin: string, ip = clientIp()) =>
  t.app.inject({ url: `/api/v1.0/giftcards/${number}/balance/?pin=${pin}`, remoteAddress: ip });
/** A card number with a valid check digit that no card has: each one a counter of its own. */
let unknownCards = 0;
const unknownCard = () => withCheckDigit(`6037129${String(++unknownCards).padStart(8, '0')}`);

beforeAll(async () => {
  // The default limits: 10 gift-card lookups per client and 10 minutes.
  t = await buildCommerceTestApp();
});
afterAll(() => t?.close());

describe('GET giftcards/{id}/balance/', () => {
  it('tells the balance of a card with the right PIN', async () => {
    const response = await balance('6037120000000018', '1234');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(GiftCardBalanceSchema.parse(response.json())).toMatchObject({
      last4: '0018',
      balance: 50_000,
      currency: 'SEK',
      is_expired: false,
    });
    expect(
      (await balance('6037 1200 0000 0091'.replace(/ /g, '%20'), '9999')).json(),
    ).toMatchObject({
      is_expired: true,
    });
  });

  it('answers 400 INVALID_CHECKSUM for a wrong check digit', async () => {
    const response = await balance('6037120000000019', '1234');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      reason: 'INVALID_CHECKSUM',
      message: GIFT_CARD_CHECKSUM_MESSAGE,
    });
  });

  it('answers the same 404 for a wrong PIN, an unknown card and another organisation', async () => {
    const wrongPin = await balance('6037120000000018', '0000');
    const unknown = await balance('6037120000000109', '1234');
    expect(wrongPin.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongPin.json().message).toBe(unknown.json().message);
    const otherOrg = await t.app.inject({
      url: '/api/v1.0/giftcards/6037130000000017/balance/?pin=4567',
      remoteAddress: clientIp(),
    });
    expect(otherOrg.statusCode).toBe(404);
    const right = await t.app.inject({
      url: '/api/v1.0/giftcards/6037130000000017/balance/?pin=4567',
      headers: { 'x-organisation': 'building-supply' },
      remoteAddress: clientIp(),
    });
    expect(right.statusCode).toBe(200);
  });

  it('answers 400 for malformed numbers and PINs', async () => {
    expect((await balance('12345', '1234')).statusCode).toBe(400);
    expect((await balance('603712000000001x', '1234')).statusCode).toBe(400);
    expect((await balance('6037120000000018', '12')).statusCode).toBe(400);
    const noPin = await t.app.inject({
      url: '/api/v1.0/giftcards/6037120000000018/balance/',
      remoteAddress: clientIp(),
    });
    expect(noPin.statusCode).toBe(400);
    expect(noPin.json().fields[0].path).toBe('query.pin');
  });

  it('answers 428 once a client has tried too often; other clients are not affected', async () => {
    const ip = clientIp();
    for (let i = 0; i < 10; i++) {
      expect((await balance(unknownCard(), String(1000 + i), ip)).statusCode).toBe(404);
    }
    const limited = await balance('6037120000000018', '1234', ip);
    expect(limited.statusCode).toBe(428);
    expect(limited.json().message).toBe(RATE_LIMIT_MESSAGE);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await balance('6037120000000018', '1234')).statusCode).toBe(200);
  });

  it('answers 428 for a card number with too many wrong PINs, from whichever clients, and only for that card', async () => {
    const { max } = DEFAULT_RATE_LIMITS.giftcardNumber;
    for (let i = 0; i < max; i++) {
      // A new client for every try: the per-client limit never comes into play.
      expect((await balance('6037120000000034', String(5000 + i))).statusCode).toBe(404);
    }
    const rightPin = await balance('6037120000000034', '3456');
    expect(rightPin.statusCode).toBe(428);
    expect(rightPin.json().message).toBe(RATE_LIMIT_MESSAGE);
    expect((await balance('6037120000000026', '2345')).statusCode).toBe(200);
  });

  it('counts applying gift cards to a cart in the same limit', async () => {
    const [article] = await stockedArticles(t.db, 5, 1);
    const ip = clientIp();
    const browser = new Browser(t.app, {}, ip);
    browser.cookies.set('bygg_store', String(article?.storeId));
    await browser.post('/api/v1.0/cart/current/item/', {
      article_id: article?.articleId,
      quantity: 1,
    });
    for (let i = 0; i < 9; i++) await balance(unknownCard(), '0000', ip);
    const tenth = await browser.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037120000000018',
      pin: '1234',
    });
    expect(tenth.statusCode).toBe(200);
    const eleventh = await browser.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037120000000026',
      pin: '2345',
    });
    expect(eleventh.statusCode).toBe(428);
  });
});

describe('rate limits shared through Redis (REDIS_URL)', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let second: CommerceTestApp | undefined;
  let first: CommerceTestApp | undefined;
  /** Another shop on the same Redis (another SESSION_SECRET). */
  let otherShop: CommerceTestApp | undefined;
  let redisUp = false;

  beforeAll(async () => {
    const { Redis } = await import('ioredis');
    const probe = new Redis(redisUrl, {
      lazyConnect: true,
      connectTimeout: 500,
      maxRetriesPerRequest: 0,
    });
    redisUp = await probe
      .connect()
      .then(() => probe.ping())
      .then(() => true)
      .catch(() => false);
    probe.disconnect();
    if (!redisUp) return;
    first = await buildCommerceTestApp({ env: { REDIS_URL: redisUrl } });
    second = await buildCommerceTestApp({ env: { REDIS_URL: redisUrl } });
    otherShop = await buildCommerceTestApp({
      env: {
        REDIS_URL: redisUrl,
        SESSION_SECRET: `annan butik ${randomInt(10 ** 9)}`.padEnd(40, 'x'),
      },
    });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await otherShop?.close();
  });

  it('counts a client across two API processes', async (context) => {
    if (!redisUp || !first || !second) {
      context.skip();
      return;
    }
    const ip = clientIp();
    const ask = (app: CommerceTestApp) =>
      app.app.inject({
        url: '/api/v1.0/giftcards/6037120000000018/balance/?pin=1234',
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await ask(first)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ask(second)).statusCode).toBe(200);
    expect((await ask(first)).statusCode).toBe(428);
    expect((await ask(second)).statusCode).toBe(428);
    // Another deployment on the same Redis keeps counts of its own (a test run, a second shop).
    if (otherShop) expect((await ask(otherShop)).statusCode).toBe(200);
  });

  it('counts wrong PINs of a card number across two API processes', async (context) => {
    if (!redisUp || !first || !second) {
      context.skip();
      return;
    }
    // A number of this run's own: the counters outlive a run in Redis.
    const number = withCheckDigit(`60371${String(randomInt(10 ** 9)).padStart(10, '0')}`);
    const ask = (app: CommerceTestApp) =>
      app.app.inject({
        url: `/api/v1.0/giftcards/${number}/balance/?pin=0000`,
        remoteAddress: clientIp(),
      });
    const { max } = DEFAULT_RATE_LIMITS.giftcardNumber;
    for (let i = 0; i < max; i++) {
      expect((await ask(i % 2 === 0 ? first : second)).statusCode).toBe(404);
    }
    expect((await ask(first)).statusCode).toBe(428);
    expect((await ask(second)).statusCode).toBe(428);
  });
});
