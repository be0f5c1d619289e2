import { data } from 'react-router';
import type { Route } from './+types/store-assortment';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import { findCategoryTrail } from '~/features/catalog/category-tree.tsx';
import { ListingPage } from '~/features/catalog/listing-page.tsx';
import { loadListing } from '~/features/catalog/listing.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { StoreAssortmentIntro } from '~/features/stores/store-assortment-intro.tsx';
import { findStoreBySlug, loadAllStores } from '~/features/stores/stores.server.ts';
import { apiFor } from '~/lib/api.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';
import { assertModeAvailable } from '~/lib/mode-available.server.ts';
import { pathsOfRequest } from '~/lib/paths.ts';
import '~/features/catalog/catalog.css';
import '~/features/stores/stores.css';
import { formatCount } from '~/lib/format.ts';

// A store's local assortment (spec §2 /butikssortiment/{url...}): /butikssortiment/{store}
// [/{category path}] lists what the store keeps in its own warehouse (products/?store_id=
// &local_assortment=true), priced and stocked for that store. Plain, /foretag and /privat paths.

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  if (!page) return [{ title: 'Butikssortiment' }];
  return [
    { title: page.listing.heading },
    {
      name: 'description',
      content: `${formatCount(page.listing.count)} varor i lager hos ${page.store.name}, ${page.store.city}.`,
    },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await assertModeAvailable(request);
  const [storeSlug, ...rest] = (params['*'] ?? '').split('/').filter(Boolean);
  if (!storeSlug) throw data(null, { status: 404 });
  const [store, context, tree] = await Promise.all([
    findStoreBySlug(request, storeSlug),
    // The store's own variant: its prices and stock, links to its product pages.
    catalogContext(request, { storeSlug, stores: loadAllStores }),
    apiFor(request).categoryTree(),
  ]).catch(pageLoadFailure('a store assortment page'));
  if (!store || store.isCentral) throw data(null, { status: 404 });
  const trail = rest.length > 0 ? findCategoryTrail(tree.categories, rest.join('/')) : [];
  if (rest.length > 0 && trail.length === 0) throw data(null, { status: 404 });
  // The page's own links keep its mode; its products are the store's (context.variant).
  const paths = pathsOfRequest(request);
  const pageBase = paths.storeAssortment(store.slug);
  const title = `Butikssortiment – ${store.name}`;
  const listing = await loadListing(request, context, {
    heading: trail.length > 0 ? `${title}: ${trail.at(-1)?.name}` : title,
    crumbs: [
      { name: 'Hem', href: paths.home() },
      { name: 'Butiker', href: paths.stores() },
      { name: store.name, href: paths.store(store.slug) },
      { name: 'Butikssortiment', href: pageBase },
      ...trail.map((node) => ({ name: node.name, href: `${pageBase}/${node.path}` })),
    ],
    scope: { local_assortment: true, category: trail.at(-1)?.path },
    categories: tree.categories,
    trail,
    categoryBase: pageBase,
    categoryCounts: false,
    listName: 'Browse Store Products',
    storeId: store.id,
  });
  return { store, listing };
}

export default function StoreAssortmentRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      data={loaderData.listing}
      intro={<StoreAssortmentIntro store={loaderData.store} />}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
