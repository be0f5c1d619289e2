import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  DjediEmbedResponseSchema,
  DjediNodesRequestSchema,
  DjediNodesResponseSchema,
} from '@bygg/contracts/cms';
import type { ContentService } from './service.ts';

/** The content service under /djedi/ (trade-area spec §7). */
export const contentRoutes: FastifyPluginAsyncZod<{ service: ContentService }> = async (
  app,
  { service },
) => {
  app.post(
    '/djedi/nodes/',
    {
      schema: {
        tags: ['content'],
        summary: 'Label values by node uri; the given default when none is stored',
        body: DjediNodesRequestSchema,
        response: { 200: DjediNodesResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.nodes(request.organisation, request.body, request.log);
    },
  );

  // The editor overlay is for content editors only. Nobody can sign in as an editor yet (the
  // editor account and its session arrive with the content issue), so everyone gets 204,
  // which the spec's client reads as "no overlay".
  app.get(
    '/djedi/embed/',
    {
      schema: {
        tags: ['content'],
        summary: 'Editor overlay markup; 204 (no overlay) until content editors can sign in',
        response: { 204: DjediEmbedResponseSchema },
      },
    },
    async (_request, reply) => reply.code(204).header('cache-control', 'no-store').send(null),
  );
};
