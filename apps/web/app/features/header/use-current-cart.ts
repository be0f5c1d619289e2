import { useCallback, useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import type { Cart } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';

/** The resource route that reads GET /api/v1.0/cart/current/ on the server. */
export const CART_RESOURCE_PATH = '/resurser/varukorg';

type CartReply = { cart: Cart | null; failed: boolean };

export type CartState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; cart: Cart | null }
  | { status: 'error' };

/**
 * The visitor's cart for the mini cart. Spec §4: loaded on start for the building-supply
 * organisation, otherwise when the mini cart opens; "no cart" (404) is an empty cart.
 */
export function useCurrentCart(organisation: OrganisationId, onError: () => void) {
  const fetcher = useFetcher<CartReply>({ key: 'current-cart' });
  const { load: fetcherLoad } = fetcher;
  const load = useCallback(() => fetcherLoad(CART_RESOURCE_PATH), [fetcherLoad]);

  const state: CartState =
    fetcher.state !== 'idle'
      ? { status: 'loading' }
      : fetcher.data === undefined
        ? { status: 'idle' }
        : fetcher.data.failed
          ? { status: 'error' }
          : { status: 'loaded', cart: fetcher.data.cart };

  useEffect(() => {
    if (organisation === 'building-supply') void load();
  }, [organisation, load]);

  // A toast is a one-off announcement, so it is raised when a failed reply arrives.
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  });
  const reply = fetcher.data;
  useEffect(() => {
    if (reply?.failed) onErrorRef.current();
  }, [reply]);

  return { state, load };
}
