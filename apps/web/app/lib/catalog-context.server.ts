import { data } from 'react-router';
import type { OrganisationId } from '@bygg/contracts/common';
import type { AssortmentFilter } from '@bygg/contracts/products';
import type { Store } from '@bygg/contracts/stores';
import { modeFromPath, showPricesExclVat, showVatLabel } from '@bygg/domain/vat-display';
import { getEnv } from './env.server.ts';
import { modePrefixOf, pathsFor, PLAIN, variantFromPath } from './paths.ts';
import type { Paths, Variant } from './paths.ts';
import { loadOrganisation } from './shell-data.server.ts';
import { readVisitor } from './visitor.server.ts';

export type CatalogContext = {
  organisation: OrganisationId;
  /** The store whose prices and stock are shown; null when none is chosen. */
  storeId: number | null;
  /** The central variant only shows the central assortment. */
  forcedAssortment: AssortmentFilter | null;
  display: { exclVat: boolean; vatLabel: boolean };
  /**
   * Which variant of a catalogue route is shown (spec §2): plain, a mode prefix, the
   * store-prefixed /butiker/{storeslug}/… (that store's prices and stock) or the central
   * /rikskund/… (the central store and its central assortment). Product cards build their
   * links from it; a store's assortment page is in its store's variant.
   */
  variant: Variant;
  /** The links of that variant. */
  paths: Paths;
};

/**
 * Reads store, price mode and links for a catalogue page. `stores` is the store directory
 * (passed in by the route, which owns how it is cached); an unknown store slug is a 404.
 * `storeSlug` puts the page in that store's variant (the store prefix, or a store's
 * assortment page).
 */
export async function catalogContext(
  request: Request,
  options: { storeSlug: string | undefined; stores: () => Promise<Store[]> },
): Promise<CatalogContext> {
  const { pathname } = new URL(request.url);
  const pathVariant = variantFromPath(pathname);
  const organisation = await loadOrganisation(request);
  // Spec §6: a feature that is off has no route — the central area ('central') and the
  // mode prefixes ('b2bPages') answer 404 for an organisation without them.
  if (pathVariant.prefix === 'central' && !options.storeSlug && !organisation.flags.central) {
    throw data(null, { status: 404 });
  }
  if (modePrefixOf(pathVariant) !== null && !organisation.b2bPages) {
    throw data(null, { status: 404 });
  }
  const visitor = readVisitor(request, getEnv().sessionSecret);
  const isProffsAuthenticated = (visitor.session?.proffs_stores.length ?? 0) > 0;
  const isB2bPath = modeFromPath(pathname, { b2bPagesEnabled: organisation.b2bPages }) === 'B2B';
  let storeId = visitor.storeId;
  let variant: Variant = modePrefixOf(pathVariant) === null ? PLAIN : pathVariant;
  let forcedAssortment: AssortmentFilter | null = null;
  if (options.storeSlug) {
    const store = (await options.stores()).find((entry) => entry.slug === options.storeSlug);
    if (!store) throw data(null, { status: 404 });
    storeId = store.id;
    variant = { prefix: 'store', storeSlug: store.slug };
  } else if (pathVariant.prefix === 'central') {
    const central = (await options.stores()).find((entry) => entry.is_central);
    storeId = central?.id ?? null;
    forcedAssortment = 'central';
    variant = pathVariant;
  }
  return {
    organisation: organisation.id,
    storeId,
    forcedAssortment,
    display: {
      exclVat: showPricesExclVat({ isB2bPath, isProffsAuthenticated }),
      vatLabel: showVatLabel({ organisation: organisation.id, isProffsAuthenticated }),
    },
    variant,
    paths: pathsFor(variant),
  };
}
