import { STORE_DRAWER_QUERY_COUNT } from '@bygg/domain/limits';
import { looksLikePostcode, storeSearchParams } from '@bygg/domain/postcode';

/** The resource route that reads stores through the web server (routes/resources.stores.tsx). */
export const STORES_RESOURCE_PATH = '/resurser/butiker';
/** The resource route that writes the store choice (routes/resources.store-choice.tsx). */
export const STORE_CHOICE_PATH = '/resurser/butiksval';

/** Spec §2: the answer when a store search finds nothing. */
export const NO_STORES_FOUND = 'Inga butiker hittades.';
export const STORES_UNAVAILABLE = 'Vi kunde inte hämta butikerna just nu. Försök igen senare.';

/** Issue 22: the heading over the stores nearest to a searched town that has none. */
export function nearestStoresHeading(town: string): string {
  return `Ingen butik i ${town} – närmaste butikerna`;
}

/** Longest search text sent on; the API refuses more than 200 characters. */
export const MAX_STORE_QUERY_LENGTH = 200;

/** The store list page shows this many stores nearest a postcode (the rest are a click away). */
export const STORE_PAGE_NEAREST_COUNT = 10;

export type StoreSearchMode = 'all' | 'postcode' | 'text';

/** Spec §5: a zip-shaped input is a postcode search (nearest first), anything else free text. */
export function storeSearchMode(input: string): StoreSearchMode {
  const text = input.trim();
  if (text === '') return 'all';
  return looksLikePostcode(text) ? 'postcode' : 'text';
}

/** The API query for a search box value: count plus zip_code or query (none for all stores). */
export function storeSearchQuery(
  input: string,
  count: number = STORE_DRAWER_QUERY_COUNT,
): { count: number; zip_code?: string; query?: string } {
  const text = input.trim().slice(0, MAX_STORE_QUERY_LENGTH);
  return text === '' ? { count } : { count, ...storeSearchParams(text) };
}

/** The browser's URL for a store search through the web server. */
export function storeSearchUrl(input: string, count: number): string {
  const params = new URLSearchParams({ q: input.trim(), count: String(count) });
  return `${STORES_RESOURCE_PATH}?${params.toString()}`;
}

/** Spec §4: choosing replaces the URL without the `store` query and reloads that path. */
export function withoutStoreParam(path: string): string {
  const url = new URL(path, 'http://localhost');
  url.searchParams.delete('store');
  return `${url.pathname}${url.search}${url.hash}`;
}
