import { describe, expect, it } from 'vitest';
import { activeFilters, withoutFilters } from './active-filters.ts';
import type { ListingState } from './listing-query.ts';

const NONE: ListingState = {
  page: 3,
  sort: 'price',
  brands: [],
  priceMin: null,
  priceMax: null,
  inStock: false,
  assortment: 'all',
};
const BRANDS = [
  { slug: 'moelven', name: 'Moelven', count: 30 },
  { slug: 'stora-enso', name: 'Stora Enso', count: 11 },
];

describe('activeFilters', () => {
  it('has no chips without filters', () => {
    expect(activeFilters(NONE, BRANDS)).toEqual([]);
  });

  it('names each chosen filter and links to the listing without it, page 1, sort kept', () => {
    const state: ListingState = {
      ...NONE,
      brands: ['moelven', 'stora-enso'],
      priceMin: 100,
      priceMax: 2500,
      inStock: true,
      assortment: 'web',
    };
    expect(activeFilters(state, BRANDS)).toEqual([
      {
        key: 'brand-moelven',
        label: 'Moelven',
        removeSearch:
          '?sort=price&brand=stora-enso&price_min=100&price_max=2500&in_stock=true&assortment=web',
      },
      {
        key: 'brand-stora-enso',
        label: 'Stora Enso',
        removeSearch:
          '?sort=price&brand=moelven&price_min=100&price_max=2500&in_stock=true&assortment=web',
      },
      {
        key: 'price',
        label: 'Pris 100 kr–2\u00a0500 kr',
        removeSearch: '?sort=price&brand=moelven&brand=stora-enso&in_stock=true&assortment=web',
      },
      {
        key: 'in-stock',
        label: 'I lager i min butik',
        removeSearch:
          '?sort=price&brand=moelven&brand=stora-enso&price_min=100&price_max=2500&assortment=web',
      },
      {
        key: 'assortment',
        label: 'Webbsortiment',
        removeSearch:
          '?sort=price&brand=moelven&brand=stora-enso&price_min=100&price_max=2500&in_stock=true',
      },
    ]);
    expect(withoutFilters(state)).toBe('?sort=price');
  });

  it('says which price bound is set, and names an unknown brand by its slug', () => {
    const [brand, from] = activeFilters({ ...NONE, brands: ['okand'], priceMin: 50 }, BRANDS);
    expect(brand?.label).toBe('okand');
    expect(from?.label).toBe('Pris från 50 kr');
    const [to] = activeFilters({ ...NONE, priceMax: 1200 }, BRANDS);
    expect(to?.label).toBe('Pris till 1\u00a0200 kr');
  });
});
