import type { FastifyInstance } from 'fastify';
import { ApiErrorSchema } from '@bygg/contracts/common';

/** The error replies every route on the staff's side can give (store guard, input, object). */
export const STAFF_ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** The staff's replies are one person's view of the store's customers: never stored. */
export function privateReplies(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
