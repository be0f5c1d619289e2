import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Cart } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import { modeFromPath, showPricesExclVat, showVatLabel } from '@bygg/domain/vat-display';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { isCheckoutPath } from '~/lib/cart/cart-paths.ts';
import { LazyCartStore } from '~/lib/cart/lazy-cart-store.ts';
import type { CartStoreApi } from '~/lib/cart/lazy-cart-store.ts';
import { CartContext } from '~/lib/cart/use-cart.ts';
import type { CartContextValue } from '~/lib/cart/use-cart.ts';

type CartProviderProps = {
  organisation: OrganisationId;
  /** The organisation has business pages (the /foretag/ prefix means b2b prices). */
  b2bPages: boolean;
  /** A logged-in proffs user: excl.-VAT prices with the label, and the proffs total. */
  proffsUser: boolean;
  /** Spec §6: the cookie question was answered; before that there is no cart. */
  consentGiven: boolean;
  children: ReactNode;
  /** Tests pass a fake API; the app uses the same-origin cart API. */
  store?: CartStoreApi;
};

/** After the page has loaded and the browser is idle: the count can wait, the first paint not. */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1);
  return () => window.clearTimeout(id);
}

/**
 * One cart store for the whole shell (storefront spec §4). The cart is read once when the
 * shell starts in the browser (for every organisation: the header's count must be right
 * after a reload, not only once the mini cart was opened) and again when the mini cart opens;
 * a successful add or update opens the mini cart, except on the checkout page.
 */
export function CartProvider({
  organisation,
  b2bPages,
  proffsUser,
  consentGiven,
  children,
  store: givenStore,
}: CartProviderProps) {
  const { pathname } = useLocation();
  const miniCart = usePanel('mini-cart');
  // The store's code is fetched on first use (issue 3); see lazy-cart-store.ts.
  const [store] = useState<CartStoreApi>(
    () =>
      givenStore ??
      new LazyCartStore(
        (allowed) =>
          import('~/lib/cart/create-cart-store.ts').then((module) =>
            module.createCartStore(organisation, allowed),
          ),
        consentGiven,
      ),
  );
  // The store lives as long as the shell; the opener it calls must see the current page.
  const setMiniCartOpen = miniCart.setOpen;
  useEffect(() => {
    store.setMiniCartOpener(() => {
      if (!isCheckoutPath(pathname)) setMiniCartOpen(true);
    });
  });

  useEffect(() => store.setAllowed(consentGiven), [store, consentGiven]);
  // The cart cookie is HttpOnly, so the browser cannot tell whether there is a cart: it asks
  // once on start (a 404 is no cart). Spec §4 says so for building-supply; the store chain
  // used to wait for the mini cart, which left the header's count empty after a reload. A
  // page that handed over the cart it read on the server (the checkout) is not asked again.
  // The read waits for an idle moment, so the store's code does not compete with hydration.
  useEffect(() => {
    if (!consentGiven) return;
    return whenIdle(() => {
      if (store.getSnapshot().status === 'idle') void store.load();
    });
  }, [store, consentGiven]);

  const isB2bPath = modeFromPath(pathname, { b2bPagesEnabled: b2bPages }) === 'B2B';
  const exclVat = showPricesExclVat({ isB2bPath, isProffsAuthenticated: proffsUser });
  const vatLabel = showVatLabel({ organisation, isProffsAuthenticated: proffsUser });
  const value = useMemo<CartContextValue>(
    () => ({ store, display: { exclVat, vatLabel, proffsUser } }),
    [store, exclVat, vatLabel, proffsUser],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

/** Hands a cart read on the server (e.g. by the checkout page) to the shared store. */
export function useSeedCart(store: CartStoreApi, cart: Cart | null | undefined): void {
  useEffect(() => {
    if (cart !== undefined) store.replace(cart);
  }, [store, cart]);
}
