import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Cart } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import { modeFromPath, showPricesExclVat, showVatLabel } from '@bygg/domain/vat-display';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { trackEcommerce } from '~/lib/analytics/ecommerce-events.ts';
import { createCartClient } from '~/lib/cart/cart-client.ts';
import { isCheckoutPath } from '~/lib/cart/cart-paths.ts';
import { CartStore } from '~/lib/cart/cart-store.ts';
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
  store?: CartStore;
};

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
  const [store] = useState(
    () =>
      givenStore ??
      new CartStore({
        client: createCartClient({ organisation }),
        openMiniCart: () => {},
        track: (event) => void trackEcommerce(event),
        allowed: consentGiven,
      }),
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
  useEffect(() => {
    if (consentGiven && store.getSnapshot().status === 'idle') void store.load();
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
export function useSeedCart(store: CartStore, cart: Cart | null | undefined): void {
  useEffect(() => {
    if (cart !== undefined) store.replace(cart);
  }, [store, cart]);
}
