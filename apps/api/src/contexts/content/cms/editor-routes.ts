import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditorMenuSchema,
  EditorPageQuerySchema,
  EditorPageSchema,
  type EditorBlock,
  type EditorMenu,
  type EditorPage,
} from '@bygg/contracts/cms';
import { ApiErrorSchema, type OrganisationId } from '@bygg/contracts/common';
import { requireEditor } from '../content-service/permissions.ts';
import type { CmsNodeRow, CmsRepository } from './repository.ts';
import { blockFieldUri, editableFields, navigationLabelUri } from './editor-uri.ts';

const PAGES_NAMESPACE = 'pages';
const MAIN_MENU_NAMESPACE = 'main-menu';

function editorBlocks(row: CmsNodeRow): EditorBlock[] {
  return row.content.map((block) => ({
    id: block.id,
    type: block.type,
    fields: editableFields(block.type).flatMap((field) => {
      const value = block.props[field.prop];
      return typeof value === 'string'
        ? [
            {
              uri: blockFieldUri(row.id, block.id, field.prop, field.ext),
              label: field.label,
              ext: field.ext,
              value,
            },
          ]
        : [];
    }),
  }));
}

/** What the overlay may edit on the page at a path (blocks by id, as in data-cms-block). */
export async function editorPage(
  repository: CmsRepository,
  organisation: OrganisationId,
  path: string,
): Promise<EditorPage> {
  const [row] = await repository.find({ organisation, path, namespace: PAGES_NAMESPACE });
  if (!row) return { page: null, blocks: [] };
  return { page: { id: row.id, title: row.title, path: row.path }, blocks: editorBlocks(row) };
}

/**
 * The main menu's CMS items with their label fields, matched to links by href; in menu order
 * (each item before its children), a child's label naming its parent.
 */
export async function editorMenu(
  repository: CmsRepository,
  organisation: OrganisationId,
): Promise<EditorMenu> {
  const rows = await repository.find({ organisation, namespace: MAIN_MENU_NAMESPACE });
  const label = (row: CmsNodeRow) => row.navigation?.label ?? row.title;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const roots = rows.filter((row) => row.parentId === null || !byId.has(row.parentId));
  const ordered = roots.flatMap((root) => [
    { row: root, parent: null as CmsNodeRow | null },
    ...rows.filter((row) => row.parentId === root.id).map((row) => ({ row, parent: root })),
  ]);
  return {
    items: ordered.map(({ row, parent }) => ({
      href: row.navigation?.href ?? `/${row.path.replace(/^\/+/, '')}`,
      field: {
        uri: navigationLabelUri(row.id),
        label: parent ? `Menytext under ${label(parent)}` : 'Menytext',
        ext: 'txt' as const,
        value: label(row),
      },
    })),
  };
}

/** The overlay's reads of CMS pages and the menu (editors only; writes go via /djedi/cms/). */
export const cmsEditorRoutes: FastifyPluginAsyncZod<{ repository: CmsRepository }> = async (
  app,
  { repository },
) => {
  const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema };
  app.get(
    '/api/djedi_pages/editor/page/',
    {
      schema: {
        tags: ['cms'],
        summary: 'Editor: the editable blocks of the CMS page at a path',
        querystring: EditorPageQuerySchema,
        response: { 200: EditorPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.header('cache-control', 'private, no-store');
      return editorPage(repository, request.organisation, request.query.path);
    },
  );

  app.get(
    '/api/djedi_pages/editor/menu/',
    {
      schema: {
        tags: ['cms'],
        summary: "Editor: the main menu's CMS items and their label fields",
        response: { 200: EditorMenuSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.header('cache-control', 'private, no-store');
      return editorMenu(repository, request.organisation);
    },
  );
};
