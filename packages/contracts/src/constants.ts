import { CART_OFFER_LIMIT_LARGE } from '@bygg/domain/limits';

/**
 * Constants of the contracts that browser code needs, in a module without zod (issue 3:
 * first-load JavaScript). The schema modules re-export them, so server code may import either;
 * client code imports them from here and only `import type` from the schema modules.
 */

/** Page size of products/ when the client sends none; page_size may ask for up to 100. */
export const DEFAULT_PRODUCT_PAGE_SIZE = 24;

/** Pages past the product count cap (spec §9) are refused with the spec's §8 text. */
export const TOO_MANY_PRODUCTS_MESSAGE =
  'För högt antal produkter, försök igen med ett lägre antal';

/**
 * The listing's sort orders (spec §2); a leading '-' reverses. Ties are broken by
 * popularity, then by product id, so pages never overlap.
 */
export const PRODUCT_SORTS = [
  'popular',
  '-popular',
  'price',
  '-price',
  'discounts',
  '-discounts',
  'availability',
  '-availability',
] as const;

/** Storefront spec §4: the preview shows 3 per group; the landing page asks for more. */
export const SEARCH_PREVIEW_COUNT = 3;
export const SEARCH_MAX_COUNT = 50;

/** The five groups of a search result (storefront spec §3). */
export const SEARCH_GROUPS = [
  'products',
  'bk04_categories',
  'cms_pages',
  'brands',
  'stores',
] as const;

/**
 * At most this many picklist lines are priced at once. The spec's larger cart/offer limit
 * (§9, 200) is the only list bound it gives; a picklist is a shopping list of the same kind.
 */
export const PICKLIST_MAX_LINES = CART_OFFER_LIMIT_LARGE;
/** One picklist line's quantity; a higher figure is a typing mistake, not a trip to the store. */
export const PICKLIST_MAX_QUANTITY = 9999;
