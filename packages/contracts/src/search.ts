import { z } from 'zod';
import { QueryInt } from './common.ts';
import { AssortmentFilterSchema } from './products.ts';
import { SEARCH_GROUPS, SEARCH_MAX_COUNT, SEARCH_PREVIEW_COUNT } from './constants.ts';
import { QueryIdSchema } from './input.ts';

// Zod-free constants browser code needs live in constants.ts (issue 3); re-exported here.
export { SEARCH_GROUPS, SEARCH_MAX_COUNT, SEARCH_PREVIEW_COUNT };

const QueryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'ska vara true eller false' })
  .transform((value) => value === 'true' || value === '1');

export const SearchQuerySchema = z.object({
  q: z.string().max(500, 'högst 500 tecken').default(''),
  store_id: QueryIdSchema.optional(),
  /** Accepted for the storefront's call shape; CMS pages are not per store in this catalogue. */
  cms_page_store_id: QueryIdSchema.optional(),
  b2b: QueryBoolean.default(false),
  count: QueryInt(1, SEARCH_MAX_COUNT).default(SEARCH_PREVIEW_COUNT),
  assortment: AssortmentFilterSchema.default('all'),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/** One hit: what to show, where it leads, its breadcrumb-like path and a stable tracking id. */
export const SearchItemSchema = z.object({
  text: z.string(),
  url: z.string(),
  path: z.string(),
  tracking_code: z.string(),
});
export type SearchItem = z.infer<typeof SearchItemSchema>;

export type SearchGroup = (typeof SEARCH_GROUPS)[number];

export const SearchResultSchema = z.object({
  q: z.string(),
  counts: z.object({
    products: z.number().int(),
    bk04_categories: z.number().int(),
    cms_pages: z.number().int(),
    brands: z.number().int(),
    stores: z.number().int(),
  }),
  products: z.array(SearchItemSchema),
  bk04_categories: z.array(SearchItemSchema),
  cms_pages: z.array(SearchItemSchema),
  brands: z.array(SearchItemSchema),
  stores: z.array(SearchItemSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
