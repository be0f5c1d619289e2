import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConversationListQuerySchema,
  ConversationPageSchema,
  ConversationQuerySchema,
  ConversationSchema,
  MessageFieldsSchema,
  SentMessageSchema,
} from '@bygg/contracts/trade/conversations';
import {
  EndCustomerAttachmentParamsSchema,
  EndCustomerConversationParamsSchema,
} from '@bygg/contracts/trade/end-customers';
import type { FastifyRequest } from 'fastify';
import { endCustomerOf } from '../end-customers/project-token.ts';
import type { Reader } from './repository.ts';
import { conversationErrors } from './routes.ts';
import type { ConversationService } from './service.ts';
import type { MessageUploads } from './uploads.ts';

/** The end customer's side: their project's thread with the trade customer only. */
function endCustomerReader(request: FastifyRequest): Reader {
  const access = endCustomerOf(request);
  return {
    side: 'end_customer',
    endCustomerId: access.endCustomerId,
    projectId: access.projectId,
    companyId: access.companyId,
    storeId: access.storeId,
  };
}

/**
 * end-customer/conversation/ (trade-area spec §7 "Conversations": the same three calls for
 * the end customer, with a project token; ADR 035, 039): the list (the project's thread),
 * POST (multipart: text, attachments, conversation_id or project_id) and a thread with size
 * and before, and the thread's files. The same service as the trade side: another project's
 * or a store thread is 404.
 */
export const endCustomerConversationRoutes: FastifyPluginAsyncZod<{
  service: ConversationService;
  uploads: MessageUploads;
}> = async (app, { service, uploads }) => {
  await uploads.parser(app);

  app.get(
    '/conversation/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "The project's thread with the trade customer (project_id: the token's project)",
        querystring: ConversationListQuerySchema,
        response: { 200: ConversationPageSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const access = endCustomerOf(request);
      if (request.query.project_id !== undefined && request.query.project_id !== access.projectId) {
        return { count: 0, unread_count: 0, next: null, previous: null, results: [] };
      }
      return service.list(
        endCustomerReader(request),
        { ...request.query, erp: undefined },
        '',
        request.url,
      );
    },
  );

  app.post(
    '/conversation/',
    {
      schema: {
        tags: ['end-customer'],
        summary: 'Write to the trade customer (multipart: text, attachments, conversation_id)',
        consumes: ['multipart/form-data'],
        response: { 201: SentMessageSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      const access = endCustomerOf(request);
      const { fields, files } = await uploads.read(request, MessageFieldsSchema);
      const sent = await service.send(
        endCustomerReader(request),
        {
          organisationId: access.organisationId,
          storeExternalId: '',
          storeName: access.storeName,
        },
        fields,
        files,
      );
      return reply.code(201).send(sent);
    },
  );

  app.get(
    '/conversation/:id/',
    {
      schema: {
        tags: ['end-customer'],
        summary: "The thread's messages (size, default 15; before: older than a message id)",
        params: EndCustomerConversationParamsSchema,
        querystring: ConversationQuerySchema,
        response: { 200: ConversationSchema, ...conversationErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.get(endCustomerReader(request), request.params.id, request.query);
    },
  );

  uploads.serveRoutes(
    app,
    '/conversation/:id/attachment/',
    endCustomerReader,
    {},
    EndCustomerAttachmentParamsSchema,
  );
};
