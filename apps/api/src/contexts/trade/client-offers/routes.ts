import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  ClientOfferDecisionBodySchema,
  ClientOfferHashQuerySchema,
  ClientOfferListQuerySchema,
  ClientOfferPageSchema,
  ClientOfferParamsSchema,
  ClientOfferSchema,
} from '@bygg/contracts/trade/client-offers';
import type { ClientOfferService, EndCustomerAccess } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * api/proffs/client-offer/… (trade-area spec §7 "Client offers"), registered inside the
 * end customer's project-token area (end-customers/project-token.ts): every call needs the
 * invitation's token as a bearer value and sees that project's offers only. Registered in
 * trade/index.ts as
 * `endCustomerArea(db, now, (area) => area.register(clientOfferRoutes, { service, endCustomerOf }), '/api/proffs/client-offer')`.
 */
export const clientOfferRoutes: FastifyPluginAsyncZod<{
  service: ClientOfferService;
  /** The token hook's access (end-customers/project-token.ts `endCustomerOf`). */
  endCustomerOf: (request: FastifyRequest) => EndCustomerAccess;
}> = async (app, { service, endCustomerOf }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['trade'],
        summary: "The end customer's offers in the token's project (sent, approved, declined)",
        querystring: ClientOfferListQuerySchema,
        response: { 200: ClientOfferPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(endCustomerOf(request), request.query, request.url);
    },
  );

  app.get(
    '/:id/',
    {
      schema: {
        tags: ['trade'],
        summary: 'One offer as the end customer sees it (amounts incl. VAT, the deduction)',
        params: ClientOfferParamsSchema,
        response: { 200: ClientOfferSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(endCustomerOf(request), request.params.id);
    },
  );

  app.put(
    '/:id/approve/',
    {
      schema: {
        tags: ['trade'],
        summary:
          "Approve by the link's offer_hash: once (409 after), terms accepted first (428), before the validity date (409)",
        params: ClientOfferParamsSchema,
        querystring: ClientOfferHashQuerySchema,
        body: ClientOfferDecisionBodySchema,
        response: {
          200: ClientOfferSchema,
          ...errors,
          409: ApiErrorSchema,
          428: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.approve(
        endCustomerOf(request),
        request.params.id,
        request.query.offer_hash,
        request.body?.name,
      );
    },
  );

  app.put(
    '/:id/decline/',
    {
      schema: {
        tags: ['trade'],
        summary: "Decline by the link's offer_hash (path not in the spec): once, 409 after",
        params: ClientOfferParamsSchema,
        querystring: ClientOfferHashQuerySchema,
        response: { 200: ClientOfferSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.decline(endCustomerOf(request), request.params.id, request.query.offer_hash);
    },
  );
};
