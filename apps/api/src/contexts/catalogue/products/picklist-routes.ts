import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  NO_PRODUCTS_FOUND_MESSAGE,
  PicklistPriceRequestSchema,
  PicklistSchema,
} from '@bygg/contracts/picklist';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import { pricePicklist } from '../../pricing/index.ts';
import { viewerOf, type ProductsService } from './service.ts';

/**
 * POST /api/v2.0/picklist/prices/ (storefront spec §3, §4, §8): prices the picklist the browser
 * keeps in local storage for the chosen store and price mode, in one request whatever the
 * number of lines. A POST because the lines are a structured list, not a lookup key; nothing
 * is stored. The picklist is hidden for logged-in proffs users (§6); should one call it, their
 * net prices apply, as in their cart.
 */
export const picklistRoutes: FastifyPluginAsyncZod<{ service: ProductsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/v2.0/picklist/prices/',
    {
      schema: {
        tags: ['picklist'],
        summary: 'Price picklist lines for a store and price mode (incl. or excl. VAT)',
        body: PicklistPriceRequestSchema,
        response: { 200: PicklistSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { store_id: storeId, vat, lines } = request.body;
      const articles = await service
        .articlesById(
          request.organisation,
          lines.map((line) => line.article_id),
          storeId ?? undefined,
          viewerOf(request),
        )
        .catch((error: unknown) => {
          // The shared store check names the query parameter; here the store is in the body.
          if (error instanceof BadRequestError) {
            throw new BadRequestError(error.message, [
              { path: 'body.store_id', message: error.message },
            ]);
          }
          throw error;
        });
      const picklist = pricePicklist(lines, articles, { storeId, vat });
      if (picklist.missing.length > 0) {
        request.log.warn({ missing: picklist.missing }, 'picklist articles not found, skipped');
      }
      if (picklist.articles.length === 0) throw new NotFoundError(NO_PRODUCTS_FOUND_MESSAGE);
      return picklist;
    },
  );
};
