import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryTreeSchema } from '@bygg/contracts/catalog';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { setPublicCache } from '../../plugins/cache-control.ts';
import { CATEGORY_TREE_CACHE_SECONDS, type CatalogService } from './service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v2.0/category_tree/',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The three-level category tree with product counts per node',
        response: { 200: CategoryTreeSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      setPublicCache(reply, CATEGORY_TREE_CACHE_SECONDS);
      return service.categoryTree(request.organisation);
    },
  );
};
