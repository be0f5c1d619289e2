import { SEARCH_GROUPS, type SearchItem, type SearchResult } from '@bygg/contracts/search';
import { apiFor } from '~/lib/api.server.ts';
import type { CatalogContext } from '~/lib/catalog-context.server.ts';
import type { Paths } from '~/lib/paths.ts';
import { searchHref } from '~/lib/search-groups.ts';

/** The path after a known root and the query: '/produkt/x?a=1' → { rest: 'x', query: '?a=1' }. */
function after(url: string, root: string): { rest: string; query: string } | null {
  const [path = '', query] = url.split('?');
  const match = new RegExp(`(?:^|/)${root}(?:/(.*))?$`).exec(path);
  return match ? { rest: match[1] ?? '', query: query === undefined ? '' : `?${query}` } : null;
}

/**
 * The API's links are those of the plain storefront (/produkt/…, /produkter/…); in a store,
 * central or business variant the shopper stays in it. A brand leads to this variant's
 * landing page filtered by the brand (the storefront has no brand route of its own).
 */
export function rewriteLinks(result: SearchResult, paths: Paths): SearchResult {
  const product = (item: SearchItem): SearchItem => {
    const found = after(item.url, 'produkt');
    if (!found?.rest) return item;
    return { ...item, url: `${paths.product(found.rest)}${found.query}` };
  };
  const category = (item: SearchItem): SearchItem => {
    const found = after(item.url, 'produkter');
    return found ? { ...item, url: `${paths.products(found.rest)}${found.query}` } : item;
  };
  const brand = (item: SearchItem): SearchItem => {
    const slug = new URLSearchParams(item.url.split('?')[1] ?? '').get('brand');
    if (!slug) return item;
    return {
      ...item,
      url: `${searchHref(paths.search(), item.text)}&brand=${encodeURIComponent(slug)}`,
    };
  };
  return {
    ...result,
    products: result.products.map(product),
    bk04_categories: result.bk04_categories.map(category),
    brands: result.brands.map(brand),
  };
}

/** The grouped search for a catalogue variant, `count` hits per group, links rewritten. */
export async function loadGroupedSearch(
  request: Request,
  context: CatalogContext,
  q: string,
  count: number,
): Promise<SearchResult> {
  const result = await apiFor(request).search({
    q,
    count,
    store_id: context.storeId ?? undefined,
    b2b: context.variant.prefix === 'b2b' ? 'true' : undefined,
    assortment: context.forcedAssortment ?? undefined,
  });
  return rewriteLinks(result, context.paths);
}

/** A reply with nothing in it, for an empty query (no call is made). */
export function emptySearch(q: string): SearchResult {
  const result = { q, counts: {} } as SearchResult;
  for (const group of SEARCH_GROUPS) {
    result[group] = [];
    result.counts[group] = 0;
  }
  return result;
}
