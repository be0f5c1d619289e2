import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import { CreditSchema } from '@bygg/contracts/trade/credit';
import { companyOf, tradeAccess } from '../store-access/guard.ts';
import type { CreditService } from './service.ts';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * {eid}/credit/ (path not in the spec): what the company may still buy on invoice in this
 * store, for the checkout. Any user of the store may read it: every one of them may pay by
 * invoice, and it is one sum, not the invoices themselves (those need the invoices right).
 */
export const creditRoutes: FastifyPluginAsyncZod<{ service: CreditService }> = async (
  app,
  { service },
) => {
  app.get(
    '/credit/',
    {
      schema: {
        tags: ['trade'],
        summary: "The company's credit limit in this store, its unpaid invoices and what is left",
        params: EidParamsSchema,
        response: { 200: CreditSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const access = tradeAccess(request);
      return service.read(companyOf(access), access.store.id);
    },
  );
};
