import { vi } from 'vitest';
import type { CartClient } from './cart-client.ts';
import { CartStore } from './cart-store.ts';

/**
 * A CartClient for component and store tests: every call is a spy, and any call a test did
 * not plan for rejects, so an unexpected request fails the test instead of passing quietly.
 * With no `current`, there is no cart yet (the API's 404).
 */
export function testCartClient(overrides: Partial<CartClient> = {}): CartClient {
  const unused = () => Promise.reject(new Error('not expected in this test'));
  return {
    current: vi.fn(() => Promise.resolve(null)),
    addItem: vi.fn(unused),
    updateItem: vi.fn(unused),
    removeItem: vi.fn(unused),
    updateShipping: vi.fn(unused),
    addGiftCard: vi.fn(unused),
    removeGiftCard: vi.fn(unused),
    checkout: vi.fn(unused),
    giftCardBalance: vi.fn(unused),
    ...overrides,
  };
}

/** A page's cart store over `client`, allowed to use the cart, with no mini cart or analytics. */
export function testCartStore(client: CartClient): CartStore {
  return new CartStore({ client, openMiniCart: () => {}, track: () => {}, allowed: true });
}
