import { SEARCH_GROUPS } from '@bygg/contracts/constants';
import type { SearchGroup } from '@bygg/contracts/search';
import { formatCount } from './format.ts';

/**
 * The five groups of a search (storefront spec §3 search result), as the header preview and
 * the /sok landing page name them. `plural` completes 'Visa alla N {group}' (§4, §9).
 */
export const SEARCH_GROUP_NAMES: Record<SearchGroup, { heading: string; plural: string }> = {
  products: { heading: 'Produkter', plural: 'produkter' },
  bk04_categories: { heading: 'Kategorier', plural: 'kategorier' },
  cms_pages: { heading: 'Sidor', plural: 'sidor' },
  brands: { heading: 'Varumärken', plural: 'varumärken' },
  stores: { heading: 'Butiker', plural: 'butiker' },
};

/** The landing page's default tab (spec §2: default category products). */
export const DEFAULT_SEARCH_GROUP: SearchGroup = 'products';

export function isSearchGroup(value: unknown): value is SearchGroup {
  return typeof value === 'string' && (SEARCH_GROUPS as readonly string[]).includes(value);
}

/** Longest query the storefront sends (the API accepts 500; the box allows 200). */
export const MAX_SEARCH_QUERY_LENGTH = 200;

/** The landing page of a query, on one group's tab (the default tab leaves category out). */
export function searchHref(base: string, q: string, group: SearchGroup = DEFAULT_SEARCH_GROUP) {
  const params = new URLSearchParams({ q });
  if (group !== DEFAULT_SEARCH_GROUP) params.set('category', group);
  return `${base}?${params.toString()}`;
}

/** 'Visa alla 12 produkter' (spec §9): shown when a group has more hits than it lists. */
export function showAllText(count: number, group: SearchGroup): string {
  return `Visa alla ${formatCount(count)} ${SEARCH_GROUP_NAMES[group].plural}`;
}
