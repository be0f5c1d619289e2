import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '@bygg/contracts/cart';
import { OrderSchema, type Order } from '@bygg/contracts/orders';
import { sql } from '@bygg/db/orm';
import { queryRows } from '@bygg/db/client';
import { withCheckDigit } from '@bygg/domain/giftcard';
import { FakeStripeApi } from '../../../../test/fake-stripe-api.ts';
import { StripeCardProvider } from '../payments/stripe.ts';
import {
  Browser,
  buildCommerceTestApp,
  CONTACT,
  count,
  mailFiles,
  stockedArticles,
  stockOf,
  type CommerceTestApp,
  type StockedArticle,
} from '../../../../test/commerce.ts';

/**
 * Card payment end to end (issue 5): the real Stripe adapter and SDK with only its HTTP
 * client faked (FakeStripeApi), the real routes and database, and webhook deliveries signed
 * with the SDK's own test-header helper.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_webhooks';
const WEBHOOK = '/api/v1.0/payments/stripe/webhook/';
const ITEM = '/api/v1.0/cart/current/item/';
const CHECKOUT = '/api/v1.0/cart/current/checkout/';
const SUPPLY = { 'x-organisation': 'building-supply' };
const GIFT_CARD = { number: withCheckDigit('603713000000002'), pin: '5678' };

let t: CommerceTestApp;
let stripeApi: FakeStripeApi;
let article: StockedArticle;
let keys = 0;
let events = 0;

beforeAll(async () => {
  stripeApi = new FakeStripeApi();
  t = await buildCommerceTestApp({
    rateLimits: false,
    cardProvider: new StripeCardProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      httpClient: stripeApi.httpClient,
    }),
  });
  const [found] = await stockedArticles(t.db, 10, 1, 'building-supply');
  if (!found) throw new Error('The small seed has no stocked building-supply article');
  article = found;
});
afterAll(() => t?.close());

async function shopper(quantity: number): Promise<Browser> {
  const browser = new Browser(t.app, SUPPLY);
  browser.cookies.set('bygg_store', String(article.storeId));
  const added = await browser.post(ITEM, { article_id: article.articleId, quantity });
  expect(added.statusCode).toBe(200);
  return browser;
}

async function placeCardOrder(browser: Browser): Promise<Order> {
  const response = await browser.post(
    CHECKOUT,
    { contact: CONTACT, shipping: { type: 1 }, payment: { method: 'card' } },
    { 'idempotency-key': `card-key-${++keys}-${Date.now()}` },
  );
  expect(response.statusCode).toBe(201);
  return OrderSchema.parse(response.json());
}

function intentOf(order: Order) {
  const intent = [...stripeApi.intents.values()].find((i) => i.metadata.order_id === order.id);
  if (!intent) throw new Error(`no payment intent for ${order.id}`);
  return intent;
}

function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature':
        signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

async function receipt(order: Order): Promise<Order> {
  const response = await t.app.inject({ url: `/api/v1.0/orders/${order.id}/`, headers: SUPPLY });
  expect(response.statusCode).toBe(200);
  return OrderSchema.parse(response.json());
}

async function mailsAbout(order: Order): Promise<number> {
  await t.app.checkout.settle();
  let n = 0;
  for (const file of await mailFiles(t.dataDir)) {
    const text = await readFile(path.join(t.dataDir, 'mail', file), 'utf8');
    if (text.includes(order.number)) n++;
  }
  return n;
}

async function balanceOf(number: string): Promise<number> {
  const [row] = await queryRows<{ b: number }>(
    t.db,
    sql`select balance_ore as b from gift_cards where number = ${number}`,
  );
  return Number(row?.b);
}

describe('card checkout with Stripe', () => {
  it('places a card order awaiting payment with a PaymentIntent in öre, SEK, keyed by the order', async () => {
    const before = await stockOf(t.db, article.articleId, article.warehouseId);
    const browser = await shopper(2);
    const cart = CartSchema.parse((await browser.get('/api/v1.0/cart/current/')).json());
    expect(cart.payment_methods.find((m) => m.id === 'card')).toMatchObject({
      provider: 'stripe',
      publishable_key: 'pk_test_fake',
    });
    const order = await placeCardOrder(browser);
    expect(order.status).toBe('awaiting_payment');
    expect(order.payment).toMatchObject({ method: 'card', status: 'pending' });
    const intent = intentOf(order);
    expect(order.payment.client_secret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: order.summary.to_pay, currency: 'sek' });
    expect(intent.metadata).toEqual({ order_id: order.id, order_number: order.number });
    const create = stripeApi.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.form.get('metadata[order_id]') === order.id,
    );
    expect(create?.idempotencyKey).toBe(order.id);
    // Stock is reserved like for any order; no confirmation until the payment is through.
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(before - 2);
    expect(await mailsAbout(order)).toBe(0);
  });

  it('payment_intent.succeeded makes the order paid and sends the confirmation once; a repeat is a no-op', async () => {
    const order = await placeCardOrder(await shopper(1));
    const intent = stripeApi.settle(intentOf(order).id, 'succeeded');
    const payload = FakeStripeApi.event(`evt_ok_${order.id}`, 'payment_intent.succeeded', intent);

    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    const paid = await receipt(order);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toMatchObject({ status: 'paid', client_secret: null });
    expect(await mailsAbout(order)).toBe(1);

    // Stripe delivers the same event again (it retries until it sees a 2xx).
    const again = await deliver(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });
    // A different event id for the same ending changes nothing either.
    const other = await deliver(
      FakeStripeApi.event(`evt_ok2_${order.id}`, 'payment_intent.succeeded', intent),
    );
    expect(other.json()).toEqual({ received: true, result: 'unchanged' });
    expect(await mailsAbout(order)).toBe(1);
    const [events] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_events where event_id like ${`evt_ok%_${order.id}`}`,
    );
    expect(Number(events?.n)).toBe(2);
  });

  it('payment_intent.payment_failed cancels the order and gives back its stock and gift-card money', async () => {
    const browser = await shopper(3);
    const applied = await browser.post('/api/v1.0/cart/current/giftcard/', GIFT_CARD);
    expect(applied.statusCode).toBe(200);
    const balanceBefore = await balanceOf(GIFT_CARD.number);
    const stockBefore = await stockOf(t.db, article.articleId, article.warehouseId);
    const order = await placeCardOrder(browser);
    expect(order.summary.giftcard_amount).toBe(balanceBefore);
    expect(order.summary.to_pay).toBeGreaterThan(0);
    expect(await balanceOf(GIFT_CARD.number)).toBe(0);
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore - 3);

    const intent = stripeApi.settle(intentOf(order).id, 'failed');
    const response = await deliver(
      FakeStripeApi.event(`evt_fail_${order.id}`, 'payment_intent.payment_failed', intent),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'applied' });

    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore);
    expect(await balanceOf(GIFT_CARD.number)).toBe(balanceBefore);
    const cancelled = await receipt(order);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.payment).toMatchObject({ status: 'failed', client_secret: null });
    expect(cancelled.giftcards).toEqual([]);
    // The intent is cancelled too, so a retry in the page cannot pay a cancelled order.
    expect(stripeApi.intents.get(intent.id)?.status).toBe('canceled');
    expect(await mailsAbout(order)).toBe(0);

    // A late success for the cancelled order does not revive it or take stock again.
    const late = await deliver(
      FakeStripeApi.event(`evt_late_${order.id}`, 'payment_intent.succeeded', intent),
    );
    expect(late.json()).toEqual({ received: true, result: 'unchanged' });
    expect((await receipt(order)).status).toBe('cancelled');
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore);
  });

  it('the same failure delivered twice at once gives the stock back once', async () => {
    const stockBefore = await stockOf(t.db, article.articleId, article.warehouseId);
    const order = await placeCardOrder(await shopper(2));
    const intent = stripeApi.settle(intentOf(order).id, 'failed');
    const payload = FakeStripeApi.event(
      `evt_race_${order.id}`,
      'payment_intent.payment_failed',
      intent,
    );
    const other = FakeStripeApi.event(`evt_race2_${order.id}`, 'payment_intent.canceled', intent);
    const replies = await Promise.all([deliver(payload), deliver(payload), deliver(other)]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const results = replies.map((r) => (r.json() as { result: string }).result).sort();
    expect(results.filter((r) => r === 'applied')).toHaveLength(1);
    expect(results).toContain('duplicate');
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore);
  });

  it('payment_intent.canceled cancels the order as well', async () => {
    const stockBefore = await stockOf(t.db, article.articleId, article.warehouseId);
    const order = await placeCardOrder(await shopper(1));
    const intent = stripeApi.settle(intentOf(order).id, 'canceled');
    const response = await deliver(
      FakeStripeApi.event(`evt_cancel_${order.id}`, 'payment_intent.canceled', intent),
    );
    expect(response.json()).toEqual({ received: true, result: 'applied' });
    expect((await receipt(order)).status).toBe('cancelled');
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore);
  });

  it('a bad or missing signature is 400 and changes nothing', async () => {
    const order = await placeCardOrder(await shopper(1));
    // The event claims success; the intent itself is left pending, so the receipt's own
    // status check cannot make the order paid either.
    const intent = { ...intentOf(order), status: 'succeeded' as const };
    const payload = FakeStripeApi.event(`evt_bad_${order.id}`, 'payment_intent.succeeded', intent);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const bad = await deliver(payload, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      fields: [{ path: 'headers.stripe-signature' }],
    });
    // The right signature over other bytes (a tampered body) fails too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await deliver(payload.replace('"livemode":false', '"livemode":true'), signed);
    expect(tampered.statusCode).toBe(400);

    const missing = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('stripe-signature');

    const [recorded] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from payment_events where event_id = ${`evt_bad_${order.id}`}`,
    );
    expect(Number(recorded?.n)).toBe(0);
    expect((await receipt(order)).status).toBe('awaiting_payment');
  });

  it('acknowledges events of no interest with 200 and ignores them', async () => {
    const payload = JSON.stringify({
      id: `evt_other_${++events}`,
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const response = await deliver(payload);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
  });

  it('the receipt applies a payment the webhook has not told about yet', async () => {
    const order = await placeCardOrder(await shopper(1));
    expect((await receipt(order)).payment.status).toBe('pending');
    stripeApi.settle(intentOf(order).id, 'succeeded');
    const paid = await receipt(order);
    expect(paid.status).toBe('paid');
    expect(await mailsAbout(order)).toBe(1);
  });

  it('unpaid card orders expire: stock back, payment cancelled', async () => {
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    // Earlier tests' orders still waiting for payment expire first.
    await t.app.checkout.cards.expireStale(later, 60 * 60_000, 'http://x');
    const stockBefore = await stockOf(t.db, article.articleId, article.warehouseId);
    const order = await placeCardOrder(await shopper(2));
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore - 2);
    const expired = await t.app.checkout.cards.expireStale(later, 60 * 60_000, 'http://x');
    expect(expired).toBe(1);
    expect((await receipt(order)).status).toBe('cancelled');
    expect(stripeApi.intents.get(intentOf(order).id)?.status).toBe('canceled');
    expect(await stockOf(t.db, article.articleId, article.warehouseId)).toBe(stockBefore);
  });
});

describe('card payment configuration', () => {
  it('hides the card option and the webhook without Stripe keys', async () => {
    const plain = await buildCommerceTestApp({ rateLimits: false });
    try {
      const [found] = await stockedArticles(plain.db, 1, 1, 'building-supply');
      const browser = new Browser(plain.app, SUPPLY);
      browser.cookies.set('bygg_store', String(found?.storeId));
      const cart = CartSchema.parse(
        (await browser.post(ITEM, { article_id: found?.articleId, quantity: 1 })).json(),
      );
      expect(cart.payment_methods.map((m) => m.id)).not.toContain('card');
      const card = await browser.post(
        CHECKOUT,
        { contact: CONTACT, shipping: { type: 1 }, payment: { method: 'card' } },
        { 'idempotency-key': 'no-card-key-1' },
      );
      expect(card.statusCode).toBe(400);
      expect(await count(plain.db, 'orders')).toBe(0);
      const webhook = await plain.app.inject({
        method: 'POST',
        url: WEBHOOK,
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('offers card payment from the environment keys, publishable key included', async () => {
    const configured = await buildCommerceTestApp({
      rateLimits: false,
      env: { STRIPE_SECRET_KEY: 'sk_test_env', STRIPE_PUBLISHABLE_KEY: 'pk_test_env' },
    });
    try {
      const [found] = await stockedArticles(configured.db, 1, 1, 'building-supply');
      const browser = new Browser(configured.app, SUPPLY);
      browser.cookies.set('bygg_store', String(found?.storeId));
      const cart = CartSchema.parse(
        (await browser.post(ITEM, { article_id: found?.articleId, quantity: 1 })).json(),
      );
      expect(cart.payment_methods.find((m) => m.id === 'card')).toMatchObject({
        provider: 'stripe',
        publishable_key: 'pk_test_env',
      });
      // Keys without a webhook secret: no webhook endpoint.
      const webhook = await configured.app.inject({
        method: 'POST',
        url: WEBHOOK,
        payload: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      });
      expect(webhook.statusCode).toBe(404);
    } finally {
      await configured.close();
    }
  });
});
