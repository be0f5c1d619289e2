import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  ConversationPageSchema,
  ConversationParamsSchema,
  ConversationQuerySchema,
  ConversationSchema,
  HandledBodySchema,
  SentMessageSchema,
  StaffConversationListQuerySchema,
} from '@bygg/contracts/trade/conversations';
import { conversationErrors, sendMessage } from '../conversations/routes.ts';
import type { Reader } from '../conversations/repository.ts';
import type { ConversationService } from '../conversations/service.ts';
import type { MessageUploads } from '../conversations/uploads.ts';
import { requires, tradeAccess, type TradeAccess } from '../store-access/guard.ts';

/** The store's side of every trade customer's thread with the store of {eid}. */
function staffReader(access: TradeAccess): Reader {
  return { side: 'store', userId: access.user.id, storeId: access.store.id };
}

/**
 * The store staff's side (issue 20): {eid}/staff/conversation/ (the store's inbox, with the
 * open/handled filter), the thread, an answer with files, and handled/. Only staff of the
 * store of {eid} pass (requires('staff')); a thread of another store is a 404.
 */
export const staffRoutes: FastifyPluginAsyncZod<{
  service: ConversationService;
  uploads: MessageUploads;
}> = async (app, { service, uploads }) => {
  const staff = requires('staff');

  app.get(
    '/staff/conversation/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "The store's conversations with its trade customers (staff)",
        params: EidParamsSchema,
        querystring: StaffConversationListQuerySchema,
        response: { 200: ConversationPageSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const access = tradeAccess(request);
      return service.list(staffReader(access), request.query, access.store.externalId, request.url);
    },
  );

  app.post(
    '/staff/conversation/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'Answer a customer (multipart: conversation_id, text, attachments)',
        consumes: ['multipart/form-data'],
        params: EidParamsSchema,
        response: { 201: SentMessageSchema, ...conversationErrors },
      },
    },
    async (request, reply) =>
      sendMessage(request, reply, staffReader(tradeAccess(request)), { service, uploads }),
  );

  app.get(
    '/staff/conversation/:id/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: "A thread's messages, for the store's staff",
        params: ConversationParamsSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(staffReader(tradeAccess(request)), request.params.id, request.query);
    },
  );

  app.put(
    '/staff/conversation/:id/handled/',
    {
      config: staff,
      schema: {
        tags: ['trade'],
        summary: 'Mark a thread handled, or open again (204)',
        params: ConversationParamsSchema,
        body: HandledBodySchema,
        response: { 204: z.null(), ...conversationErrors },
      },
    },
    async (request, reply) => {
      await service.setHandled(
        staffReader(tradeAccess(request)),
        request.params.id,
        request.body.handled,
      );
      return reply.code(204).send(null);
    },
  );

  uploads.serveRoutes(
    app,
    '/staff/conversation/:id/attachment/',
    (request) => staffReader(tradeAccess(request)),
    staff,
  );
};
