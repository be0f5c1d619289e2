import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { EidParamsSchema } from '@bygg/contracts/trade/common';
import {
  ConversationListQuerySchema,
  ConversationPageSchema,
  ConversationParamsSchema,
  ConversationQuerySchema,
  ConversationSchema,
  MessageFieldsSchema,
  SentMessageSchema,
} from '@bygg/contracts/trade/conversations';
import { companyOf, tradeAccess, type TradeAccess } from '../store-access/guard.ts';
import type { Reader } from './repository.ts';
import type { ConversationService } from './service.ts';
import type { MessageUploads } from './uploads.ts';

export const conversationErrors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
};

/**
 * POST of a message on either side: the multipart form read and its files stored, then the
 * message written (201 with conversation_id and the message).
 */
export async function sendMessage(
  request: FastifyRequest,
  reply: FastifyReply,
  reader: Reader,
  deps: { service: ConversationService; uploads: MessageUploads },
) {
  const access = tradeAccess(request);
  const { fields, files } = await deps.uploads.read(request, MessageFieldsSchema);
  const sent = await deps.service.send(
    reader,
    {
      organisationId: request.organisation,
      storeExternalId: access.store.externalId,
      storeName: access.store.name,
    },
    fields,
    files,
  );
  return reply.code(201).send(sent);
}

/** The trade customer's side of a store thread: their company, in the store of {eid}. */
function customerReader(access: TradeAccess): Reader {
  return {
    side: 'proffs',
    userId: access.user.id,
    companyId: companyOf(access),
    storeId: access.store.id,
    isAdmin: access.account.role === 'admin',
  };
}

/**
 * The trade customer's conversations with the store (trade-area spec §7 "Conversations"):
 * {eid}/conversation/ (list), POST {eid}/conversation/ (a new message or a reply, multipart),
 * {eid}/conversation/{id}/ (size, before), and the files of a thread's messages. Any user of
 * the store may write to it; another company's thread is a 404, and so is a project's thread
 * (or a new message about a project) when the user has no access to the project.
 */
export const conversationRoutes: FastifyPluginAsyncZod<{
  service: ConversationService;
  uploads: MessageUploads;
}> = async (app, { service, uploads }) => {
  app.get(
    '/conversation/',
    {
      schema: {
        tags: ['trade'],
        summary: "The company's threads with the store, newest activity first (page_size 200)",
        params: EidParamsSchema,
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationPageSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const access = tradeAccess(request);
      return service.list(
        customerReader(access),
        request.query,
        access.store.externalId,
        request.url,
      );
    },
  );

  app.post(
    '/conversation/',
    {
      schema: {
        tags: ['trade'],
        summary:
          'Send a message to the store (multipart: text, store_id, project_id or conversation_id, attachments)',
        consumes: ['multipart/form-data'],
        params: EidParamsSchema,
        response: { 201: SentMessageSchema, ...conversationErrors },
      },
    },
    async (request, reply) =>
      sendMessage(request, reply, customerReader(tradeAccess(request)), { service, uploads }),
  );

  app.get(
    '/conversation/:id/',
    {
      schema: {
        tags: ['trade'],
        summary: "A thread's messages (size, default 15; before: older than a message id)",
        params: ConversationParamsSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(customerReader(tradeAccess(request)), request.params.id, request.query);
    },
  );

  uploads.serveRoutes(app, '/conversation/:id/attachment/', (request) =>
    customerReader(tradeAccess(request)),
  );
};

export const noContent = { 204: z.null() };
