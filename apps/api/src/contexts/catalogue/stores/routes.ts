import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  ClosestStoreQuerySchema,
  StoreIdParamsSchema,
  StoreListQuerySchema,
  StorePageSchema,
  StoreSchema,
} from '@bygg/contracts/stores';
import { pageLinks } from '../../../lib/pagination.ts';
import { DEFAULT_CACHE_SECONDS, setPublicCache } from '../../../plugins/cache-control.ts';
import type { StoresService } from './service.ts';

/** The spec caches the store lookup at 10 times the default lifetime (trade-area §7). */
export const STORE_CACHE_SECONDS = 10 * DEFAULT_CACHE_SECONDS;

export const storesRoutes: FastifyPluginAsyncZod<{ service: StoresService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v2.0/stores/',
    {
      config: { responseCache: true },
      schema: {
        tags: ['stores'],
        summary: 'Stores: all, by postcode (nearest first), free text, ids or external id',
        querystring: StoreListQuerySchema,
        response: { 200: StorePageSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const result = await service.list(request.organisation, request.query);
      setPublicCache(reply, DEFAULT_CACHE_SECONDS);
      return {
        count: result.count,
        ...pageLinks(request.url, result.page, result.hasNext),
        results: result.results,
        ...(result.nearestTo === undefined ? {} : { nearest_to: result.nearestTo }),
      };
    },
  );

  // Registered before /stores/:id/ for readability; find-my-way prefers static segments anyway.
  app.get(
    '/api/v2.0/stores/closest/',
    {
      config: { responseCache: true },
      schema: {
        tags: ['stores'],
        summary: 'The physical store nearest to a position, with distance_km',
        querystring: ClosestStoreQuerySchema,
        response: { 200: StoreSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const store = await service.closest(request.organisation, {
        lat: request.query.latitude,
        lon: request.query.longitude,
      });
      setPublicCache(reply, DEFAULT_CACHE_SECONDS);
      return store;
    },
  );

  app.get(
    '/api/v2.0/stores/:id/',
    {
      config: { responseCache: true },
      schema: {
        tags: ['stores'],
        summary: 'One store by id',
        params: StoreIdParamsSchema,
        response: { 200: StoreSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const store = await service.get(request.organisation, request.params.id);
      setPublicCache(reply, STORE_CACHE_SECONDS);
      return store;
    },
  );
};
