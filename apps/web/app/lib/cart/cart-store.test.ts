import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cart } from '@bygg/contracts/cart';
import { CartRequestError } from './cart-client.ts';
import type { CartClient } from './cart-client.ts';
import {
  CART_ERROR_CLEAR_MS,
  CONSENT_REQUIRED_MESSAGE,
  GIFT_CARD_TOO_MANY_TRIES_MESSAGE,
  TOO_MANY_PRODUCTS_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
} from './cart-messages.ts';
import { CartStore } from './cart-store.ts';
import { testCart, testLine } from './test-cart.ts';
import { testCartClient } from './test-cart-client.ts';

function setup(client: CartClient, options: { allowed?: boolean; initialCart?: Cart | null } = {}) {
  const openMiniCart = vi.fn();
  const track = vi.fn();
  const store = new CartStore({
    client,
    openMiniCart,
    track,
    allowed: options.allowed ?? true,
    initialCart: options.initialCart,
  });
  return { store, openMiniCart, track };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const apiError = (status: number, body: Record<string, unknown> = {}) =>
  new CartRequestError(status, body);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('CartStore add', () => {
  it('replaces the cart with the reply, opens the mini cart and sends add_to_cart for the added units', async () => {
    const before = testCart([testLine({ quantity: 2 })]);
    const after = testCart([testLine({ quantity: 5 })]);
    const client = testCartClient({ addItem: vi.fn(() => Promise.resolve(after)) });
    const { store, openMiniCart, track } = setup(client, { initialCart: before });

    const added = store.add({ id: 1_000_001, title: 'Regel' }, 3);
    expect(store.getSnapshot().adding.has(1_000_001)).toBe(true);
    expect(await added).toBe(true);

    expect(client.addItem).toHaveBeenCalledWith({ article_id: 1_000_001, quantity: 3 });
    expect(store.getSnapshot().cart).toBe(after);
    expect(store.getSnapshot().adding.size).toBe(0);
    expect(store.getSnapshot().lastAdded).toEqual({
      articleId: 1_000_001,
      title: 'Regel 45x95 gran 3,0 m',
      quantity: 3,
    });
    expect(openMiniCart).toHaveBeenCalledTimes(1);
    const event = track.mock.calls[0]?.[0];
    expect(event.event).toBe('add_to_cart');
    expect(event.ecommerce.items[0]).toMatchObject({
      item_id: '1000001',
      quantity: 3,
      price: 129,
      item_variant: 'Längd:3000 mm',
    });
  });

  it("shows the §8 add text with the product's name, and clears it after the timeout", async () => {
    const client = testCartClient({ addItem: vi.fn(() => Promise.reject(apiError(500))) });
    const { store, openMiniCart } = setup(client);

    expect(await store.add({ id: 42, title: 'Takpapp' }, 1)).toBe(false);
    expect(store.getSnapshot().errors['article:42']).toBe(
      'Vi kunde tyvärr inte lägga Takpapp i varukorgen. Försök igen senare.',
    );
    expect(openMiniCart).not.toHaveBeenCalled();

    vi.advanceTimersByTime(CART_ERROR_CLEAR_MS - 1);
    expect(store.getSnapshot().errors['article:42']).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().errors['article:42']).toBeUndefined();
  });

  it("says 'produkten' when the name is unknown", async () => {
    const client = testCartClient({
      addItem: vi.fn(() => Promise.reject(new TypeError('offline'))),
    });
    const { store } = setup(client);
    await store.add({ id: 42 }, 1);
    expect(store.getSnapshot().errors['article:42']).toBe(
      'Vi kunde tyvärr inte lägga produkten i varukorgen. Försök igen senare.',
    );
  });

  it('shows the too-many-products text when the API refuses the quantity', async () => {
    const client = testCartClient({
      addItem: vi.fn(() =>
        Promise.reject(
          apiError(400, {
            message: 'Ogiltig begäran',
            fields: [{ path: 'body.quantity', message: TOO_MANY_PRODUCTS_MESSAGE }],
          }),
        ),
      ),
    });
    const { store } = setup(client);
    await store.add({ id: 42, title: 'Skruv' }, 99_999);
    expect(store.getSnapshot().errors['article:42']).toBe(TOO_MANY_PRODUCTS_MESSAGE);
  });

  it('answers 428 with the dedicated message in the mini cart, which opens', async () => {
    const client = testCartClient({ addItem: vi.fn(() => Promise.reject(apiError(428))) });
    const { store, openMiniCart } = setup(client);
    await store.add({ id: 42, title: 'Skruv' }, 1);
    expect(store.getSnapshot().errors.cart).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(openMiniCart).toHaveBeenCalledTimes(1);
  });

  it('adds nothing before the cookie question is answered', async () => {
    const client = testCartClient();
    const { store } = setup(client, { allowed: false });
    expect(await store.add({ id: 42, title: 'Skruv' }, 1)).toBe(false);
    expect(client.addItem).not.toHaveBeenCalled();
    expect(store.getSnapshot().errors['article:42']).toBe(CONSENT_REQUIRED_MESSAGE);
  });
});

