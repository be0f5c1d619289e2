import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  GiftCardBalanceParamsSchema,
  GiftCardBalanceQuerySchema,
  GiftCardBalanceSchema,
} from '@bygg/contracts/giftcards';
import { rateLimited, type RateLimitSettings } from '../../../plugins/rate-limit.ts';
import type { GiftCardService } from './service.ts';

/**
 * GET /api/v1.0/giftcards/{id}/balance/?pin= (storefront spec §7). Rate limited per client
 * together with applying gift cards to a cart (one 'giftcard' counter), so numbers and PINs
 * cannot be found by trying: over the limit the answer is 428.
 */
export const giftCardRoutes: FastifyPluginAsyncZod<{
  service: GiftCardService;
  rateLimits: RateLimitSettings | false;
  clock?: (() => Date) | undefined;
}> = async (app, { service, rateLimits, clock }) => {
  app.get(
    '/api/v1.0/giftcards/:id/balance/',
    {
      config: rateLimited(rateLimits, 'giftcard'),
      schema: {
        tags: ['giftcards'],
        summary: 'Balance of a gift card (number in the path, PIN in the query)',
        params: GiftCardBalanceParamsSchema,
        querystring: GiftCardBalanceQuerySchema,
        response: {
          200: GiftCardBalanceSchema,
          400: ApiErrorSchema.extend({ reason: z.string().optional() }),
          404: ApiErrorSchema,
          428: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      // A wrong check digit: 400 with reason INVALID_CHECKSUM (GiftCardChecksumError).
      return service.balance(
        request.organisation,
        request.params.id,
        request.query.pin,
        clock ? clock() : new Date(),
      );
    },
  );
};
