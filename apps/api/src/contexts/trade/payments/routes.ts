import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  BgMaxBodySchema,
  BgMaxReplySchema,
  PaymentBodySchema,
  PaymentReplySchema,
  StaffInvoiceListQuerySchema,
  StaffInvoicePageSchema,
} from '@bygg/contracts/trade/payments';
import { requires, tradeAccess } from '../store-access/guard.ts';
import { privateReplies, STAFF_ERRORS } from '../staff/route-parts.ts';
import type { PaymentService } from './service.ts';

/** A BgMax file of 2 million characters, JSON-escaped, with room to spare. */
const BGMAX_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * Invoice payments for the store's staff (ADR 055): the store's invoices, a payment by hand,
 * a BgMax file read in. Only staff of the store of {eid}; another store's invoice is 404.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ service: PaymentService }> = async (
  app,
  { service },
) => {
  const staff = requires('staff');
  privateReplies(app);

  app.get(
    '/staff/invoice/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "The store's invoices with paid and open amounts, open ones first (staff)",
        params: EidParamsSchema,
        querystring: StaffInvoiceListQuerySchema,
        response: { 200: StaffInvoicePageSchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.list(tradeAccess(request), request.query, request.url),
  );

  app.post(
    '/staff/invoice/payment/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'Register a payment of an open invoice by hand (201; 409 when already paid)',
        params: EidParamsSchema,
        body: PaymentBodySchema,
        response: { 201: PaymentReplySchema, ...STAFF_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.register(tradeAccess(request), request.body)),
  );

  app.post(
    '/staff/invoice/bgmax/',
    {
      bodyLimit: BGMAX_BODY_LIMIT,
      config: staff,
      schema: {
        tags: ['trade'],
        summary:
          "Read in Bankgirot's BgMax file: payments matched to the store's invoices by OCR, each booked once",
        params: EidParamsSchema,
        body: BgMaxBodySchema,
        response: { 200: BgMaxReplySchema, ...STAFF_ERRORS },
      },
    },
    async (request) => service.importBgMax(tradeAccess(request), request.body.content),
  );
};
