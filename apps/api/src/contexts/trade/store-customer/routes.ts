import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  StoreCustomerReplySchema,
  StoreCustomerUpdateSchema,
  TermsAcceptSchema,
  TermsReplySchema,
} from '@bygg/contracts/trade/store-customer';
import { requires, tradeAccess } from '../store-access/guard.ts';
import type { StoreCustomerService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** {eid}/store-customer/current/ and {eid}/store-customer/terms/ (trade-area spec §7, §5). */
export const storeCustomerRoutes: FastifyPluginAsyncZod<{ service: StoreCustomerService }> = async (
  app,
  { service },
) => {
  app.get(
    '/store-customer/current/',
    {
      schema: {
        tags: ['trade'],
        summary: "The company as a customer of this store, and the caller's role and rights",
        params: EidParamsSchema,
        response: { 200: StoreCustomerReplySchema, ...errors },
      },
    },
    async (request) => service.current(tradeAccess(request)),
  );

  app.put(
    '/store-customer/current/',
    {
      config: requires('admin'),
      schema: {
        tags: ['trade'],
        summary: 'Change the company contact details (administrators); store-only fields 400',
        params: EidParamsSchema,
        body: StoreCustomerUpdateSchema,
        response: { 200: StoreCustomerReplySchema, ...errors },
      },
    },
    async (request) => service.update(tradeAccess(request), request.body),
  );

  app.get(
    '/store-customer/terms/',
    {
      schema: {
        tags: ['trade'],
        summary: "The store's terms; data.terms is null until the company accepted them",
        params: EidParamsSchema,
        response: { 200: TermsReplySchema, ...errors },
      },
    },
    async (request) => service.terms(tradeAccess(request)),
  );

  app.put(
    '/store-customer/terms/',
    {
      config: requires('admin'),
      schema: {
        tags: ['trade'],
        summary: "Accept the store's terms (administrators)",
        params: EidParamsSchema,
        body: TermsAcceptSchema,
        response: { 200: TermsReplySchema, ...errors },
      },
    },
    async (request) => service.acceptTerms(tradeAccess(request), request.body),
  );
};
