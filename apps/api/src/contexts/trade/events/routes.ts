import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  NotificationIdParamsSchema,
  NotificationListQuerySchema,
  NotificationPageSchema,
} from '@bygg/contracts/trade/events';
import { tradeAccess } from '../store-access/guard.ts';
import type { EventService } from './service.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** {eid}/notification/ and {eid}/notification/{id}/mark_as_seen/ (trade-area spec §7). */
export const eventRoutes: FastifyPluginAsyncZod<{ service: EventService }> = async (
  app,
  { service },
) => {
  app.get(
    '/notification/',
    {
      schema: {
        tags: ['trade'],
        summary: "The user's events in this store, newest first, with the unseen count",
        params: EidParamsSchema,
        querystring: NotificationListQuerySchema,
        response: { 200: NotificationPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(tradeAccess(request), request.query, request.url);
    },
  );

  app.put(
    '/notification/:id/mark_as_seen/',
    {
      schema: {
        tags: ['trade'],
        summary: 'Mark an event seen by the user (204)',
        params: NotificationIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.markSeen(tradeAccess(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
