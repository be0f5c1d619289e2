import { describe, expect, it, vi } from 'vitest';
import type { CartStore } from './cart-store.ts';
import { LazyCartStore } from './lazy-cart-store.ts';
import { testCartClient, testCartStore } from './test-cart-client.ts';
import { testCart, testLine } from './test-cart.ts';

/** A facade whose store's code 'arrives' only when the test says so. */
function deferred(store: CartStore) {
  let arrive: () => void = () => {};
  const create = vi.fn(
    (_allowed: boolean) =>
      new Promise<CartStore>((resolve) => {
        arrive = () => resolve(store);
      }),
  );
  const lazy = new LazyCartStore(create, true);
  return { lazy, create, arrive: () => arrive() };
}

describe('LazyCartStore', () => {
  it('loads no code until the first action', () => {
    const { lazy, create } = deferred(testCartStore(testCartClient()));
    lazy.setMiniCartOpener(() => {});
    expect(lazy.getSnapshot()).toMatchObject({ status: 'idle', cart: null });
    expect(create).not.toHaveBeenCalled();
  });

  it('keeps an add clicked before the store arrives, with its loading state, and runs it', async () => {
    const after = testCart([testLine({ quantity: 1 })]);
    const client = testCartClient({ addItem: vi.fn(() => Promise.resolve(after)) });
    const { lazy, create, arrive } = deferred(testCartStore(client));
    const openMiniCart = vi.fn();
    lazy.setMiniCartOpener(openMiniCart);
    const changes = vi.fn();
    lazy.subscribe(changes);

    const added = lazy.add({ id: 1_000_001, title: 'Regel' }, 3);
    expect(create).toHaveBeenCalledTimes(1);
    expect(lazy.getSnapshot().adding.has(1_000_001)).toBe(true);
    // A second click while the code loads is ignored, as the real store does while adding.
    expect(await lazy.add({ id: 1_000_001, title: 'Regel' }, 3)).toBe(false);

    arrive();
    expect(await added).toBe(true);
    expect(client.addItem).toHaveBeenCalledTimes(1);
    expect(client.addItem).toHaveBeenCalledWith({ article_id: 1_000_001, quantity: 3 });
    expect(lazy.getSnapshot().cart).toBe(after);
    expect(lazy.getSnapshot().adding.size).toBe(0);
    // The host's opener set before the store existed is the one the store calls.
    expect(openMiniCart).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalled();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('shows a cart handed over by the server at once and gives it to the store', async () => {
    const seeded = testCart([testLine({ quantity: 2 })]);
    const store = testCartStore(testCartClient());
    const { lazy, arrive } = deferred(store);
    lazy.replace(seeded);
    expect(lazy.getSnapshot()).toMatchObject({ status: 'ready', cart: seeded });
    arrive();
    await lazy.ready();
    expect(store.getSnapshot().cart).toBe(seeded);
  });

  it('asks nothing and loads no code without consent; consent given later takes effect', async () => {
    const client = testCartClient();
    const store = testCartStore(client);
    const create = vi.fn((allowed: boolean) => {
      store.setAllowed(allowed);
      return Promise.resolve(store);
    });
    const lazy = new LazyCartStore(create, false);
    expect(lazy.getSnapshot().consentRequired).toBe(true);
    await lazy.load();
    expect(create).not.toHaveBeenCalled();

    lazy.setAllowed(true);
    expect(lazy.getSnapshot().consentRequired).toBe(false);
    await lazy.load();
    expect(create).toHaveBeenCalledWith(true);
    expect(client.current).toHaveBeenCalledTimes(1);
    expect(lazy.getSnapshot().status).toBe('ready');
  });

  it('frees the add button when the code cannot be fetched, and tries again on the next click', async () => {
    const after = testCart([testLine({ quantity: 1 })]);
    const store = testCartStore(testCartClient({ addItem: vi.fn(() => Promise.resolve(after)) }));
    const create = vi
      .fn<(allowed: boolean) => Promise<CartStore>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(store);
    const lazy = new LazyCartStore(create, true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(await lazy.add({ id: 7 }, 1)).toBe(false);
    expect(lazy.getSnapshot().adding.size).toBe(0);
    expect(error).toHaveBeenCalled();
    expect(await lazy.add({ id: 7 }, 1)).toBe(true);
    expect(lazy.getSnapshot().cart).toBe(after);
    expect(create).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
