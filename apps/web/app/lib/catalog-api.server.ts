import type { z } from 'zod';
import { CampaignListSchema, CampaignSchema, SupplierSchema } from '@bygg/contracts/catalog';
import {
  PageProductsSchema,
  ProductDetailSchema,
  ProductPageSchema,
  RecommendationsSchema,
  StockedWarehousesSchema,
} from '@bygg/contracts/products';
import { visitorGet } from './api.server.ts';

/** Query values in a fixed order; arrays repeat the parameter, undefined is left out. */
export type CatalogQuery = Record<string, string | number | boolean | string[] | undefined>;

function queryString(query: CatalogQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, item));
    else params.set(key, String(value));
  }
  return params.toString();
}

/** The catalogue endpoints of /api/v2.0/ for one visitor request (cookies forwarded). */
export function catalogApiFor(request: Request) {
  const visitor = visitorGet(request);
  const get = <S extends z.ZodType>(path: string, schema: S) =>
    visitor(`/api/v2.0/${path}`, schema);
  return {
    products: (query: CatalogQuery) => get(`products/?${queryString(query)}`, ProductPageSchema),
    product: (slug: string, storeId: number | null) =>
      get(
        `products/${encodeURIComponent(slug)}/?${queryString({ store_id: storeId ?? undefined })}`,
        ProductDetailSchema,
      ),
    stockedWarehouses: (productId: number, articleId: number) =>
      get(
        `products/${productId}/stocked_warehouses/?article_id=${articleId}`,
        StockedWarehousesSchema,
      ),
    recommendations: (query: CatalogQuery) =>
      get(`products/recommendations/?${queryString(query)}`, RecommendationsSchema),
    byPageSlugs: (query: CatalogQuery) =>
      get(`products/by_page_slugs/?${queryString(query)}`, PageProductsSchema),
    campaigns: () => get('campaigns/', CampaignListSchema),
    campaign: (slug: string) => get(`campaigns/${encodeURIComponent(slug)}/`, CampaignSchema),
    supplier: (slug: string) => get(`suppliers/${encodeURIComponent(slug)}/`, SupplierSchema),
  };
}
