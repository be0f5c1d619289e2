import type { SearchGroup, SearchItem, SearchResult } from '@bygg/contracts/search';
import { DEFAULT_SEARCH_GROUP } from '~/lib/search-groups.ts';
import type { ProductFilterValues } from '~/components/product-filters/product-filters.tsx';
import type { CardProduct } from '~/lib/card-product.ts';
import { formatCount } from '~/lib/format.ts';

/** The product tab's filters, sort and page, as the catalogue's listing reads them. */
export type ProductFilterState = ProductFilterValues & { page: number };

export type BrandOption = { slug: string; name: string; count: number | null };

export type ProductResults = {
  state: ProductFilterState;
  count: number;
  totalPages: number;
  /** The cards' fields only (lib/card-product.ts). */
  results: CardProduct[];
  /** The page starts past the product count cap (spec §9): no products, the spec's text. */
  pastCap?: boolean;
  brands: BrandOption[];
  canFilterInStock: boolean;
  canFilterAssortment: boolean;
};

/** Everything the /sok landing page shows (storefront spec §2, §3, §4), from its loader. */
export type SearchPageData = {
  q: string;
  group: SearchGroup;
  /** /sok, /foretag/sok, /butiker/{slug}/sok or /rikskund/sok. */
  base: string;
  counts: SearchResult['counts'];
  /** The hits of a group other than products (up to the API's 50). */
  items: SearchItem[];
  /** The products tab: the catalogue listing with the query (products/?q=). */
  products: ProductResults | null;
};

/**
 * The landing page's URL for a query, tab and product state; defaults are left out so URLs
 * stay short (category=products, sort=popular, page 1, assortment all).
 */
export function searchPageHref(
  base: string,
  q: string,
  group: SearchGroup,
  state?: Partial<ProductFilterState>,
): string {
  const params = new URLSearchParams({ q });
  if (group !== DEFAULT_SEARCH_GROUP) params.set('category', group);
  if (state) {
    if (state.sort && state.sort !== 'popular') params.set('sort', state.sort);
    for (const brand of state.brands ?? []) params.append('brand', brand);
    if (state.priceMin != null) params.set('price_min', String(state.priceMin));
    if (state.priceMax != null) params.set('price_max', String(state.priceMax));
    if (state.inStock) params.set('in_stock', 'true');
    if (state.assortment && state.assortment !== 'all') params.set('assortment', state.assortment);
    if (state.page && state.page > 1) params.set('page', String(state.page));
  }
  return `${base}?${params.toString()}`;
}

/** 'Produkter (1 234)': a tab's label with its count. */
export function countLabel(count: number): string {
  return formatCount(count);
}
