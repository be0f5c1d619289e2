import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, VOUCHER_MESSAGES } from '@bygg/contracts/cart';
import { OrderSchema } from '@bygg/contracts/orders';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  Browser,
  buildCommerceTestApp,
  pickupCheckout,
  setStock,
  stockedArticles,
  type CommerceTestApp,
  type StockedArticle,
} from '../../../../test/commerce.ts';

/**
 * Discount codes (storefront spec §3 "voucher"): POST/DELETE cart/current/voucher/, the
 * discount in the cart summary, at checkout, and counted once per order under concurrency.
 */
const ITEM = '/api/v1.0/cart/current/item/';
const VOUCHER = '/api/v1.0/cart/current/voucher/';
const CHECKOUT = '/api/v1.0/cart/current/checkout/';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const DAY = 86_400_000;

let t: CommerceTestApp;
let a: StockedArticle;
let keys = 0;
const newKey = () => `voucher-${process.pid}-${Date.now()}-${++keys}`;

beforeAll(async () => {
  t = await buildCommerceTestApp({ rateLimits: false });
  const [first] = await stockedArticles(t.db, 1, 1);
  if (!first) throw new Error('The small seed has no stocked article');
  a = first;
  await setStock(t.db, a.articleId, a.warehouseId, 100_000);
});
afterAll(() => t?.close());

/** A store-chain voucher of the test's own (codes are unique per test). */
async function voucher(
  code: string,
  fields: {
    percentOff?: number | null;
    amountOffOre?: number | null;
    minOrderOre?: number;
    fromDays?: number;
    toDays?: number | null;
    usageLimit?: number | null;
    usedCount?: number;
  } = {},
): Promise<void> {
  const percentOff = fields.percentOff === undefined ? 10 : fields.percentOff;
  const amountOffOre = fields.amountOffOre ?? null;
  const from = new Date(t.now.getTime() + (fields.fromDays ?? -1) * DAY).toISOString();
  const toDays = fields.toDays === undefined ? 30 : fields.toDays;
  const to = toDays === null ? null : new Date(t.now.getTime() + toDays * DAY).toISOString();
  await t.db.execute(
    sql`insert into vouchers (organisation_id, code, description, percent_off, amount_off_ore,
        min_order_ore, valid_from, valid_to, usage_limit, used_count)
      values ('store-chain', ${code}, ${`Testkod ${code}`}, ${percentOff}, ${amountOffOre},
        ${fields.minOrderOre ?? 0}, ${from}::timestamptz, ${to}::timestamptz,
        ${fields.usageLimit ?? null}, ${fields.usedCount ?? 0})`,
  );
}

