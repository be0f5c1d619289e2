import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema } from '@bygg/contracts/cart';
import { OrderSchema } from '@bygg/contracts/orders';
import { sql } from '@bygg/db/orm';
import { queryRows } from '@bygg/db/client';
import { DEV_SESSION_SECRET } from '@bygg/contracts/cookies';
import {
  GIFT_CARD_EMPTY_MESSAGE,
  GIFT_CARD_EXPIRED_MESSAGE,
  isValidGiftCardNumber,
} from '@bygg/domain/giftcard';
import { giftCardPinHash } from '@bygg/domain/giftcard.server';
import { STOCK_FAILURE_MESSAGES } from '@bygg/domain/stock';
import { GiftCardService } from '../giftcards/service.ts';
import type { CardPaymentProvider } from '../payments/provider.ts';
import {
  Browser,
  buildCommerceTestApp,
  CONTACT,
  count,
  mailFiles,
  pickupCheckout,
  setStock,
  stockedArticles,
  stockOf,
  type CommerceTestApp,
  type StockedArticle,
} from '../../../../test/commerce.ts';

let t: CommerceTestApp;
let a: StockedArticle;
let giftCardArticle: number;

const ITEM = '/api/v1.0/cart/current/item/';
const CHECKOUT = '/api/v1.0/cart/current/checkout/';
let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  t = await buildCommerceTestApp({ rateLimits: false });
  const [first] = await stockedArticles(t.db, 40, 1);
  if (!first) throw new Error('The small seed has no stocked article');
  a = first;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select article_id as id from gift_card_articles where value_ore = 25000`,
  );
  giftCardArticle = Number(row?.id);
});
afterAll(() => t?.close());

async function cartWith(quantity: number, articleId = a.articleId): Promise<Browser> {
  const browser = new Browser(t.app);
  browser.cookies.set('bygg_store', String(a.storeId));
  const response = await browser.post(ITEM, { article_id: articleId, quantity });
  expect(response.statusCode).toBe(200);
  return browser;
}

function checkout(
  browser: Browser,
  body: unknown,
  key: string | null = newKey(),
  headers: Record<string, string> = {},
) {
  return browser.post(
    CHECKOUT,
    body,
    key === null ? headers : { ...headers, 'idempotency-key': key },
  );
}

/** The confirmation e-mail of an order as text (.eml files, quoted-printable undone). */
async function confirmationOf(orderNumber: string): Promise<string> {
  await t.app.checkout.settle();
  const mails = await Promise.all(
    (await mailFiles(t.dataDir)).map((f) => readFile(path.join(t.dataDir, 'mail', f), 'utf8')),
  );
  const mail = mails.find((m) => m.includes(orderNumber));
  if (!mail) throw new Error(`no confirmation for ${orderNumber}`);
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('POST cart/current/checkout/', () => {
  it('places the order: 201, stock taken, cart gone, receipt and confirmation e-mail', async () => {
    const browser = await cartWith(3);
    const cart = CartSchema.parse((await browser.get('/api/v1.0/cart/current/')).json());
    const before = await stockOf(t.db, a.articleId, a.warehouseId);
    const cartsBefore = await count(t.db, 'carts');
    const response = await checkout(browser, { ...pickupCheckout(), checksum: cart.checksum });
    expect(response.statusCode).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(order.number).toMatch(/^W1\d{5,}$/);
    expect(order.status).toBe('placed');
    expect(order.payment).toMatchObject({ method: 'pay_in_store', status: 'pay_at_pickup' });
    expect(order.lines).toHaveLength(1);
    expect(order.lines[0]).toMatchObject({ article_id: a.articleId, quantity: 3 });
    expect(order.summary.price).toBe(cart.summary.price);
    expect(order.summary.to_pay).toBe(cart.summary.price);
    expect(order.contact.email).toBe(CONTACT.email);
    expect(await stockOf(t.db, a.articleId, a.warehouseId)).toBe(before - 3);

    // The cart is gone; the next add starts a new one.
    expect((await browser.get('/api/v1.0/cart/current/')).statusCode).toBe(404);
    expect(await count(t.db, 'carts')).toBe(cartsBefore - 1);

    const receipt = await browser.get(`/api/v1.0/orders/${order.id}/`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json()).toEqual(order);

    await t.app.checkout.settle();
    const files = await mailFiles(t.dataDir);
    const mails = await Promise.all(
      files.map((f) => readFile(path.join(t.dataDir, 'mail', f), 'utf8')),
    );
    const mail = mails.find((m) => m.includes(order.number));
    expect(mail).toBeDefined();
    expect(mail).toContain(`To: ${CONTACT.email}`);
    expect(mail).toMatch(/Subject: =\?UTF-8\?|Subject: Orderbekr/);
  });

  it('returns the same order for a retried key, and 422 for the key with another body', async () => {
    const browser = await cartWith(1);
    const key = newKey();
    const first = await checkout(browser, pickupCheckout(), key);
    expect(first.statusCode).toBe(201);
    const orders = await count(t.db, 'orders');
    const retry = await checkout(browser, pickupCheckout(), key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await count(t.db, 'orders')).toBe(orders);
    const other = await checkout(browser, { ...pickupCheckout(), message: 'Annat' }, key);
    expect(other.statusCode).toBe(422);
  });

  it('answers 409 with the reasons when stock ran out, and keeps cart and stock', async () => {
    const browser = await cartWith(2);
    const orders = await count(t.db, 'orders');
    try {
      await setStock(t.db, a.articleId, a.warehouseId, 1);
      const response = await checkout(browser, pickupCheckout());
      expect(response.statusCode).toBe(409);
      expect(response.json().failures).toEqual([
        expect.objectContaining({
          reason: 'INSUFFICIENT_STOCK',
          message: STOCK_FAILURE_MESSAGES.INSUFFICIENT_STOCK,
          available_quantity: 1,
        }),
      ]);
      expect(await stockOf(t.db, a.articleId, a.warehouseId)).toBe(1);
      await setStock(t.db, a.articleId, a.warehouseId, 0);
      const out = await checkout(browser, pickupCheckout());
      expect(out.json().failures[0].reason).toBe('OUT_OF_STOCK');
      expect(await count(t.db, 'orders')).toBe(orders);
      expect((await browser.get('/api/v1.0/cart/current/')).statusCode).toBe(200);
    } finally {
      await setStock(t.db, a.articleId, a.warehouseId, a.quantity);
    }
  });

  it('answers 409 INVALID_CHECKSUM when the cart changed since the shopper saw it', async () => {
    const browser = await cartWith(1);
    const response = await checkout(browser, { ...pickupCheckout(), checksum: 'stale' });
    expect(response.statusCode).toBe(409);
    expect(response.json().failures[0].reason).toBe('INVALID_CHECKSUM');
  });

  it('validates the key, the body and the payment method with 400', async () => {
    const browser = await cartWith(1);
    const noKey = await checkout(browser, pickupCheckout(), null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields[0].path).toBe('headers.idempotency-key');
    expect((await checkout(browser, pickupCheckout(), 'short')).statusCode).toBe(400);

    const badEmail = await checkout(browser, {
      ...pickupCheckout(),
      contact: { ...CONTACT, email: 'inte-en-adress' },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields[0].path).toBe('body.contact.email');

    const badPostcode = await checkout(browser, {
      ...pickupCheckout(),
      shipping: { type: 2, address: { street: 'Storgatan 1', postcode: '123 4', city: 'Umeå' } },
    });
    expect(badPostcode.statusCode).toBe(400);
    expect(badPostcode.json().fields[0].path).toBe('body.shipping.address.postcode');

    const noAddress = await checkout(browser, { ...pickupCheckout(), shipping: { type: 2 } });
    expect(noAddress.statusCode).toBe(400);

    const invoice = await checkout(browser, pickupCheckout('invoice'));
    expect(invoice.statusCode).toBe(400);
    expect(invoice.json().fields[0].path).toBe('body.payment.method');

    const card = await checkout(browser, { ...pickupCheckout(), payment: { method: 'card' } });
    expect(card.statusCode).toBe(400);
  });

  it('answers 404 without a cart', async () => {
    const browser = new Browser(t.app);
    expect((await checkout(browser, pickupCheckout())).statusCode).toBe(404);
  });

  it('pays with a gift card and issues bought gift cards with the order', async () => {
    const browser = await cartWith(1);
    await browser.post(ITEM, { article_id: giftCardArticle, quantity: 2 });
    const applied = await browser.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037 1200 0000 0034',
      pin: '3456',
    });
    expect(applied.statusCode).toBe(200);
    const cart = CartSchema.parse(applied.json());
    expect(cart.voucher?.giftcards).toEqual([{ last4: '0034', balance: 12_500, amount: 12_500 }]);
    expect(cart.summary.to_pay).toBe(cart.summary.price - 12_500);

    const order = OrderSchema.parse((await checkout(browser, pickupCheckout())).json());
    expect(order.summary.giftcard_amount).toBe(12_500);
    expect(order.giftcards).toEqual([{ last4: '0034', balance: 0, amount: 12_500 }]);
    expect(order.issued_giftcards).toHaveLength(2);
    for (const issued of order.issued_giftcards) {
      expect(isValidGiftCardNumber(issued.number)).toBe(true);
      expect(issued.value).toBe(25_000);
      const balance = await t.app.inject(
        `/api/v1.0/giftcards/${issued.number}/balance/?pin=${issued.pin}`,
      );
      expect(balance.json()).toMatchObject({ balance: 25_000, is_expired: false });
    }
    // Spent: the same card is refused when applied, not accepted to fail the checkout later.
    const next = await cartWith(1);
    const again = await next.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037120000000034',
      pin: '3456',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: GIFT_CARD_EMPTY_MESSAGE,
      fields: [{ path: 'body.number', message: GIFT_CARD_EMPTY_MESSAGE }],
    });
    const unchanged = CartSchema.parse((await next.get('/api/v1.0/cart/current/')).json());
    expect(unchanged.voucher).toBeNull();
    expect((await checkout(next, pickupCheckout())).statusCode).toBe(201);
  });

  it('refuses an expired gift card when it is applied, in Swedish', async () => {
    const browser = await cartWith(1);
    const expired = await browser.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037120000000091',
      pin: '9999',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(GIFT_CARD_EXPIRED_MESSAGE);
    const cart = CartSchema.parse((await browser.get('/api/v1.0/cart/current/')).json());
    expect(cart.voucher).toBeNull();
  });

  it('gives bought cards random PINs, stored hashed, shown until the confirmation with them was sent', async () => {
    const browser = await cartWith(1);
    await browser.post(ITEM, { article_id: giftCardArticle, quantity: 2 });
    const order = OrderSchema.parse((await checkout(browser, pickupCheckout())).json());
    const cards = order.issued_giftcards;
    expect(cards).toHaveLength(2);
    // Finding 1: the PIN was HMAC(server secret, number), the secret was in the repository.
    const derived = (number: string) =>
      String(
        createHmac('sha256', DEV_SESSION_SECRET)
          .update(`giftcard-pin:${number}`)
          .digest()
          .readUInt32BE(0) % 10_000,
      ).padStart(4, '0');
    expect(cards.every((card) => card.pin === derived(card.number))).toBe(false);
    const rows = await queryRows<{ number: string; pinHash: string }>(
      t.db,
      sql`select number, pin_hash as "pinHash" from gift_cards where issued_order_id =
        (select id from orders where public_id = ${order.id})`,
    );
    for (const card of cards) {
      expect(card.pin).toMatch(/^\d{4}$/);
      const stored = rows.find((row) => row.number === card.number)?.pinHash;
      expect(stored).not.toContain(card.pin);
      expect(stored).toBe(giftCardPinHash(card.number, card.pin ?? ''));
    }
    const mail = await confirmationOf(order.number);
    for (const card of cards) expect(mail).toContain(`PIN ${card.pin}`);
    // Sent: only the customer has the PINs now; the receipt no longer shows them.
    const receipt = OrderSchema.parse((await t.app.inject(`/api/v1.0/orders/${order.id}/`)).json());
    expect(receipt.issued_giftcards.map((card) => card.pin)).toEqual([null, null]);
    const [sealed] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from gift_cards where pin_sealed is not null and number in (${cards[0]?.number}, ${cards[1]?.number})`,
    );
    expect(Number(sealed?.n)).toBe(0);
  });

  it('gives a card bought before random PINs, whose PIN came from a public secret, a new PIN by e-mail', async () => {
    const browser = await cartWith(1);
    await browser.post(ITEM, { article_id: giftCardArticle, quantity: 1 });
    const order = OrderSchema.parse((await checkout(browser, pickupCheckout())).json());
    await t.app.checkout.settle();
    const number = order.issued_giftcards[0]?.number ?? '';
    // As migration 0013 found it: the PIN derived from the number with the development secret.
    const publicPin = GiftCardService.legacyPin(DEV_SESSION_SECRET, number);
    await t.db.execute(
      sql`update gift_cards set pin_hash = ${giftCardPinHash(number, publicPin)}, pin_sealed = null where number = ${number}`,
    );
    const balance = (pin: string) =>
      t.app.inject(`/api/v1.0/giftcards/${number}/balance/?pin=${pin}`);
    expect((await balance(publicPin)).statusCode).toBe(200);

    expect(await t.app.checkout.replacePublicPins([DEV_SESSION_SECRET])).toBe(1);
    expect((await balance(publicPin)).statusCode).toBe(404);
    const mails = await Promise.all(
      (await mailFiles(t.dataDir)).map((f) => readFile(path.join(t.dataDir, 'mail', f), 'utf8')),
    );
    const mail = mails.find((m) => m.includes('Ny PIN-kod:') && m.includes(order.contact.email));
    const newPin = /Ny PIN-kod: (\d{4})/.exec(mail ?? '')?.[1] ?? '';
    expect((await balance(newPin)).statusCode).toBe(200);
    // Done once: a second start finds nothing to replace.
    expect(await t.app.checkout.replacePublicPins([DEV_SESSION_SECRET])).toBe(0);
  });

  it('links the confirmation e-mail to PUBLIC_URL, never to the Host or X-Forwarded-Host header', async () => {
    const browser = await cartWith(1);
    const order = OrderSchema.parse(
      (
        await checkout(browser, pickupCheckout(), newKey(), {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        })
      ).json(),
    );
    const mail = await confirmationOf(order.number);
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain(`http://localhost:3000/kvitto/visa/${order.id}`);
  });

  it('marks an order fully paid by gift card as paid', async () => {
    const browser = await cartWith(1);
    await browser.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037120000000026',
      pin: '2345',
    });
    const order = OrderSchema.parse((await checkout(browser, pickupCheckout())).json());
    if (order.summary.price <= 100_000) {
      expect(order.summary.to_pay).toBe(0);
      expect(order.payment.status).toBe('paid');
    } else {
      expect(order.summary.giftcard_amount).toBe(100_000);
    }
  });

  it('removes a gift card from the cart by its last four digits', async () => {
    const browser = await cartWith(1);
    await browser.post('/api/v1.0/cart/current/giftcard/', {
      number: '6037120000000018',
      pin: '1234',
    });
    const removed = await browser.delete('/api/v1.0/cart/current/giftcard/', { last4: '0018' });
    expect(removed.statusCode).toBe(200);
    expect(CartSchema.parse(removed.json()).voucher).toBeNull();
    expect(
      (await browser.delete('/api/v1.0/cart/current/giftcard/', { last4: '0018' })).statusCode,
    ).toBe(404);
    expect(
      (await browser.delete('/api/v1.0/cart/current/giftcard/', { last4: 'abcd' })).statusCode,
    ).toBe(400);
  });
});

