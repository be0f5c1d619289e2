import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '@bygg/contracts/common';
import {
  DjediDraftBodySchema,
  DjediDraftsSchema,
  DjediEmbedMarkupSchema,
  DjediEmbedResponseSchema,
  DjediNodeSchema,
  DjediNodesRequestSchema,
  DjediNodesResponseSchema,
  DjediPublishBodySchema,
  DjediRestoreBodySchema,
  DjediRevisionsSchema,
  DjediUriQuerySchema,
} from '@bygg/contracts/cms';
import { ForbiddenError } from '../../../kernel/errors.ts';
import type { ContentEditing } from './editing.ts';
import { embedMarkup } from './embed.ts';
import { canEditContent, requireEditor } from './permissions.ts';
import type { ContentService } from './service.ts';

const EDITOR_ERRORS = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** The content service under /djedi/ (trade-area spec §7) and the editor's calls (issue 6). */
export const contentRoutes: FastifyPluginAsyncZod<{
  service: ContentService;
  editing: ContentEditing;
}> = async (app, { service, editing }) => {
  app.post(
    '/djedi/nodes/',
    {
      schema: {
        tags: ['content'],
        summary:
          'Label values by node uri; a default sent for an unknown node is stored and answered',
        body: DjediNodesRequestSchema,
        response: { 200: DjediNodesResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.nodes(request.organisation, request.body, request.log);
    },
  );

  // Spec §6/§7: the overlay only for permitted users; 204 (anonymous) and 403 (logged in
  // without the editor role) both mean "no overlay" to the client.
  app.get(
    '/djedi/embed/',
    {
      schema: {
        tags: ['content'],
        summary: 'Editor overlay bootstrap markup for editors; 204 anonymous, 403 other users',
        response: {
          200: DjediEmbedMarkupSchema,
          204: DjediEmbedResponseSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie');
      const user = request.sessionUser;
      if (!user) return reply.code(204).send(null);
      if (!canEditContent(user)) throw new ForbiddenError('Du har inte behörighet att redigera');
      return reply.type('text/html; charset=utf-8').send(embedMarkup(user));
    },
  );

  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/djedi/cms/node/',
    {
      schema: {
        tags: ['content'],
        summary: 'Editor: one node (label or CMS field) with its published value and version',
        querystring: DjediUriQuerySchema,
        response: { 200: DjediNodeSchema, ...EDITOR_ERRORS },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.headers(noStore);
      return editing.load(request.organisation, request.query.uri);
    },
  );

  app.get(
    '/djedi/cms/revisions/',
    {
      schema: {
        tags: ['content'],
        summary: 'Editor: every published version of a node, newest first',
        querystring: DjediUriQuerySchema,
        response: { 200: DjediRevisionsSchema, ...EDITOR_ERRORS },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.headers(noStore);
      return editing.revisions(request.organisation, request.query.uri);
    },
  );

  app.post(
    '/djedi/cms/publish/',
    {
      schema: {
        tags: ['content'],
        summary: 'Editor: publish a value as the next version (rich text is sanitised)',
        body: DjediPublishBodySchema,
        response: { 200: DjediNodeSchema, ...EDITOR_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const editor = requireEditor(request);
      reply.headers(noStore);
      const node = await editing.publish(
        request.organisation,
        request.body.uri,
        request.body.value,
        editor,
      );
      request.log.info({ uri: node.uri, version: node.version, editor: editor.id }, 'published');
      return node;
    },
  );

  app.post(
    '/djedi/cms/restore/',
    {
      schema: {
        tags: ['content'],
        summary: "Editor: publish an older version's value again, as a new version",
        body: DjediRestoreBodySchema,
        response: { 200: DjediNodeSchema, ...EDITOR_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const editor = requireEditor(request);
      reply.headers(noStore);
      const node = await editing.restore(
        request.organisation,
        request.body.uri,
        request.body.version,
        editor,
      );
      request.log.info({ uri: node.uri, version: node.version, editor: editor.id }, 'restored');
      return node;
    },
  );

  // Drafts (issue 22, ADR 047): saved beside the live value, seen only through these calls.
  app.post(
    '/djedi/cms/draft/',
    {
      schema: {
        tags: ['content'],
        summary: 'Editor: save an unpublished draft of a node (sanitised as a publish is)',
        body: DjediPublishBodySchema,
        response: { 200: DjediNodeSchema, ...EDITOR_ERRORS },
      },
    },
    async (request, reply) => {
      const editor = requireEditor(request);
      reply.headers(noStore);
      return editing.saveDraft(request.organisation, request.body.uri, request.body.value, editor);
    },
  );

  app.post(
    '/djedi/cms/draft/publish/',
    {
      schema: {
        tags: ['content'],
        summary: "Editor: publish a node's draft as the next version and remove the draft",
        body: DjediDraftBodySchema,
        response: { 200: DjediNodeSchema, ...EDITOR_ERRORS, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const editor = requireEditor(request);
      reply.headers(noStore);
      const node = await editing.publishDraft(request.organisation, request.body.uri, editor);
      request.log.info(
        { uri: node.uri, version: node.version, editor: editor.id },
        'draft published',
      );
      return node;
    },
  );

  app.post(
    '/djedi/cms/draft/discard/',
    {
      schema: {
        tags: ['content'],
        summary: "Editor: throw a node's draft away (the live value is untouched)",
        body: DjediDraftBodySchema,
        response: { 200: DjediNodeSchema, ...EDITOR_ERRORS },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.headers(noStore);
      return editing.discardDraft(request.organisation, request.body.uri);
    },
  );

  app.get(
    '/djedi/cms/drafts/',
    {
      schema: {
        tags: ['content'],
        summary: "Editor: every draft of the organisation, for the editor's preview",
        response: { 200: DjediDraftsSchema, 403: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.headers(noStore);
      return { drafts: await editing.drafts(request.organisation) };
    },
  );
};
