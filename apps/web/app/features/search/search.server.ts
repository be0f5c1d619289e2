import { SEARCH_GROUPS, type SearchItem, type SearchResult } from '@bygg/contracts/search';
import { apiFor } from '~/lib/api.server.ts';
import type { CatalogContext } from '~/lib/catalog-context.server.ts';
import { searchHref } from '~/lib/search-groups.ts';

/** Where the links of a search lead for one catalogue variant (plain, /foretag, store, central). */
export type SearchLinks = {
  /** The landing page: /sok, /foretag/sok, /butiker/{slug}/sok or /rikskund/sok. */
  base: string;
  listingBase: string;
  productBase: string;
};

export function searchLinks(context: CatalogContext): SearchLinks {
  const prefix = context.listingBase.replace(/\/produkter$/, '');
  return {
    base: `${prefix}/sok`,
    listingBase: context.listingBase,
    productBase: context.productBase,
  };
}

/** The last path segments after a known root: '/foretag/produkt/x' → 'x' for root 'produkt'. */
function after(url: string, root: string): string | null {
  const match = new RegExp(`(?:^|/)${root}(/.*)?$`).exec(url.split('?')[0] ?? '');
  return match ? (match[1] ?? '') : null;
}

/**
 * The API's links are those of the plain storefront (/produkt/…, /produkter/…); in a store,
 * central or business variant the shopper stays in it. A brand leads to this variant's
 * landing page filtered by the brand (the storefront has no brand route of its own).
 */
export function rewriteLinks(result: SearchResult, links: SearchLinks): SearchResult {
  const product = (item: SearchItem): SearchItem => {
    const rest = after(item.url, 'produkt');
    return rest === null ? item : { ...item, url: `${links.productBase}${rest}` };
  };
  const category = (item: SearchItem): SearchItem => {
    const rest = after(item.url, 'produkter');
    return rest === null ? item : { ...item, url: `${links.listingBase}${rest}` };
  };
  const brand = (item: SearchItem): SearchItem => {
    const slug = new URLSearchParams(item.url.split('?')[1] ?? '').get('brand');
    if (!slug) return item;
    return {
      ...item,
      url: `${searchHref(links.base, item.text)}&brand=${encodeURIComponent(slug)}`,
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
    b2b: context.listingBase.startsWith('/foretag/') ? 'true' : undefined,
    assortment: context.forcedAssortment ?? undefined,
  });
  return rewriteLinks(result, searchLinks(context));
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
