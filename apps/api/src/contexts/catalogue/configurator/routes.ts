import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  ConfiguratorParamsSchema,
  ConfiguratorQuoteQuerySchema,
  ConfiguratorQuoteSchema,
} from '@bygg/contracts/configurator';
import { StoreQuerySchema } from '@bygg/contracts/products';
import { viewerOf } from '../products/service.ts';
import type { ConfiguratorService } from './service.ts';

const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema, 409: ApiErrorSchema };

/**
 * The window configurator (issue 22): GET the brand's configurator with its default window,
 * GET quote/ for a choice. An impossible choice is a 400 whose message and fields give the
 * reasons. Replies are per visitor (net prices of a logged-in trade user), never cached.
 */
export const configuratorRoutes: FastifyPluginAsyncZod<{ service: ConfiguratorService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/v2.0/configurators/:brand/',
    {
      schema: {
        tags: ['products'],
        summary: "A brand's window configurator: the steps and the default window, priced",
        params: ConfiguratorParamsSchema,
        querystring: StoreQuerySchema,
        response: { 200: ConfiguratorQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.start(
        request.organisation,
        request.params.brand,
        request.query.store_id,
        viewerOf(request),
      );
    },
  );

  app.get(
    '/api/v2.0/configurators/:brand/quote/',
    {
      schema: {
        tags: ['products'],
        summary:
          'Price, U-value and article of a configured window; 400 with the reasons when it cannot be made',
        params: ConfiguratorParamsSchema,
        querystring: ConfiguratorQuoteQuerySchema,
        response: { 200: ConfiguratorQuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { store_id, ...selection } = request.query;
      return service.quote(
        request.organisation,
        request.params.brand,
        selection,
        store_id,
        viewerOf(request),
      );
    },
  );
};
