import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCmsBlockBodySchema,
  CmsBlockParamsSchema,
  CmsNodeIdParamsSchema,
  CmsPositionBodySchema,
  CreateCmsPageBodySchema,
  EditorPageDetailSchema,
  MoveCmsBlockBodySchema,
  UpdateCmsBlockBodySchema,
  UpdateCmsPageBodySchema,
} from '@bygg/contracts/cms';
import { ApiErrorSchema } from '@bygg/contracts/common';
import { UnauthorizedError } from '../../../kernel/errors.ts';
import { requireEditor } from '../content-service/permissions.ts';
import type { CmsPageEditing } from './page-editing.ts';

/** Not logged in: the editor's calls answer 401 (logged in without the editor role: 403). */
const EDITOR_LOGIN_MESSAGE = 'Logga in som redaktör för att redigera innehållet';

/** A route hook: runs after the session hook has read the cookie (trade's session plugin). */
async function editorsOnly(request: FastifyRequest): Promise<void> {
  if (!request.sessionUser) throw new UnauthorizedError(EDITOR_LOGIN_MESSAGE);
  requireEditor(request);
}

const ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
const editorOf = (request: FastifyRequest) => requireEditor(request);

/**
 * Issue 6: editors create and arrange CMS pages and their blocks in the overlay. Every block
 * change publishes the page's block list as a new version (`blocksUri` in the answer; list
 * with /djedi/cms/revisions/, restore with /djedi/cms/restore/).
 */
export const cmsPageRoutes: FastifyPluginAsyncZod<{ pages: CmsPageEditing }> = async (
  app,
  { pages },
) => {
  const tags = ['content'];

  app.get(
    '/djedi/cms/pages/:id/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: a CMS node with its blocks and its children, in order',
        params: CmsNodeIdParamsSchema,
        response: { 200: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return pages.detail(request.organisation, request.params.id);
    },
  );

  app.post(
    '/djedi/cms/pages/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: create a page (title, address under a parent path, namespace)',
        body: CreateCmsPageBodySchema,
        response: { 201: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply).code(201);
      const detail = await pages.create(request.organisation, request.body);
      request.log.info({ page: detail.page.id, editor: editorOf(request).id }, 'page created');
      return detail;
    },
  );

  app.patch(
    '/djedi/cms/pages/:id/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: rename, move (address or parent), publish or unpublish a page',
        params: CmsNodeIdParamsSchema,
        body: UpdateCmsPageBodySchema,
        response: { 200: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return pages.update(request.organisation, request.params.id, request.body);
    },
  );

  app.post(
    '/djedi/cms/pages/:id/position/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: put a page (or menu item) at an index among its siblings',
        params: CmsNodeIdParamsSchema,
        body: CmsPositionBodySchema,
        response: { 200: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return pages.reorder(request.organisation, request.params.id, request.body.position);
    },
  );

  app.delete(
    '/djedi/cms/pages/:id/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: delete a page without subpages',
        params: CmsNodeIdParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      await pages.remove(request.organisation, request.params.id);
      request.log.info({ page: request.params.id, editor: editorOf(request).id }, 'page deleted');
      return noStore(reply).code(204).send(null);
    },
  );

  app.post(
    '/djedi/cms/pages/:id/blocks/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: "Editor: add a block of any type at a position (checked with the type's rules)",
        params: CmsNodeIdParamsSchema,
        body: AddCmsBlockBodySchema,
        response: {
          201: EditorPageDetailSchema.extend({ blockId: z.string() }),
          ...ERRORS,
        },
      },
    },
    async (request, reply) => {
      noStore(reply).code(201);
      const { detail, blockId } = await pages.addBlock(
        request.organisation,
        request.params.id,
        request.body,
        editorOf(request),
      );
      return { ...detail, blockId };
    },
  );

  app.put(
    '/djedi/cms/pages/:id/blocks/:blockId/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: "Editor: replace a block's fields (checked with the type's rules)",
        params: CmsBlockParamsSchema,
        body: UpdateCmsBlockBodySchema,
        response: { 200: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { id, blockId } = request.params;
      return pages.updateBlock(
        request.organisation,
        id,
        blockId,
        request.body.props,
        editorOf(request),
      );
    },
  );

  app.post(
    '/djedi/cms/pages/:id/blocks/:blockId/move/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: move a block one step up or down',
        params: CmsBlockParamsSchema,
        body: MoveCmsBlockBodySchema,
        response: { 200: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { id, blockId } = request.params;
      return pages.moveBlock(
        request.organisation,
        id,
        blockId,
        request.body.direction,
        editorOf(request),
      );
    },
  );

  app.delete(
    '/djedi/cms/pages/:id/blocks/:blockId/',
    {
      preHandler: editorsOnly,
      schema: {
        tags,
        summary: 'Editor: remove a block from the page',
        params: CmsBlockParamsSchema,
        response: { 200: EditorPageDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { id, blockId } = request.params;
      return pages.removeBlock(request.organisation, id, blockId, editorOf(request));
    },
  );
};