describe('GET orders/{id}/', () => {
  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.app.inject('/api/v1.0/orders/AAAAAAAAAAAAAAAAAAAAAAAA/')).statusCode).toBe(404);
    expect((await t.app.inject('/api/v1.0/orders/1/')).statusCode).toBe(400);
  });
});

describe('a failing mail server', () => {
  it('never loses the order: 201, stored, marked unsent', async () => {
    const failing = await buildCommerceTestApp({
      rateLimits: false,
      mailer: {
        send: () => Promise.reject(new Error('SMTP server unreachable')),
      },
    });
    try {
      const [article] = await stockedArticles(failing.db, 5, 1);
      const browser = new Browser(failing.app);
      browser.cookies.set('bygg_store', String(article?.storeId));
      await browser.post(ITEM, { article_id: article?.articleId, quantity: 1 });
      const response = await browser.post(CHECKOUT, pickupCheckout(), {
        'idempotency-key': newKey(),
      });
      expect(response.statusCode).toBe(201);
      await failing.app.checkout.settle();
      const rows = await queryRows<{ sent: Date | null }>(
        failing.db,
        sql`select confirmation_sent_at as sent from orders where public_id = ${response.json().id}`,
      );
      expect(rows).toEqual([{ sent: null }]);
    } finally {
      await failing.close();
    }
  });
});

