import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  StaffArticleListSchema,
  StaffArticleQuerySchema,
  StaffCustomerListQuerySchema,
  StaffCustomerListSchema,
  StaffIdParamsSchema,
  StaffOrderDetailSchema,
  StaffOrderListQuerySchema,
  StaffOrderPageSchema,
  StaffQuoteBodySchema,
  StaffQuoteListQuerySchema,
  StaffQuotePageSchema,
  StaffQuoteSchema,
} from '@bygg/contracts/trade/staff';
import { requires, tradeAccess } from '../store-access/guard.ts';
import { privateReplies, STAFF_ERRORS } from './route-parts.ts';
import type { StaffDeskService } from './service.ts';

/**
 * The store staff's desk (issue 20, ADR 042), beside their inbox (routes.ts): the store's
 * customers, catalogue articles at a customer's prices, store quotes (draft, edit, send) and
 * the customers' trade orders (read-only). Only staff of the store of {eid} pass; an object
 * of another store is 404.
 */
export const staffDeskRoutes: FastifyPluginAsyncZod<{ service: StaffDeskService }> = async (
  app,
  { service },
) => {
  const staff = requires('staff');
  privateReplies(app);

  app.get(
    '/staff/customer/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "The store's trade customers with their projects in the store (staff)",
        params: EidParamsSchema,
        querystring: StaffCustomerListQuerySchema,
        response: { 200: StaffCustomerListSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.customers(tradeAccess(request), request.query.search),
  );

  app.get(
    '/staff/article/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "Catalogue articles matching search, at the company's prices excl. VAT (staff)",
        params: EidParamsSchema,
        querystring: StaffArticleQuerySchema,
        response: { 200: StaffArticleListSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.articles(tradeAccess(request), request.query),
  );

  app.get(
    '/staff/quote/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "The store's quotes, drafts first (company_id, status, search; staff)",
        params: EidParamsSchema,
        querystring: StaffQuoteListQuerySchema,
        response: { 200: StaffQuotePageSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.quotes(tradeAccess(request), request.query, request.url),
  );

  app.post(
    '/staff/quote/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'A new quote for a customer of the store, saved as a draft (201)',
        params: EidParamsSchema,
        body: StaffQuoteBodySchema,
        response: { 201: StaffQuoteSchema, ...STAFF_ERRORS },
      },
    },
    async (request, reply) => {
      const quote = await service.create(tradeAccess(request), request.body);
      return reply.code(201).send(quote);
    },
  );

  app.get(
    '/staff/quote/:id/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'One of the store’s quotes with its lines (staff)',
        params: StaffIdParamsSchema,
        response: { 200: StaffQuoteSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.quote(tradeAccess(request), request.params.id),
  );

  app.put(
    '/staff/quote/:id/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'Rewrite a draft (409 once sent)',
        params: StaffIdParamsSchema,
        body: StaffQuoteBodySchema,
        response: { 200: StaffQuoteSchema, ...STAFF_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request) => service.update(tradeAccess(request), request.params.id, request.body),
  );

  app.delete(
    '/staff/quote/:id/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'Delete a draft (204; 409 once sent)',
        params: StaffIdParamsSchema,
        response: { 204: z.null(), ...STAFF_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await service.remove(tradeAccess(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/quote/:id/send/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary:
          "Send a draft: the customer's quote/ shows it, an event and an e-mail tell the company's users (409 once sent)",
        params: StaffIdParamsSchema,
        response: { 200: StaffQuoteSchema, ...STAFF_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request) => service.send(tradeAccess(request), request.params.id),
  );

  app.get(
    '/staff/order/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "The trade orders of the store's customers, newest first (company_id, search)",
        params: EidParamsSchema,
        querystring: StaffOrderListQuerySchema,
        response: { 200: StaffOrderPageSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.orderList(tradeAccess(request), request.query, request.url),
  );

  app.get(
    '/staff/order/:id/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'One trade order of a customer of the store (read-only)',
        params: StaffIdParamsSchema,
        response: { 200: StaffOrderDetailSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.order(tradeAccess(request), request.params.id),
  );
};
