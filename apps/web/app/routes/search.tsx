import { data } from 'react-router';
import { DEFAULT_PRODUCT_PAGE_SIZE, type ProductPage } from '@bygg/contracts/products';
import { SEARCH_MAX_COUNT } from '@bygg/contracts/search';
import type { Route } from './+types/search';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import { PRIORITY_CARDS, ProductCard } from '~/features/catalog/product-card.tsx';
import { ASSORTMENT_OPTIONS, pageCount, SORT_OPTIONS } from '~/features/catalog/listing-query.ts';
import { productListFor } from '~/features/catalog/listing.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import type { BrandOption, SearchPageData } from '~/features/search/search-model.ts';
import { SearchPage } from '~/features/search/search-page.tsx';
import { emptySearch, loadGroupedSearch } from '~/features/search/search.server.ts';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { cardProduct } from '~/lib/card-product.ts';
import { catalogApiFor } from '~/lib/catalog-api.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import {
  DEFAULT_SEARCH_GROUP,
  isSearchGroup,
  MAX_SEARCH_QUERY_LENGTH,
} from '~/lib/search-groups.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';
import '~/features/catalog/catalog.css';

// The search landing page (storefront spec §2: /sok?q=&category=, default category products),
// mounted under the plain, /foretag, store-prefixed and /rikskund paths with distinct ids.

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  const q = page?.search.q;
  // Result pages are endless variations of one page: kept out of search engines.
  return [{ title: q ? `Sökresultat för ”${q}”` : 'Sök' }, { name: 'robots', content: 'noindex' }];
};

/** The brands to filter by: the reply's facets with counts, else those of the page's products. */
function brandOptions(page: ProductPage, selected: readonly string[]): BrandOption[] {
  const brands = new Map<string, BrandOption>();
  if (page.facets) {
    for (const facet of page.facets.brands) brands.set(facet.slug, { ...facet });
  } else {
    for (const product of page.results) {
      if (product.brand) brands.set(product.brand.slug, { ...product.brand, count: null });
    }
  }
  for (const slug of selected) {
    if (!brands.has(slug)) brands.set(slug, { slug, name: slug, count: null });
  }
  return [...brands.values()].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const organisation = await loadOrganisation(request);
  // Spec §6: without the search flag there is no search page (and no search box).
  if (!organisation.flags.search) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_SEARCH_QUERY_LENGTH);
  const category = url.searchParams.get('category');
  const group = isSearchGroup(category) ? category : DEFAULT_SEARCH_GROUP;
  const context = await catalogContext(request, {
    storeSlug: 'storeSlug' in params ? params.storeSlug : undefined,
    stores: loadAllStores,
  });
  const base = context.paths.search();
  const list = productListFor(url, context, context.storeId);
  const { state, card } = list;
  if (!q) {
    const search: SearchPageData = {
      q,
      group,
      base,
      counts: emptySearch(q).counts,
      items: [],
      products: null,
    };
    return { search, card };
  }

  const [grouped, page] = await Promise.all([
    loadGroupedSearch(request, context, q, SEARCH_MAX_COUNT),
    group === 'products' ? catalogApiFor(request).products({ q, ...list.query }) : null,
  ]).catch(pageLoadFailure('a search page'));

  const search: SearchPageData = {
    q,
    group,
    base,
    counts: grouped.counts,
    items: group === 'products' ? [] : grouped[group],
    products: page
      ? {
          state,
          count: page.count,
          totalPages: pageCount(page.count, DEFAULT_PRODUCT_PAGE_SIZE),
          results: list.pastCap ? [] : page.results.map(cardProduct),
          pastCap: list.pastCap,
          brands: brandOptions(page, state.brands),
          canFilterInStock: list.canFilterInStock,
          canFilterAssortment: list.canFilterAssortment,
        }
      : null,
  };
  return { search, card };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { search, card } = loaderData;
  return (
    <SearchPage
      data={search}
      renderProduct={(product, index) => (
        <ProductCard product={product} context={card} priority={index < PRIORITY_CARDS} />
      )}
      sortOptions={SORT_OPTIONS}
      assortmentOptions={ASSORTMENT_OPTIONS}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
