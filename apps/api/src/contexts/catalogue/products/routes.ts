import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  ArticleDetailSchema,
  ArticleIdParamsSchema,
  ArticleOfferSchema,
  PageProductsQuerySchema,
  PageProductsSchema,
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductPricesSchema,
  ProductRefParamsSchema,
  ProductStockQuerySchema,
  ProductStockSchema,
  RecommendationsQuerySchema,
  RecommendationsSchema,
  StockedWarehousesQuerySchema,
  StockedWarehousesSchema,
  StoreQuerySchema,
  SuggestQuerySchema,
  SuggestSchema,
} from '@bygg/contracts/products';
import { pageLinks } from '../../../lib/pagination.ts';
import { picklistRoutes } from './picklist-routes.ts';
import { setCatalogueCache, type CachePolicy } from '../shared/cache-headers.ts';
import { viewerOf, productRef, type ProductsService } from './service.ts';

const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

/** Successful replies get the policy's cache headers; errors are never cached. */
function cacheAs(policy: CachePolicy) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) setCatalogueCache(request, reply, policy);
    return payload;
  };
}

/**
 * The catalogue under /api/v2.0/ (storefront spec §3 and §7): product listing, product page,
 * prices, stock, articles, recommendations, suggestions and page products. A logged-in trade
 * user's company is the viewer, so its net prices apply (such replies are private, never cached).
 */
export const productsRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (
  app,
  { service },
) => {
  // A sort-key rebuild may still be running in the background when the app closes.
  app.addHook('onClose', () => service.drain());

  // The picklist prices many articles at once with the same service (storefront spec §4).
  await app.register(picklistRoutes, { service });

  app.get(
    '/api/v2.0/products/',
    {
      config: { responseCache: true },
      onSend: cacheAs('catalogue'),
      schema: {
        tags: ['products'],
        summary:
          'Products: filters, sort, pages of page_size (default 24), price and stock per store',
        querystring: ProductListQuerySchema,
        response: { 200: ProductPageSchema, ...errors },
      },
    },
    async (request) => {
      const result = await service.list(request.organisation, request.query, viewerOf(request));
      return {
        count: result.count,
        ...pageLinks(request.url, result.page, result.hasNext),
        results: result.results,
        ...(result.brandFacets ? { facets: { brands: result.brandFacets } } : {}),
      };
    },
  );

  // Static segments (recommendations, suggest, stock, by_page_slugs) win over :id in the router.
  app.get(
    '/api/v2.0/products/recommendations/',
    {
      config: { responseCache: true },
      onSend: cacheAs('catalogue'),
      schema: {
        tags: ['products'],
        summary: 'Recommended products by key (popular, related, campaign), page_slug and tree_id',
        querystring: RecommendationsQuerySchema,
        response: { 200: RecommendationsSchema, ...errors },
      },
    },
    async (request) =>
      service.recommendations(request.organisation, request.query, viewerOf(request)),
  );

  app.get(
    '/api/v2.0/products/suggest/',
    {
      config: { responseCache: true },
      onSend: cacheAs('catalogue'),
      schema: {
        tags: ['products'],
        summary: 'Completions for the search field: products, brands and categories',
        querystring: SuggestQuerySchema,
        response: { 200: SuggestSchema, ...errors },
      },
    },
    async (request) => service.suggest(request.organisation, request.query.q),
  );

  app.get(
    '/api/v2.0/products/by_page_slugs/',
    {
      config: { responseCache: true },
      onSend: cacheAs('catalogue'),
      schema: {
        tags: ['products'],
        summary: 'Products of campaign and category pages (page_slugs), per store and assortment',
        querystring: PageProductsQuerySchema,
        response: { 200: PageProductsSchema, ...errors },
      },
    },
    async (request) => ({
      data: {
        products: await service.pageProducts(
          request.organisation,
          request.query,
          viewerOf(request),
        ),
      },
    }),
  );

  app.get(
    '/api/v2.0/products/stock/',
    {
      onSend: cacheAs('live'),
      schema: {
        tags: ['products'],
        summary: 'Stock per article of a product (by slug) in the warehouses a store sells from',
        querystring: ProductStockQuerySchema,
        response: { 200: ProductStockSchema, ...errors },
      },
    },
    async (request) =>
      service.stockBySlug(request.organisation, request.query.slug, request.query.store_id),
  );

  app.get(
    '/api/v2.0/products/:id/',
    {
      config: { responseCache: true },
      onSend: cacheAs('catalogue'),
      schema: {
        tags: ['products'],
        summary: 'The product page: articles, pictures, choice tree, sustainability, breadcrumbs',
        params: ProductRefParamsSchema,
        querystring: StoreQuerySchema,
        response: { 200: ProductDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.detail(
        request.organisation,
        productRef(request.params.id),
        request.query.store_id,
        viewerOf(request),
      ),
  );

  app.get(
    '/api/v2.0/products/:id/stocked_warehouses/',
    {
      onSend: cacheAs('live'),
      schema: {
        tags: ['products'],
        summary: "An article's stock in every store; hidden-stock stores left out",
        params: ProductRefParamsSchema,
        querystring: StockedWarehousesQuerySchema,
        response: { 200: StockedWarehousesSchema, ...errors },
      },
    },
    async (request) =>
      service.stockedWarehouses(
        request.organisation,
        productRef(request.params.id),
        request.query.article_id,
      ),
  );

  app.get(
    '/api/v2.0/products/:id/prices/',
    {
      onSend: cacheAs('live'),
      schema: {
        tags: ['products'],
        summary: "The price offers of the product's articles in a store",
        params: ProductRefParamsSchema,
        querystring: StoreQuerySchema,
        response: { 200: ProductPricesSchema, ...errors },
      },
    },
    async (request) =>
      service.prices(
        request.organisation,
        productRef(request.params.id),
        request.query.store_id,
        viewerOf(request),
      ),
  );

  app.get(
    '/api/v2.0/articles/:id/',
    {
      config: { responseCache: true },
      onSend: cacheAs('live'),
      schema: {
        tags: ['products'],
        summary: 'One article with its offer, stock and product card',
        params: ArticleIdParamsSchema,
        querystring: StoreQuerySchema,
        response: { 200: ArticleDetailSchema, ...errors },
      },
    },
    async (request) =>
      service.article(
        request.organisation,
        request.params.id,
        request.query.store_id,
        viewerOf(request),
      ),
  );

  app.get(
    '/api/v2.0/articles/:id/offer/',
    {
      onSend: cacheAs('live'),
      schema: {
        tags: ['products'],
        summary: "One article's price offer in a store (offer null when hidden or unpriced)",
        params: ArticleIdParamsSchema,
        querystring: StoreQuerySchema,
        response: { 200: ArticleOfferSchema, ...errors },
      },
    },
    async (request) =>
      service.articleOffer(
        request.organisation,
        request.params.id,
        request.query.store_id,
        viewerOf(request),
      ),
  );
};
