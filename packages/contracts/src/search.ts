import { z } from 'zod';
import { QueryInt } from './common.ts';
import { AssortmentFilterSchema } from './products.ts';

/** Storefront spec §4: the preview shows 3 per group; the landing page asks for more. */
export const SEARCH_PREVIEW_COUNT = 3;
export const SEARCH_MAX_COUNT = 50;

const QueryBoolean = z
  .enum(['true', 'false', '1', '0'], { error: 'ska vara true eller false' })
  .transform((value) => value === 'true' || value === '1');

export const SearchQuerySchema = z.object({
  q: z.string().max(500, 'högst 500 tecken').default(''),
  store_id: QueryInt(1, 2_147_483_647).optional(),
  /** Accepted for the storefront's call shape; CMS pages are not per store in this catalogue. */
  cms_page_store_id: QueryInt(1, 2_147_483_647).optional(),
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

export const SEARCH_GROUPS = [
  'products',
  'bk04_categories',
  'cms_pages',
  'brands',
  'stores',
] as const;
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
