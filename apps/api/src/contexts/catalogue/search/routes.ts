import { ApiErrorSchema } from '@bygg/contracts/common';
import { SearchQuerySchema, SearchResultSchema } from '@bygg/contracts/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchService } from './service.ts';

/** The grouped search of the header preview and the /sok landing page. */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v2.0/search/',
    {
      schema: {
        tags: ['search'],
        summary:
          'Swedish search: products, categories, CMS pages, brands and stores with counts (count per group, default 3)',
        querystring: SearchQuerySchema,
        response: { 200: SearchResultSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => service.search(request.organisation, request.query),
  );
};