describe('card payment through the provider adapter', () => {
  it('is offered only to the building-supply chain, and the receipt follows the payment', async () => {
    const payments = new Map<string, 'pending' | 'paid' | 'failed'>();
    const created: string[] = [];
    const fake: CardPaymentProvider = {
      name: 'fake',
      publishableKey: 'pk_test_fake',
      async createPayment(input) {
        const id = `pi_${input.idempotencyKey}`;
        if (!payments.has(id)) {
          payments.set(id, 'pending');
          created.push(id);
        }
        return { id, clientSecret: `${id}_secret`, status: payments.get(id) ?? 'pending' };
      },
      async status(id) {
        return payments.get(id) ?? 'failed';
      },
      async cancel(id) {
        if (payments.get(id) === 'pending') payments.set(id, 'failed');
      },
      webhook: null,
    };
    const card = await buildCommerceTestApp({ rateLimits: false, cardProvider: fake });
    try {
      const [chain] = await stockedArticles(card.db, 5, 1, 'store-chain');
      const chainShopper = new Browser(card.app);
      chainShopper.cookies.set('bygg_store', String(chain?.storeId));
      const chainCart = CartSchema.parse(
        (await chainShopper.post(ITEM, { article_id: chain?.articleId, quantity: 1 })).json(),
      );
      expect(chainCart.payment_methods.map((m) => m.id)).toEqual(['pay_in_store']);

      const [supply] = await stockedArticles(card.db, 5, 1, 'building-supply');
      if (!supply) throw new Error('no building-supply article');
      const shopper = new Browser(card.app, { 'x-organisation': 'building-supply' });
      shopper.cookies.set('bygg_store', String(supply.storeId));
      const cart = CartSchema.parse(
        (await shopper.post(ITEM, { article_id: supply.articleId, quantity: 1 })).json(),
      );
      expect(cart.payment_methods.map((m) => m.id)).toEqual(['pay_in_store', 'card']);
      expect(cart.payment_methods[1]).toMatchObject({
        provider: 'fake',
        publishable_key: 'pk_test_fake',
      });
      // Card payment makes home delivery possible.
      expect(cart.shipping.options.map((o) => o.type)).toEqual([1, 2]);
      const home = await shopper.patch('/api/v1.0/cart/current/shipping/', { type: 2 });
      expect(home.statusCode).toBe(200);

      const response = await shopper.post(
        CHECKOUT,
        {
          contact: CONTACT,
          shipping: {
            type: 2,
            address: { street: 'Sågverksvägen 4', postcode: '903 31', city: 'Umeå' },
          },
          payment: { method: 'card' },
        },
        { 'idempotency-key': newKey() },
      );
      expect(response.statusCode).toBe(201);
      const order = OrderSchema.parse(response.json());
      expect(order.status).toBe('awaiting_payment');
      expect(order.payment).toMatchObject({ method: 'card', status: 'pending' });
      expect(order.payment.client_secret).toMatch(/_secret$/);
      expect(order.shipping.address?.postcode).toBe('90331');

      payments.set(created[0] ?? '', 'paid');
      const receipt = OrderSchema.parse(
        (
          await card.app.inject({
            url: `/api/v1.0/orders/${order.id}/`,
            headers: { 'x-organisation': 'building-supply' },
          })
        ).json(),
      );
      expect(receipt.status).toBe('paid');
      expect(receipt.payment).toMatchObject({ status: 'paid', client_secret: null });
      // Another organisation does not see the receipt.
      expect((await card.app.inject(`/api/v1.0/orders/${order.id}/`)).statusCode).toBe(404);
    } finally {
      await card.close();
    }
  });
});