describe('CartStore update and remove', () => {
  it('counts a lower quantity as remove_from_cart of the difference', async () => {
    const line = testLine({ quantity: 5 });
    const client = testCartClient({
      updateItem: vi.fn(() => Promise.resolve(testCart([testLine({ quantity: 2 })]))),
    });
    const { store, track, openMiniCart } = setup(client, { initialCart: testCart([line]) });

    await store.update(line, 2);
    expect(client.updateItem).toHaveBeenCalledWith(1, 2);
    expect(track.mock.calls[0]?.[0]).toMatchObject({
      event: 'remove_from_cart',
      ecommerce: { items: [{ quantity: 3 }] },
    });
    expect(openMiniCart).toHaveBeenCalled();
  });

  it('removes the line when the new quantity is 0, and sends nothing when it is unchanged', async () => {
    const line = testLine({ quantity: 2 });
    const client = testCartClient({ removeItem: vi.fn(() => Promise.resolve(testCart([]))) });
    const { store, track } = setup(client, { initialCart: testCart([line]) });

    await store.update(line, 2);
    expect(client.updateItem).not.toHaveBeenCalled();
    expect(client.removeItem).not.toHaveBeenCalled();

    await store.update(line, 0);
    expect(client.removeItem).toHaveBeenCalledWith(1);
    expect(store.getSnapshot().cart?.items).toEqual([]);
    expect(track.mock.calls[0]?.[0]).toMatchObject({
      event: 'remove_from_cart',
      ecommerce: { items: [{ quantity: 2 }] },
    });
  });

  it("shows the §8 update text on the line and keeps the line's loading flag only while in flight", async () => {
    const line = testLine({ title: 'Gipsskiva 13 mm' });
    let fail!: (error: unknown) => void;
    const client = testCartClient({
      updateItem: vi.fn(() => new Promise<Cart>((_, reject) => (fail = reject))),
    });
    const { store } = setup(client, { initialCart: testCart([line]) });
    const pending = store.update(line, 3);
    expect(store.getSnapshot().updating.has(line.id)).toBe(true);
    fail(apiError(500));
    await pending;
    expect(store.getSnapshot().updating.has(line.id)).toBe(false);
    expect(store.getSnapshot().errors[`item:${line.id}`]).toBe(
      'Vi kunde tyvärr inte uppdatera Gipsskiva 13 mm. Försök igen senare.',
    );
  });

  it('keeps the newest reply when an older one arrives later', async () => {
    const first = testLine({ id: 1, quantity: 1 });
    const second = testLine({ id: 2, article_id: 1_000_002, quantity: 1 });
    const older = deferred<Cart>();
    const newer = deferred<Cart>();
    const client = testCartClient({
      updateItem: vi.fn((id: number) => (id === 1 ? older.promise : newer.promise)),
    });
    const { store } = setup(client, { initialCart: testCart([first, second]) });

    const a = store.update(first, 2);
    const b = store.update(second, 3);
    const newest = testCart([testLine({ id: 1, quantity: 2 }), testLine({ id: 2, quantity: 3 })]);
    newer.resolve(newest);
    await b;
    older.resolve(testCart([testLine({ id: 1, quantity: 2 }), second]));
    await a;
    expect(store.getSnapshot().cart).toBe(newest);
  });
});

