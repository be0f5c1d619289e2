import { data } from 'react-router';
import type { Route } from './+types/product-listing';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import { CategoryLanding } from '~/features/catalog/category-landing.tsx';
import { findCategoryTrail } from '~/features/catalog/category-tree.tsx';
import type { ListingData } from '~/features/catalog/listing-model.ts';
import { ListingPage } from '~/features/catalog/listing-page.tsx';
import { pageHref } from '~/features/catalog/listing-query.ts';
import { loadListing } from '~/features/catalog/listing.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { apiFor } from '~/lib/api.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import '~/features/catalog/catalog.css';
import { formatCount } from '~/lib/format.ts';

// One module for /produkter (landing) and /produkter/{slugs...} (listing), mounted under the
// plain, /foretag, /privat, store-prefixed and /rikskund paths with distinct route ids.

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  if (!page || page.kind === 'landing') {
    return [
      { title: 'Produkter – hela sortimentet' },
      { name: 'description', content: 'Byggvaror och byggmaterial i alla kategorier.' },
    ];
  }
  const { listing } = page;
  const suffix = listing.state.page > 1 ? ` – sida ${listing.state.page}` : '';
  return [
    { title: `${listing.heading}${suffix}` },
    {
      name: 'description',
      content: `${listing.heading}: ${formatCount(listing.count)} produkter med pris och lagersaldo i din butik.`,
    },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await catalogContext(request, {
    storeSlug: 'storeSlug' in params ? params.storeSlug : undefined,
    stores: loadAllStores,
  });
  const tree = await apiFor(request)
    .categoryTree()
    .catch((error: unknown) => {
      console.error('Could not load the category tree for a listing:', error);
      throw data(null, { status: 503 });
    });
  const path = (params['*'] ?? '').replace(/\/+$/, '');
  if (path === '') {
    return {
      kind: 'landing' as const,
      categories: tree.categories,
      base: context.paths.products(),
    };
  }
  const trail = findCategoryTrail(tree.categories, path);
  const category = trail.at(-1);
  if (!category) throw data(null, { status: 404 });

  const listing = await loadListing(request, context, {
    heading: category.name,
    crumbs: [
      { name: 'Hem', href: context.paths.home() },
      { name: 'Produkter', href: context.paths.products() },
      ...trail.map((node) => ({ name: node.name, href: context.paths.products(node.path) })),
    ],
    scope: { category: category.path },
    categories: tree.categories,
    trail,
    categoryBase: context.paths.products(),
    listName:
      context.storeId !== null && 'storeSlug' in params
        ? 'Browse Store Products'
        : 'Browse Products',
  });
  return { kind: 'listing' as const, listing };
}

export default function ProductListing({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'landing') {
    return <CategoryLanding categories={loaderData.categories} base={loaderData.base} />;
  }
  const { listing } = loaderData;
  return (
    <>
      <PagerLinks listing={listing} />
      <ListingPage data={listing} />
    </>
  );
}

/** rel=prev/next for crawlers (React 19 hoists <link> into the head). */
function PagerLinks({ listing }: { listing: ListingData }) {
  const { page } = listing.state;
  const href = (target: number) => pageHref(listing.pathname, listing.state, target);
  return (
    <>
      {page > 1 ? <link rel="prev" href={href(page - 1)} /> : null}
      {page < listing.totalPages ? <link rel="next" href={href(page + 1)} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
