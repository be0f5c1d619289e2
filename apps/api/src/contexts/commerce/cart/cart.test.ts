import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, CartValidationSchema } from '@bygg/contracts/cart';
import { TOO_MANY_PRODUCTS_MESSAGE } from '@bygg/domain/quantity';
import { STOCK_FAILURE_MESSAGES } from '@bygg/domain/stock';
import {
  Browser,
  buildCommerceTestApp,
  setStock,
  stockedArticles,
  type CommerceTestApp,
  type StockedArticle,
} from '../../../../test/commerce.ts';
import { MERGED_MESSAGE } from './service.ts';

let t: CommerceTestApp;
let a: StockedArticle;
let b: StockedArticle;

const ITEM = '/api/v1.0/cart/current/item/';
const CURRENT = '/api/v1.0/cart/current/';

beforeAll(async () => {
  t = await buildCommerceTestApp({ rateLimits: false });
  const [first, second] = await stockedArticles(t.db, 30, 2);
  if (!first || !second) throw new Error('The small seed has no stocked articles');
  a = first;
  b = second;
});
afterAll(() => t?.close());

/** A browser that chose the article's store in the header (bygg_store cookie). */
function shopper(storeId = a.storeId) {
  const browser = new Browser(t.app);
  browser.cookies.set('bygg_store', String(storeId));
  return browser;
}

describe('GET cart/current/', () => {
  it('answers 404 when the browser has no cart', async () => {
    const response = await shopper().get(CURRENT);
    expect(response.statusCode).toBe(404);
  });

  it('ignores a forged cart cookie', async () => {
    const browser = shopper();
    browser.cookies.set('bygg_cart', 'x'.repeat(43));
    expect((await browser.get(CURRENT)).statusCode).toBe(404);
  });
});

