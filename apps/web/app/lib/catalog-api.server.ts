import type { z } from 'zod';
import { CampaignListSchema, CampaignSchema, SupplierSchema } from '@bygg/contracts/catalog';
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import {
  PageProductsSchema,
  ProductDetailSchema,
  ProductPageSchema,
  RecommendationsSchema,
  StockedWarehousesSchema,
} from '@bygg/contracts/products';
import { ApiResponseError } from './api.server.ts';
import { getEnv } from './env.server.ts';

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

// A slow API must not hold a server render forever (same budget as the shell's client).
const API_TIMEOUT_MS = 10_000;

/** The catalogue endpoints of /api/v2.0/ for one visitor request (cookies forwarded). */
export function catalogApiFor(request: Request) {
  const env = getEnv();
  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const url = `${env.apiBaseUrl}/api/v2.0/${path}`;
    const headers = new Headers({
      accept: 'application/json',
      [ORGANISATION_HEADER]: env.organisation,
    });
    const cookie = request.headers.get('cookie');
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, {
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
    });
    if (!response.ok) throw new ApiResponseError(url, 'GET', response);
    return schema.parse(await response.json());
  }
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

/** True for the API's 404 (an unknown product, category or supplier). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiResponseError && error.status === 404;
}
