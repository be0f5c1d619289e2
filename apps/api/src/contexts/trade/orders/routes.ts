import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from '@bygg/contracts/cart';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  CreateOrderBodySchema,
  EXPORT_STARTED_MESSAGE,
  ExportTokenParamsSchema,
  OrderDetailSchema,
  OrderExportBodySchema,
  OrderExportReplySchema,
  OrderIdParamsSchema,
  OrderListQuerySchema,
  OrderPageSchema,
} from '@bygg/contracts/trade/orders';
import { QuoteIdParamsSchema, QuoteOrderBodySchema } from '@bygg/contracts/trade/quotes';
import { requires, tradeAccess } from '../store-access/guard.ts';
import type { ExportJobs } from './export-jobs.ts';
import type { TradeOrderService } from './service.ts';

export const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};
export const ordersRight = requires('orders');

const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema });
/** A placed order (201), its replay (200), refused stock (409 with failures), a reused key (422). */
const placedOrderResponses = {
  200: OrderDetailSchema,
  201: OrderDetailSchema,
  ...errors,
  409: ApiErrorSchema.extend({ failures: z.array(z.unknown()).optional() }),
  422: ApiErrorSchema,
};

/** {eid}/order/… (trade-area spec §7 "Orders"): the orders right. */
export const tradeOrderRoutes: FastifyPluginAsyncZod<{
  service: TradeOrderService;
  exports: ExportJobs;
}> = async (app, { service, exports }) => {
  app.get(
    '/order/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: "The company's orders in this store, newest first (project_id, search)",
        params: EidParamsSchema,
        querystring: OrderListQuerySchema,
        response: { 200: OrderPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(tradeAccess(request), request.query, request.url);
    },
  );

  app.post(
    '/order/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary:
          'Order the stored quote cart for its project (Idempotency-Key): 201, 404 no cart, 409 stock',
        params: EidParamsSchema,
        headers: idempotencyHeaders,
        body: CreateOrderBodySchema,
        response: placedOrderResponses,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { order, replayed } = await service.create(
        tradeAccess(request),
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(order);
    },
  );

  app.post(
    '/quote/:id/order/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary:
          'Order a store quote at its quoted prices (Idempotency-Key): 201, 409 ordered already, expired or stock',
        params: QuoteIdParamsSchema,
        headers: idempotencyHeaders,
        body: QuoteOrderBodySchema,
        response: placedOrderResponses,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { order, replayed } = await service.orderQuote(
        tradeAccess(request),
        request.params.id,
        request.body ?? {},
        request.headers[IDEMPOTENCY_HEADER],
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(order);
    },
  );

  app.get(
    '/order/:id/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: 'One order: lines excl. VAT, delivery, status, invoices',
        params: OrderIdParamsSchema,
        response: { 200: OrderDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(tradeAccess(request), request.params.id);
    },
  );

  app.post(
    '/order/export/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: 'Start an export of the orders (CSV); the link is e-mailed when it is ready',
        params: EidParamsSchema,
        body: OrderExportBodySchema,
        response: { 202: OrderExportReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const access = tradeAccess(request);
      const body = request.body ?? {};
      if (body.project_id !== undefined) {
        // Filtering by a project the caller may not see gives that project's orders: none.
        await service.ensureProject(access, body.project_id);
      }
      const jobId = await exports.enqueue(access, {
        projectId: body.project_id,
        search: body.search,
      });
      // Not in this request: the server's poller picks the job up (ADR 034).
      return reply.code(202).send({ message: EXPORT_STARTED_MESSAGE, job_id: jobId });
    },
  );

  app.get(
    '/order/export/:token/',
    {
      config: ordersRight,
      schema: {
        tags: ['trade'],
        summary: "The finished export file (the e-mailed link; the caller's own, until it expires)",
        params: ExportTokenParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await exports.download(tradeAccess(request), request.params.token);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );
};
