import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { StockedWarehouses } from '@bygg/contracts/products';
import type { StockStatus } from '@bygg/domain/stock';
import type { StoreSummary } from './store-model.ts';

/** A store that has the product in stock, with how much (spec §4 badge wording). */
export type StockingStore = { id: number; status: StockStatus };

/**
 * The product slug of a product page under any prefix (/produkt/x, /foretag/produkt/x,
 * /butiker/s/produkt/x, /rikskund/produkt/x); null elsewhere.
 */
export function productSlugOf(pathname: string): string | null {
  const match = /(?:^|\/)produkt\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

/**
 * The stores with stock on hand, in the API's order (its stock ranking: warehouse entries,
 * then high before low). Hidden-stock stores are already left out by the API (spec §4).
 */
export function stockingStoresOf(reply: StockedWarehouses): StockingStore[] {
  const seen = new Set<number>();
  const result: StockingStore[] = [];
  for (const entry of reply.stocked_warehouses) {
    if (!entry.store || seen.has(entry.store.id)) continue;
    if (entry.status !== 'HIGH_IN_STOCK' && entry.status !== 'LOW_IN_STOCK') continue;
    seen.add(entry.store.id);
    result.push({ id: entry.store.id, status: entry.status });
  }
  return result;
}

/** The stocking stores among `stores` (the drawer's current list), in stocking order. */
export function stockingFirst(
  stocking: readonly StockingStore[],
  stores: readonly StoreSummary[],
): Array<{ store: StoreSummary; status: StockStatus }> {
  const byId = new Map(stores.map((store) => [store.id, store]));
  return stocking.flatMap((entry) => {
    const store = byId.get(entry.id);
    return store && !store.isCentral ? [{ store, status: entry.status }] : [];
  });
}

/**
 * On a product page: the stores that have it in stock, fetched from the API when the drawer
 * list shows (spec §2 'stores that stock the item first'). Elsewhere, or when the request
 * fails, an empty list: the drawer then simply lists all stores.
 */
export function useStockingStores(enabled: boolean): StockingStore[] {
  const { pathname } = useLocation();
  const slug = productSlugOf(pathname);
  const [state, setState] = useState<{ slug: string; stores: StockingStore[] } | null>(null);
  useEffect(() => {
    if (!enabled || !slug) return;
    const controller = new AbortController();
    fetch(`/api/v2.0/products/${encodeURIComponent(slug)}/stocked_warehouses/`, {
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) => {
        if (!response.ok) throw new Error(`stocked_warehouses answered ${response.status}`);
        return response.json() as Promise<StockedWarehouses>;
      })
      .then(
        (reply) => setState({ slug, stores: stockingStoresOf(reply) }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('Could not load the stores with stock:', error);
          setState({ slug, stores: [] });
        },
      );
    return () => controller.abort();
  }, [enabled, slug]);
  return state && state.slug === slug ? state.stores : [];
}
