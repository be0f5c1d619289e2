import type { ProffsUser } from '@bygg/contracts/auth';
import { variantFromPath } from '~/lib/paths.ts';

type UserStore = ProffsUser['stores'][number];

/**
 * The store a trade user works in after login (trade-area spec §4 "Preferred store"): the
 * host store if the user belongs to it (the page they log in on the way to:
 * /butiker/{slug}/… or /rikskund/…), else their last choice (the store cookie, kept per
 * browser, when it is one of their stores), else the first of their stores with trade
 * accounts, else their first store. Null for a user without stores.
 */
export function preferredStore(
  stores: readonly UserStore[],
  context: { next: string; chosenStoreId: number | null },
): UserStore | null {
  const variant = variantFromPath(new URL(context.next, 'http://localhost').pathname);
  const host =
    variant.prefix === 'store'
      ? stores.find((store) => store.slug === variant.storeSlug)
      : variant.prefix === 'central'
        ? stores.find((store) => store.is_central)
        : undefined;
  return (
    host ??
    stores.find((store) => store.id === context.chosenStoreId) ??
    stores.find((store) => store.proffs_enabled) ??
    stores[0] ??
    null
  );
}
