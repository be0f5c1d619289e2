import { data } from 'react-router';
import type { OrganisationId } from '@bygg/contracts/common';
import type { AssortmentFilter } from '@bygg/contracts/products';
import type { Store } from '@bygg/contracts/stores';
import { modeFromPath, showPricesExclVat, showVatLabel } from '@bygg/domain/vat-display';
import { getEnv } from './env.server.ts';
import { loadOrganisation } from './shell-data.server.ts';
import { readVisitor } from './visitor.server.ts';

/**
 * Which variant of a catalogue route was matched (spec §2): the plain one, the store-prefixed
 * /butiker/{storeslug}/… (that store's prices and stock) or the central /rikskund/… (the
 * central store and its central assortment). The /foretag/ prefix is read from the path.
 */
export type CatalogVariant = 'plain' | 'store' | 'central';

export type CatalogContext = {
  organisation: OrganisationId;
  /** The store whose prices and stock are shown; null when none is chosen. */
  storeId: number | null;
  /** The central variant only shows the central assortment. */
  forcedAssortment: AssortmentFilter | null;
  display: { exclVat: boolean; vatLabel: boolean };
  /** Path prefixes of this variant: e.g. /butiker/ekbacken/produkter and …/produkt. */
  listingBase: string;
  productBase: string;
};

/** The variant from the matched params and path: a store slug, or the /rikskund prefix. */
export function catalogVariant(pathname: string, storeSlug: string | undefined): CatalogVariant {
  if (storeSlug) return 'store';
  return pathname === '/rikskund' || pathname.startsWith('/rikskund/') ? 'central' : 'plain';
}

/**
 * Reads store, price mode and link prefixes for a catalogue page. `stores` is the store
 * directory (passed in by the route, which owns how it is cached); an unknown store slug is
 * a 404.
 */
export async function catalogContext(
  request: Request,
  options: { storeSlug: string | undefined; stores: () => Promise<Store[]> },
): Promise<CatalogContext> {
  const { pathname } = new URL(request.url);
  const variant = catalogVariant(pathname, options.storeSlug);
  const organisation = await loadOrganisation(request);
  // Spec §6: a feature that is off has no route — the central area ('central') and the
  // business paths ('b2bPages') answer 404 for an organisation without them.
  if (variant === 'central' && !organisation.flags.central) throw data(null, { status: 404 });
  if (pathname.startsWith('/foretag/') && !organisation.b2bPages) {
    throw data(null, { status: 404 });
  }
  const visitor = readVisitor(request, getEnv().sessionSecret);
  const isProffsAuthenticated = (visitor.session?.proffs_stores.length ?? 0) > 0;
  const isB2bPath = modeFromPath(pathname, { b2bPagesEnabled: organisation.b2bPages }) === 'B2B';
  let storeId = visitor.storeId;
  let prefix = isB2bPath && pathname.startsWith('/foretag/') ? '/foretag' : '';
  let forcedAssortment: AssortmentFilter | null = null;
  if (variant === 'store') {
    const store = (await options.stores()).find((entry) => entry.slug === options.storeSlug);
    if (!store) throw data(null, { status: 404 });
    storeId = store.id;
    prefix = `/butiker/${store.slug}`;
  } else if (variant === 'central') {
    const central = (await options.stores()).find((entry) => entry.is_central);
    storeId = central?.id ?? null;
    forcedAssortment = 'central';
    prefix = '/rikskund';
  }
  return {
    organisation: organisation.id,
    storeId,
    forcedAssortment,
    display: {
      exclVat: showPricesExclVat({ isB2bPath, isProffsAuthenticated }),
      vatLabel: showVatLabel({ organisation: organisation.id, isProffsAuthenticated }),
    },
    listingBase: `${prefix}/produkter`,
    productBase: `${prefix}/produkt`,
  };
}
