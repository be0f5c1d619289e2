import type { BrandRef } from './listing-model.ts';
import { ASSORTMENT_OPTIONS, listingSearch } from './listing-query.ts';
import type { ListingState } from './listing-query.ts';
import { formatCount } from '~/lib/format.ts';

/** One chosen filter as a chip: what it says and the listing's query without it. */
export type ActiveFilter = { key: string; label: string; removeSearch: string };

function kronor(amount: number): string {
  return `${formatCount(amount)} kr`;
}

function priceLabel(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `Pris ${kronor(min)}–${kronor(max)}`;
  if (min !== null) return `Pris från ${kronor(min)}`;
  return `Pris till ${kronor(max as number)}`;
}

/**
 * Issue 22: the listing's chosen filters, each removable on its own (page back to 1, sort
 * kept). Brands are named as the facets name them, else by their slug.
 */
export function activeFilters(state: ListingState, brands: readonly BrandRef[]): ActiveFilter[] {
  const base: ListingState = { ...state, page: 1 };
  const filters: ActiveFilter[] = state.brands.map((slug) => ({
    key: `brand-${slug}`,
    label: brands.find((brand) => brand.slug === slug)?.name ?? slug,
    removeSearch: listingSearch({ ...base, brands: state.brands.filter((b) => b !== slug) }),
  }));
  if (state.priceMin !== null || state.priceMax !== null) {
    filters.push({
      key: 'price',
      label: priceLabel(state.priceMin, state.priceMax),
      removeSearch: listingSearch({ ...base, priceMin: null, priceMax: null }),
    });
  }
  if (state.inStock) {
    filters.push({
      key: 'in-stock',
      label: 'I lager i min butik',
      removeSearch: listingSearch({ ...base, inStock: false }),
    });
  }
  if (state.assortment !== 'all') {
    filters.push({
      key: 'assortment',
      label: ASSORTMENT_OPTIONS.find((option) => option.value === state.assortment)?.label ?? '',
      removeSearch: listingSearch({ ...base, assortment: 'all' }),
    });
  }
  return filters;
}

/** The listing's query with every filter removed (the sort stays). */
export function withoutFilters(state: ListingState): string {
  return listingSearch({
    ...state,
    page: 1,
    brands: [],
    priceMin: null,
    priceMax: null,
    inStock: false,
    assortment: 'all',
  });
}
