import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import { TradePriceQuerySchema, TradePriceReplySchema } from '@bygg/contracts/trade/prices';
import { tradeAccess } from '../store-access/guard.ts';
import type { TradePriceService } from './service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** {eid}/price/?article_ids=1,2 (trade-area spec §7 "Other"): the user's net prices. */
export const tradePriceRoutes: FastifyPluginAsyncZod<{ service: TradePriceService }> = async (
  app,
  { service },
) => {
  app.get(
    '/price/',
    {
      schema: {
        tags: ['trade'],
        summary: "The trade user's own prices in this store, excl. VAT",
        params: EidParamsSchema,
        querystring: TradePriceQuerySchema,
        response: { 200: TradePriceReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const ids = request.query.article_ids.split(',').map(Number);
      return { results: await service.prices(tradeAccess(request), ids) };
    },
  );
};
