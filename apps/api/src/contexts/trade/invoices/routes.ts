import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  InvoiceListQuerySchema,
  InvoiceNumberParamsSchema,
  InvoicePageSchema,
} from '@bygg/contracts/trade/invoices';
import { requires, tradeAccess } from '../store-access/guard.ts';
import type { InvoiceService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
const invoicesRight = requires('invoices');

/** {eid}/invoice/ and {eid}/invoice/{number}/pdf/ (trade-area spec §7): the invoices right. */
export const invoiceRoutes: FastifyPluginAsyncZod<{ service: InvoiceService }> = async (
  app,
  { service },
) => {
  app.get(
    '/invoice/',
    {
      config: invoicesRight,
      schema: {
        tags: ['trade'],
        summary: "The company's invoices, newest first; filters: dates, status, order, project",
        params: EidParamsSchema,
        querystring: InvoiceListQuerySchema,
        response: { 200: InvoicePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(tradeAccess(request), request.query, request.url);
    },
  );

  app.get(
    '/invoice/:number/pdf/',
    {
      config: invoicesRight,
      schema: {
        tags: ['trade'],
        summary: 'The invoice as a PDF (attachment)',
        params: InvoiceNumberParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await service.pdf(tradeAccess(request), request.params.number);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="faktura-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    },
  );
};
