import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  QuoteCartFieldErrorsSchema,
  QuoteCartUnprocessableSchema,
  QuoteIdParamsSchema,
  QuoteListQuerySchema,
  QuotePageSchema,
  QuoteSchema,
  QuoteValidateBodySchema,
  ValidatedQuoteCartSchema,
} from '@bygg/contracts/trade/quotes';
import { requires, tradeAccess } from '../store-access/guard.ts';
import type { QuoteService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * {eid}/quote/ and {eid}/quote/{id}/ (trade-area spec §7 "Quotes"; the offers right) and the
 * quote validation call {eid}/quote/validate/ (§7 "Other", §5; the orders right: the quote
 * cart is what an order is placed from).
 */
export const quoteRoutes: FastifyPluginAsyncZod<{ service: QuoteService }> = async (
  app,
  { service },
) => {
  app.get(
    '/quote/',
    {
      config: requires('offers'),
      schema: {
        tags: ['trade'],
        summary: "The store's quotes for the company, newest first (project_id, search)",
        params: EidParamsSchema,
        querystring: QuoteListQuerySchema,
        response: { 200: QuotePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(tradeAccess(request), request.query, request.url);
    },
  );

  app.get(
    '/quote/:id/',
    {
      config: requires('offers'),
      schema: {
        tags: ['trade'],
        summary: 'One store quote with its lines (prices excl. VAT)',
        params: QuoteIdParamsSchema,
        response: { 200: QuoteSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(tradeAccess(request), request.params.id);
    },
  );

  app.post(
    '/quote/validate/',
    {
      config: requires('orders'),
      schema: {
        tags: ['trade'],
        summary:
          'Validate and store the quote cart: 200 orderable, 400 per-item field errors (items), 422 cart stored with problems',
        params: EidParamsSchema,
        body: QuoteValidateBodySchema,
        response: {
          200: ValidatedQuoteCartSchema,
          ...errors,
          400: QuoteCartFieldErrorsSchema,
          422: QuoteCartUnprocessableSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.validate(tradeAccess(request), request.body);
    },
  );
};
