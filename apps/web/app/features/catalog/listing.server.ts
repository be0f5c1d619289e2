import type { CategoryNode } from '@bygg/contracts/catalog';
import { DEFAULT_PRODUCT_PAGE_SIZE } from '@bygg/contracts/products';
import type { CatalogContext } from '~/lib/catalog-context.server.ts';
import { catalogApiFor, type CatalogQuery } from '~/lib/catalog-api.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';
import type { ListName } from '~/lib/analytics/ecommerce-events.ts';
import { cardProduct } from '~/lib/card-product.ts';
import { brandsFromFacets, sideTree, type Crumb, type ListingData } from './listing-model.ts';
import { isPastCountCap, pageCount, parseListingState } from './listing-query.ts';

export type ListingOptions = {
  heading: string;
  crumbs: Crumb[];
  /** What makes this listing: a category, a campaign, supplier_ids, a store's assortment … */
  scope: CatalogQuery;
  /** The side tree and where its links go; an empty list leaves the tree out. */
  categories: CategoryNode[];
  trail: CategoryNode[];
  categoryBase: string;
  /** Whether the tree shows its whole-assortment counts (only where they match). */
  categoryCounts?: boolean;
  listName: ListName;
  /** The store whose prices and stock are shown (the store assortment forces its own). */
  storeId?: number | null;
};

/**
 * What a product list shows from the URL (listings and the search page's products): its state
 * (sort, brand, price, in stock, assortment, page) with what the context forces (the
 * organisation's assortment; no stock filter without a store), the API query for that page
 * with the brand facet, the product cards' context and which filters are offered.
 */
export function productListFor(url: URL, context: CatalogContext, storeId: number | null) {
  const state = parseListingState(url.searchParams);
  if (context.forcedAssortment) state.assortment = context.forcedAssortment;
  if (storeId === null) state.inStock = false;
  // Issue 22: a page past the product count cap is not asked for (the API refuses it, which
  // answered 503); the first page's count and brands serve the page that says so.
  const pastCap = isPastCountCap(state.page, DEFAULT_PRODUCT_PAGE_SIZE);
  const query: CatalogQuery = {
    store_id: storeId ?? undefined,
    assortment: state.assortment,
    page: pastCap ? 1 : state.page,
    page_size: DEFAULT_PRODUCT_PAGE_SIZE,
    sort: state.sort,
    brand: state.brands.length > 0 ? state.brands : undefined,
    in_stock: state.inStock ? true : undefined,
    price_min: state.priceMin ?? undefined,
    price_max: state.priceMax ?? undefined,
    facets: 'brand',
  };
  return {
    state,
    query,
    pastCap,
    card: {
      display: context.display,
      hasStore: storeId !== null,
      organisation: context.organisation,
      variant: context.variant,
    },
    canFilterInStock: storeId !== null,
    canFilterAssortment: context.organisation === 'store-chain' && !context.forcedAssortment,
  };
}

/**
 * One page of a product listing from the URL's state (sort, brand, price, in stock,
 * assortment, page) within a scope: the category, campaign, supplier and store-assortment
 * pages all list products this way. A failing API is a 503; the scope's own 400/404 (an
 * unknown campaign or category) is the not-found page (lib/page-load.server.ts).
 */
export async function loadListing(
  request: Request,
  context: CatalogContext,
  options: ListingOptions,
): Promise<ListingData> {
  const url = new URL(request.url);
  const storeId = options.storeId === undefined ? context.storeId : options.storeId;
  const list = productListFor(url, context, storeId);
  const { state } = list;
  const page = await catalogApiFor(request)
    .products({ ...options.scope, ...list.query })
    .catch(pageLoadFailure('a product listing'));
  return {
    heading: options.heading,
    pathname: url.pathname,
    crumbs: options.crumbs,
    ...sideTree(options.categories, options.trail),
    categoryBase: options.categoryBase,
    categoryCounts: options.categoryCounts ?? true,
    state,
    count: page.count,
    totalPages: pageCount(page.count, DEFAULT_PRODUCT_PAGE_SIZE),
    products: list.pastCap ? [] : page.results.map(cardProduct),
    pastCap: list.pastCap,
    brands: brandsFromFacets(page.facets?.brands, state.brands),
    card: list.card,
    canFilterInStock: list.canFilterInStock,
    canFilterAssortment: list.canFilterAssortment,
    listName: options.listName,
  };
}