async function usedCount(code: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select used_count as n from vouchers where code = ${code}`,
  );
  return Number(row?.n);
}

/** A browser with `quantity` units of the article in its cart. */
async function shopper(quantity: number): Promise<Browser> {
  const browser = new Browser(t.app);
  browser.cookies.set('bygg_store', String(a.storeId));
  const response = await browser.post(ITEM, { article_id: a.articleId, quantity });
  expect(response.statusCode).toBe(200);
  return browser;
}

/** Enough units for the items to reach `ore`. */
const unitsFor = (ore: number) => Math.ceil(ore / a.priceOre) + 1;

describe('POST cart/current/voucher/', () => {
  it('answers 404 without a cart', async () => {
    const browser = new Browser(t.app);
    expect((await browser.post(VOUCHER, { code: 'BYGG10' })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming body.code', async () => {
    const browser = await shopper(1);
    for (const payload of [{}, { code: 42 }, { code: '   ' }, { code: 'X'.repeat(41) }]) {
      const response = await browser.post(VOUCHER, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json() as { fields: Array<{ path: string }> };
      expect(body.fields.map((f) => f.path)).toContain('body.code');
    }
  });

  it('refuses an unknown code and another organisation’s code in Swedish', async () => {
    const browser = await shopper(1);
    for (const code of ['FINNSINTE', 'PROFFS200']) {
      const response = await browser.post(VOUCHER, { code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: VOUCHER_MESSAGES.unknown,
        fields: [{ path: 'body.code', message: VOUCHER_MESSAGES.unknown }],
      });
    }
  });

  it('refuses an expired, a not yet started and a used-up code', async () => {
    await voucher('UTGANGEN', { fromDays: -30, toDays: -1 });
    await voucher('SNART', { fromDays: 2 });
    await voucher('SLUTSALD', { usageLimit: 3, usedCount: 3 });
    const browser = await shopper(1);
    const cases: Array<[string, string]> = [
      ['UTGANGEN', VOUCHER_MESSAGES.expired],
      ['SNART', VOUCHER_MESSAGES.notStarted],
      ['SLUTSALD', VOUCHER_MESSAGES.usedUp],
    ];
    for (const [code, message] of cases) {
      const response = await browser.post(VOUCHER, { code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, fields: [{ path: 'body.code' }] });
    }
    const cart = CartSchema.parse((await browser.get('/api/v1.0/cart/current/')).json());
    expect(cart.voucher).toBeNull();
  });

  it('refuses the demo code BYGG10 below its minimum of 500 kr', async () => {
    expect(a.priceOre).toBeLessThan(50_000); // one unit stays below the minimum
    const browser = await shopper(1);
    const response = await browser.post(VOUCHER, { code: 'BYGG10' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Rabattkoden gäller vid köp för minst 500:-',
      fields: [{ path: 'body.code' }],
    });
  });

  it('applies BYGG10 (any case, spaces) and shows 10 % off in the summary', async () => {
    const units = unitsFor(50_000);
    const browser = await shopper(units);
    const response = await browser.post(VOUCHER, { code: ' bygg 10 ' });
    expect(response.statusCode).toBe(200);
    const cart = CartSchema.parse(response.json());
    const items = cart.summary.items_price;
    expect(items).toBeGreaterThanOrEqual(50_000);
    expect(cart.summary.discount).toBe(Math.round(items / 10));
    expect(cart.summary.price).toBe(items - cart.summary.discount + cart.summary.shipping_price);
    expect(cart.summary.to_pay).toBe(cart.summary.price);
    expect(cart.voucher).toMatchObject({
      code: 'BYGG10',
      discount: cart.summary.discount,
      message: null,
      giftcards: [],
    });
    // The VAT falls with the discount (25 %: a fifth of the price).
    expect(Math.abs(cart.summary.vat - Math.round(cart.summary.price / 5))).toBeLessThanOrEqual(
      cart.items.length + 1,
    );
    // It stays with the cart.
    expect((await browser.get('/api/v1.0/cart/current/')).json()).toEqual(cart);
  });

  it('gives nothing, with the reason, once the items fall below the minimum', async () => {
    const browser = await shopper(unitsFor(50_000));
    const applied = CartSchema.parse((await browser.post(VOUCHER, { code: 'BYGG10' })).json());
    const line = applied.items[0];
    const lowered = await browser.patch(`${ITEM}${line?.id}/`, { quantity: 1 });
    const cart = CartSchema.parse(lowered.json());
    expect(cart.summary.discount).toBe(0);
    expect(cart.voucher).toMatchObject({
      code: 'BYGG10',
      discount: 0,
      message: 'Rabattkoden gäller vid köp för minst 500:-',
    });
    // Checkout would cost more than the cart showed with the code: 409 until it is removed.
    const refused = await browser.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': newKey() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'Rabattkoden gäller vid köp för minst 500:-' });
  });

  it('judges free shipping on the goods after the discount', async () => {
    const browser = await shopper(unitsFor(50_000));
    const before = CartSchema.parse((await browser.get('/api/v1.0/cart/current/')).json());
    const items = before.summary.items_price;
    expect(before.summary.free_shipping_remaining).toBe(0);
    // A fixed code that brings the goods to 490:-, below the 499:- for free shipping.
    await voucher('FRAKTGRANS', { percentOff: null, amountOffOre: items - 49_000 });
    const cart = CartSchema.parse((await browser.post(VOUCHER, { code: 'FRAKTGRANS' })).json());
    expect(cart.summary.discount).toBe(items - 49_000);
    expect(cart.summary.free_shipping_remaining).toBe(901);
    const home = cart.shipping.options.find((option) => option.type === 2);
    if (home) expect(home.price).toBe(14_900);
  });

  it('takes a fixed amount off, never more than the items cost', async () => {
    await voucher('FASTA50', { percentOff: null, amountOffOre: 5_000 });
    await voucher('JATTESTOR', { percentOff: null, amountOffOre: 100_000_000 });
    const browser = await shopper(1);
    const fixed = CartSchema.parse((await browser.post(VOUCHER, { code: 'FASTA50' })).json());
    expect(fixed.summary.discount).toBe(Math.min(5_000, fixed.summary.items_price));
    const huge = CartSchema.parse((await browser.post(VOUCHER, { code: 'JATTESTOR' })).json());
    expect(huge.voucher?.code).toBe('JATTESTOR');
    expect(huge.summary.discount).toBe(huge.summary.items_price);
    expect(huge.summary.price).toBe(huge.summary.shipping_price);
  });
});

describe('DELETE cart/current/voucher/', () => {
  it('removes the code (200) and answers 404 when there is none', async () => {
    await voucher('BORTTAGEN', { percentOff: 5 });
    const browser = await shopper(1);
    expect((await browser.delete(VOUCHER)).statusCode).toBe(404);
    expect((await browser.post(VOUCHER, { code: 'BORTTAGEN' })).statusCode).toBe(200);
    const response = await browser.delete(VOUCHER);
    expect(response.statusCode).toBe(200);
    const cart = CartSchema.parse(response.json());
    expect(cart.voucher).toBeNull();
    expect(cart.summary.discount).toBe(0);
    expect(cart.summary.price).toBe(cart.summary.items_price + cart.summary.shipping_price);
    const again = await browser.delete(VOUCHER);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: VOUCHER_MESSAGES.none });
  });
});

describe('checkout with a discount code', () => {
  it('places the order at the discounted price and counts one use', async () => {
    await voucher('ORDER15', { percentOff: 15, usageLimit: 5 });
    const browser = await shopper(2);
    const cart = CartSchema.parse((await browser.post(VOUCHER, { code: 'ORDER15' })).json());
    const response = await browser.post(
      CHECKOUT,
      { ...pickupCheckout(), checksum: cart.checksum },
      { 'idempotency-key': newKey() },
    );
    expect(response.statusCode).toBe(201);
    const order = OrderSchema.parse(response.json());
    expect(order.summary.discount).toBe(cart.summary.discount);
    expect(order.summary.discount).toBeGreaterThan(0);
    expect(order.summary.voucher_code).toBe('ORDER15');
    expect(order.summary.price).toBe(cart.summary.price);
    expect(order.summary.to_pay).toBe(cart.summary.to_pay);
    expect(await usedCount('ORDER15')).toBe(1);
    // The receipt reads the same from the database.
    const receipt = await browser.get(`/api/v1.0/orders/${order.id}/`);
    expect(receipt.statusCode).toBe(200);
    expect(OrderSchema.parse(receipt.json()).summary).toEqual(order.summary);
  });

  it('a code removed from the cart is not counted', async () => {
    await voucher('EJRAKNAD', { percentOff: 5 });
    const browser = await shopper(1);
    await browser.post(VOUCHER, { code: 'EJRAKNAD' });
    await browser.delete(VOUCHER);
    const response = await browser.post(CHECKOUT, pickupCheckout(), {
      'idempotency-key': newKey(),
    });
    expect(response.statusCode).toBe(201);
    expect(OrderSchema.parse(response.json()).summary.discount).toBe(0);
    expect(await usedCount('EJRAKNAD')).toBe(0);
  });
});

describe.skipIf(!onPostgres)('a code with one use left, on PostgreSQL', () => {
  it('is used by exactly one of ten racing orders; the others get 409', async () => {
    await voucher('SISTA1', { percentOff: 20, usageLimit: 1 });
    const browsers = await Promise.all(Array.from({ length: 10 }, () => shopper(1)));
    for (const browser of browsers) {
      expect((await browser.post(VOUCHER, { code: 'SISTA1' })).statusCode).toBe(200);
    }
    const responses = await Promise.all(
      browsers.map((browser) =>
        browser.post(CHECKOUT, pickupCheckout(), { 'idempotency-key': newKey() }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ message: VOUCHER_MESSAGES.usedUp });
    }
    expect(await usedCount('SISTA1')).toBe(1);
    const [orders] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from orders where voucher_code = 'SISTA1'`,
    );
    expect(Number(orders?.n)).toBe(1);
  });
});