describe('CartStore shipping, gift cards and load', () => {
  it('opens the mini cart on 202 (not changed) and replaces the cart on 200', async () => {
    const changed = testCart([testLine()], { checksum: 'changed' });
    const updateShipping = vi
      .fn<CartClient['updateShipping']>()
      .mockResolvedValueOnce('unchanged')
      .mockResolvedValueOnce(changed);
    const { store, openMiniCart } = setup(testCartClient({ updateShipping }), {
      initialCart: testCart(),
    });

    await store.setShipping({ type: 1 });
    expect(openMiniCart).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().cart?.checksum).not.toBe('changed');

    await store.setShipping({ type: 2 });
    expect(store.getSnapshot().cart).toBe(changed);
    expect(store.getSnapshot().shippingPending).toBe(false);
  });

  it("shows the API's Swedish reason when a gift card is refused", async () => {
    const client = testCartClient({
      addGiftCard: vi.fn(() =>
        Promise.reject(apiError(400, { message: 'Ogiltigt kontrollnummer för presentkortet' })),
      ),
    });
    const { store } = setup(client);
    expect(await store.addGiftCard({ number: '1234 5678 1234 5678', pin: '0000' })).toBe(false);
    expect(store.getSnapshot().errors.giftcard).toBe('Ogiltigt kontrollnummer för presentkortet');
  });

  it('says when the gift-card tries are used up (428), and keeps the cart as it was', async () => {
    const client = testCartClient({
      addGiftCard: vi.fn(() => Promise.reject(apiError(428))),
      giftCardBalance: vi.fn(() => Promise.reject(apiError(428))),
    });
    const cart = testCart();
    const { store } = setup(client, { initialCart: cart });
    await store.addGiftCard({ number: '6037120000000018', pin: '1234' });
    expect(store.getSnapshot().errors.giftcard).toBe(GIFT_CARD_TOO_MANY_TRIES_MESSAGE);
    expect(store.getSnapshot().cart).toBe(cart);
    expect(await store.giftCardBalance('6037120000000018', '1234')).toEqual({
      error: GIFT_CARD_TOO_MANY_TRIES_MESSAGE,
    });
  });

  it('treats a missing cart (404) as an empty cart and a failed read as failed', async () => {
    const current = vi
      .fn<CartClient['current']>()
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(apiError(502));
    const { store } = setup(testCartClient({ current }));

    await store.load();
    expect(store.getSnapshot()).toMatchObject({ status: 'ready', cart: null });
    await store.load();
    expect(store.getSnapshot().status).toBe('failed');
    expect(vi.mocked(console.error)).toHaveBeenCalledWith(
      'Could not load the cart:',
      expect.any(CartRequestError),
    );
    vi.mocked(console.error).mockClear();
  });
});

describe('CartStore placeOrder', () => {
  it('empties the cart when the order is placed', async () => {
    const client = testCartClient({ checkout: vi.fn(() => Promise.resolve({ id: 'abc' })) });
    const { store } = setup(client, { initialCart: testCart() });
    const body = {
      contact: { first_name: 'A', last_name: 'B', email: 'a@b.se', phone: '0701234567' },
      shipping: { type: 1 as const },
      payment: { method: 'pay_in_store' as const },
    };
    expect(await store.placeOrder(body, 'key-12345')).toEqual({
      kind: 'placed',
      order: { id: 'abc' },
    });
    expect(client.checkout).toHaveBeenCalledWith(body, 'key-12345');
    expect(store.getSnapshot().cart).toBeNull();
  });

  it('returns the stock failures of a 409 and reads the cart again', async () => {
    const failures = [
      {
        reason: 'OUT_OF_STOCK' as const,
        message: 'Tyvärr finns inte artikeln i lager',
        item_id: 1,
        article_id: 1_000_001,
        available_quantity: 0,
      },
    ];
    const client = testCartClient({
      checkout: vi.fn(() => Promise.reject(apiError(409, { message: 'Slut', failures }))),
      current: vi.fn(() => Promise.resolve(testCart())),
    });
    const { store } = setup(client, { initialCart: testCart() });
    const result = await store.placeOrder(
      {
        contact: { first_name: 'A', last_name: 'B', email: 'a@b.se', phone: '0701234567' },
        shipping: { type: 1 },
        payment: { method: 'pay_in_store' },
      },
      'key-12345',
    );
    expect(result).toEqual({ kind: 'conflict', failures, message: 'Slut' });
    expect(client.current).toHaveBeenCalled();
  });
});
