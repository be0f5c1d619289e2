import type { AssortmentFilter, ProductSort } from '@bygg/contracts/products';
import { PRODUCT_SORTS } from '@bygg/contracts/constants';
import { PRODUCT_COUNT_CAP } from '@bygg/domain/limits';
import type { ProductFilterValues } from '~/components/product-filters/product-filters.tsx';

/** Sort choices in the order the select lists them (Swedish labels). */
export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: 'popular', label: 'Populärast' },
  { value: 'price', label: 'Lägsta pris' },
  { value: '-price', label: 'Högsta pris' },
  { value: 'discounts', label: 'Störst rabatt' },
  { value: 'availability', label: 'Tillgänglighet' },
];

export const ASSORTMENT_OPTIONS: readonly { value: AssortmentFilter; label: string }[] = [
  { value: 'all', label: 'Hela sortimentet' },
  { value: 'web', label: 'Webbsortiment' },
  { value: 'central', label: 'Centralsortiment' },
];

/** What the listing URL says; the URL is the only place the listing state lives. */
export type ListingState = ProductFilterValues & { page: number };

function positiveNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** Reads the listing state from the query; anything malformed falls back to its default. */
export function parseListingState(params: URLSearchParams): ListingState {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const assortment = params.get('assortment');
  let priceMin = positiveNumber(params.get('price_min'));
  let priceMax = positiveNumber(params.get('price_max'));
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    [priceMin, priceMax] = [priceMax, priceMin];
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ProductSort)
      : 'popular',
    brands: [
      ...new Set(
        params
          .getAll('brand')
          .flatMap((value) => value.split(','))
          .map((value) => value.trim())
          .filter((value) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value)),
      ),
    ],
    priceMin,
    priceMax,
    inStock: params.get('in_stock') === 'true',
    assortment: assortment === 'web' || assortment === 'central' ? assortment : 'all',
  };
}

/** The query string of a listing state; defaults are left out so URLs stay short. */
export function listingSearch(state: ListingState): string {
  const params = new URLSearchParams();
  if (state.sort !== 'popular') params.set('sort', state.sort);
  for (const brand of state.brands) params.append('brand', brand);
  if (state.priceMin !== null) params.set('price_min', String(state.priceMin));
  if (state.priceMax !== null) params.set('price_max', String(state.priceMax));
  if (state.inStock) params.set('in_stock', 'true');
  if (state.assortment !== 'all') params.set('assortment', state.assortment);
  if (state.page > 1) params.set('page', String(state.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function pageHref(pathname: string, state: ListingState, page: number): string {
  return `${pathname}${listingSearch({ ...state, page })}`;
}

/**
 * Spec §9: a listing shows at most 10,000 products (the product count cap), so its pages end
 * at the one that starts within them (417 of 24 products).
 */
export function lastListablePage(pageSize: number): number {
  return Math.ceil(PRODUCT_COUNT_CAP / pageSize);
}

/** A page that starts past the cap: the API refuses it, the page says so (issue 22). */
export function isPastCountCap(page: number, pageSize: number): boolean {
  return page > lastListablePage(pageSize);
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * The page numbers a pager shows: the first, the last and two either side of the current,
 * with null for a gap ('…').
 */
export function pagerItems(current: number, total: number): (number | null)[] {
  const pages = new Set([1, total]);
  for (let page = current - 2; page <= current + 2; page += 1) {
    if (page >= 1 && page <= total) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) items.push(null);
    items.push(page);
  });
  return items;
}