describe('POST cart/current/item/', () => {
  it('creates the cart, sets an HttpOnly signed cookie and prices it like the product API', async () => {
    const browser = shopper();
    const response = await browser.post(ITEM, { article_id: a.articleId, quantity: 2 });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/bygg_cart=[^;]+\.[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cart = CartSchema.parse(response.json());
    expect(cart.items).toHaveLength(1);
    const line = cart.items[0];
    const offer = (
      await t.app.inject(`/api/v2.0/articles/${a.articleId}/offer/?store_id=${a.storeId}`)
    ).json() as { offer: { price: number } };
    expect(line?.price).toBe(Math.round(offer.offer.price * 100));
    expect(line?.sum).toBe((line?.price ?? 0) * 2);
    expect(cart.summary.quantity).toBe(2);
    expect(cart.summary.items_price).toBe(line?.sum);
    expect(cart.store.id).toBe(a.storeId);
    expect(cart.warehouses[0]?.item_ids).toEqual([line?.id]);
    expect(cart.payment_methods.map((m) => m.id)).toEqual(['pay_in_store']);
    expect((await browser.get(CURRENT)).json()).toEqual(cart);
  });

  it('adds to the existing line', async () => {
    const browser = shopper();
    await browser.post(ITEM, { article_id: a.articleId, quantity: 2 });
    const cart = CartSchema.parse(
      (await browser.post(ITEM, { article_id: a.articleId, quantity: 3 })).json(),
    );
    expect(cart.items.map((i) => i.quantity)).toEqual([5]);
  });

  it('loses no quantity when the same article is added many times at once', async () => {
    const browser = shopper();
    await browser.post(ITEM, { article_id: a.articleId, quantity: 1 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.post(ITEM, { article_id: a.articleId, quantity: 1 }),
      ),
    );
    const cart = CartSchema.parse((await browser.get(CURRENT)).json());
    expect(cart.items[0]?.quantity).toBe(21);
  });

  it.each([
    ['negative', { quantity: -1 }],
    ['zero', { quantity: 0 }],
    ['non-numeric', { quantity: 'två' }],
    ['numeric string', { quantity: '2' }],
    ['fraction', { quantity: 1.5 }],
    ['huge', { quantity: 1e15 }],
    ['missing', {}],
  ])('refuses a %s quantity with 400 naming the field', async (_name, body) => {
    const response = await shopper().post(ITEM, { article_id: a.articleId, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.map((f: { path: string }) => f.path)).toContain('body.quantity');
  });

  it('answers too many products with the spec message', async () => {
    const response = await shopper().post(ITEM, { article_id: a.articleId, quantity: 10_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].message).toBe(TOO_MANY_PRODUCTS_MESSAGE);
    const browser = shopper();
    await browser.post(ITEM, { article_id: a.articleId, quantity: 9_000 });
    const more = await browser.post(ITEM, { article_id: a.articleId, quantity: 1_000 });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(TOO_MANY_PRODUCTS_MESSAGE);
  });

  it('answers 404 for an unknown article and 400 for a bad article id', async () => {
    expect((await shopper().post(ITEM, { article_id: 9_999_998, quantity: 1 })).statusCode).toBe(
      404,
    );
    const bad = await shopper().post(ITEM, { article_id: 'abc', quantity: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('body.article_id');
  });

  it('refuses a malformed JSON body with 400', async () => {
    const response = await shopper().request({
      method: 'POST',
      url: ITEM,
      payload: '{"article_id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('PATCH and DELETE cart/current/item/{id}/', () => {
  it('sets, removes and refuses stale lines', async () => {
    const browser = shopper();
    const cart = CartSchema.parse(
      (await browser.post(ITEM, { article_id: a.articleId, quantity: 1 })).json(),
    );
    const id = cart.items[0]?.id ?? 0;
    const patched = await browser.patch(`${ITEM}${id}/`, { quantity: 4 });
    expect(patched.statusCode).toBe(200);
    expect(CartSchema.parse(patched.json()).items[0]?.quantity).toBe(4);

    expect((await browser.patch(`${ITEM}${id}/`, { quantity: -2 })).statusCode).toBe(400);
    expect((await browser.patch(`${ITEM}${id}/`, { quantity: 'x' })).statusCode).toBe(400);
    expect((await browser.patch(`${ITEM}abc/`, { quantity: 1 })).statusCode).toBe(400);
    expect((await browser.patch(`${ITEM}${id + 100_000}/`, { quantity: 1 })).statusCode).toBe(404);

    const zero = await browser.patch(`${ITEM}${id}/`, { quantity: 0 });
    expect(zero.statusCode).toBe(200);
    expect(CartSchema.parse(zero.json()).items).toEqual([]);
    expect((await browser.delete(`${ITEM}${id}/`)).statusCode).toBe(404);

    const again = CartSchema.parse(
      (await browser.post(ITEM, { article_id: b.articleId, quantity: 1 })).json(),
    );
    const removed = await browser.delete(`${ITEM}${again.items[0]?.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(CartSchema.parse(removed.json()).summary.quantity).toBe(0);
  });

  it('does not let one browser change another browser’s line', async () => {
    const owner = shopper();
    const cart = CartSchema.parse(
      (await owner.post(ITEM, { article_id: a.articleId, quantity: 1 })).json(),
    );
    const other = shopper();
    await other.post(ITEM, { article_id: b.articleId, quantity: 1 });
    const response = await other.patch(`${ITEM}${cart.items[0]?.id}/`, { quantity: 3 });
    expect(response.statusCode).toBe(404);
  });

  it('answers 404 for a browser without a cart', async () => {
    expect((await shopper().patch(`${ITEM}1/`, { quantity: 1 })).statusCode).toBe(404);
  });
});

describe('PATCH cart/current/shipping/', () => {
  it('answers 202 when nothing changes and 200 when the store changes', async () => {
    const browser = shopper();
    await browser.post(ITEM, { article_id: a.articleId, quantity: 1 });
    const same = await browser.patch('/api/v1.0/cart/current/shipping/', { type: 1 });
    expect(same.statusCode).toBe(202);
    const other = await browser.patch('/api/v1.0/cart/current/shipping/', {
      store_id: b.storeId === a.storeId ? b.storeId + 1 : b.storeId,
    });
    expect(other.statusCode).toBe(200);
    const cart = CartSchema.parse(other.json());
    expect(cart.store.id).not.toBe(a.storeId);
    expect(browser.cookies.get('bygg_store')).toBe(String(cart.store.id));
  });

  it('refuses home delivery without a way to pay for it, and bad values', async () => {
    const browser = shopper();
    await browser.post(ITEM, { article_id: a.articleId, quantity: 1 });
    const home = await browser.patch('/api/v1.0/cart/current/shipping/', { type: 2 });
    expect(home.statusCode).toBe(400);
    expect(home.json().fields[0].path).toBe('body.type');
    expect((await browser.patch('/api/v1.0/cart/current/shipping/', { type: 3 })).statusCode).toBe(
      400,
    );
    expect((await browser.patch('/api/v1.0/cart/current/shipping/', {})).statusCode).toBe(400);
    expect(
      (await browser.patch('/api/v1.0/cart/current/shipping/', { store_id: 999_999 })).statusCode,
    ).toBe(400);
  });

  it('answers 404 without a cart', async () => {
    expect(
      (await shopper().patch('/api/v1.0/cart/current/shipping/', { type: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v2.0/cart/validate/', () => {
  it('reports stock failures with the spec texts and a changed cart', async () => {
    const browser = shopper();
    const cart = CartSchema.parse(
      (await browser.post(ITEM, { article_id: a.articleId, quantity: 3 })).json(),
    );
    const ok = CartValidationSchema.parse(
      (await browser.post('/api/v2.0/cart/validate/', { checksum: cart.checksum })).json(),
    );
    expect(ok).toEqual({ valid: true, failures: [], checksum: cart.checksum });
    expect(cart.items[0]?.problem).toBeNull();

    const changed = CartValidationSchema.parse(
      (await browser.post('/api/v2.0/cart/validate/', { checksum: 'old' })).json(),
    );
    expect(changed.failures.map((f) => f.reason)).toEqual(['INVALID_CHECKSUM']);

    try {
      await setStock(t.db, a.articleId, a.warehouseId, 2);
      const short = CartValidationSchema.parse(
        (await browser.post('/api/v2.0/cart/validate/', {})).json(),
      );
      expect(short.valid).toBe(false);
      expect(short.failures[0]).toMatchObject({
        reason: 'INSUFFICIENT_STOCK',
        message: STOCK_FAILURE_MESSAGES.INSUFFICIENT_STOCK,
        available_quantity: 2,
        article_id: a.articleId,
      });
      const current = CartSchema.parse((await browser.get(CURRENT)).json());
      expect(current.messages[0]).toContain(STOCK_FAILURE_MESSAGES.INSUFFICIENT_STOCK);
      // The line itself says what stops it, so the cart and /kassa flag it before a submit.
      expect(current.items[0]?.problem).toEqual({
        reason: 'INSUFFICIENT_STOCK',
        message: STOCK_FAILURE_MESSAGES.INSUFFICIENT_STOCK,
        available_quantity: 2,
      });

      await setStock(t.db, a.articleId, a.warehouseId, 0);
      const out = CartValidationSchema.parse(
        (await browser.post('/api/v2.0/cart/validate/')).json(),
      );
      expect(out.failures[0]).toMatchObject({
        reason: 'OUT_OF_STOCK',
        message: 'Tyvärr finns inte artikeln i lager',
      });
      const flagged = CartSchema.parse((await browser.get(CURRENT)).json());
      expect(flagged.items[0]?.problem).toMatchObject({ reason: 'OUT_OF_STOCK' });
    } finally {
      await setStock(t.db, a.articleId, a.warehouseId, a.quantity);
    }
  });

  it('answers 404 without a cart and 400 for a bad body', async () => {
    expect((await shopper().post('/api/v2.0/cart/validate/', {})).statusCode).toBe(404);
    expect((await shopper().post('/api/v2.0/cart/validate/', { checksum: 5 })).statusCode).toBe(
      400,
    );
  });
});

describe('logging in', () => {
  it('merges the anonymous cart into the user’s cart, losing nothing', async () => {
    const browser = shopper();
    // The user's own cart from an earlier visit (another browser).
    const earlier = shopper();
    const login = { username: 'erik.nordin@nordinssnickeri.example', password: 'Proffs2026!' };
    expect((await earlier.post('/api/proffs/user/login/', login)).statusCode).toBe(200);
    await earlier.post(ITEM, { article_id: a.articleId, quantity: 2 });

    await browser.post(ITEM, { article_id: a.articleId, quantity: 1 });
    await browser.post(ITEM, { article_id: b.articleId, quantity: 4 });
    expect((await browser.post('/api/proffs/user/login/', login)).statusCode).toBe(200);
    const merged = CartSchema.parse((await browser.get(CURRENT)).json());
    expect(merged.messages).toContain(MERGED_MESSAGE);
    const quantities = Object.fromEntries(merged.items.map((i) => [i.article_id, i.quantity]));
    expect(quantities).toEqual({ [a.articleId]: 3, [b.articleId]: 4 });
    // A trade customer with a company may pay by invoice.
    expect(merged.payment_methods.map((m) => m.id)).toContain('invoice');

    // The other browser of the same user sees the same cart; a logged-out browser does not.
    const same = CartSchema.parse((await earlier.get(CURRENT)).json());
    expect(same.items.map((i) => i.quantity).sort()).toEqual([3, 4]);
    await browser.delete('/api/proffs/user/logout/');
    expect((await browser.get(CURRENT)).statusCode).toBe(404);
  });
});
