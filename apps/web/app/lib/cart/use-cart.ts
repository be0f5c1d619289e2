import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CartSnapshot } from './cart-store.ts';
import type { CartStoreApi } from './lazy-cart-store.ts';

/** How amounts are shown where the cart is (storefront spec §6, as the catalogue does). */
export type CartPriceDisplay = {
  /** Excl.-VAT amounts: b2b paths and proffs users. */
  exclVat: boolean;
  /** The 'excl. VAT' label: the building-supply organisation and proffs users. */
  vatLabel: boolean;
  /** Spec §6: the proffs cart total, for a proffs user when the cart's store has proffs_enabled. */
  proffsUser: boolean;
};

export type CartContextValue = { store: CartStoreApi; display: CartPriceDisplay };

/** Provided once by components/cart/cart-provider.tsx in the page shell. */
export const CartContext = createContext<CartContextValue | null>(null);

function useCartContext(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('Cart hooks must be used inside <CartProvider>');
  return context;
}

export function useCartStore(): CartStoreApi {
  return useCartContext().store;
}

export function useCartDisplay(): CartPriceDisplay {
  return useCartContext().display;
}

/** The cart and its loading flags and errors; re-renders on every change. */
export function useCart(): CartSnapshot {
  const { store } = useCartContext();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
