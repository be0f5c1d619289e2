import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditorFooterSchema,
  EditorMenuSchema,
  EditorPageQuerySchema,
  EditorPageSchema,
  type EditorBlock,
  type EditorField,
  type EditorFooter,
  type EditorMenu,
  type EditorPage,
} from '@bygg/contracts/cms';
import { ApiErrorSchema, type OrganisationId } from '@bygg/contracts/common';
import { requireEditor } from '../content-service/permissions.ts';
import type { CmsNodeRow, CmsRepository } from './repository.ts';
import {
  blockFieldUri,
  editableFields,
  heroUri,
  navigationLabelUri,
  nodeTextUri,
  type HeroPart,
} from './editor-uri.ts';
import { FOOTER_NAMESPACE } from './service.ts';

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

const HERO_NAMES: Record<HeroPart, string> = {
  image: 'bild (adress)',
  'image-alt': 'bildtext för skärmläsare',
  'link-label': 'knapptext',
  'link-href': 'knappens länk',
};

const txt = (uri: string, label: string, value: string): EditorField => ({
  uri,
  label,
  ext: 'txt',
  value,
});

/** Issue 22: the hero's parts by name ('Startsidans rubrik'), never by their node uri. */
function heroFields(row: CmsNodeRow): EditorField[] {
  const whose = row.path.replace(/^\/+|\/+$/g, '') === '' ? 'Startsidans' : 'Sidans';
  const hero = row.hero ?? {};
  const parts: Array<[HeroPart, string | undefined]> = [
    ['image', hero.image],
    ['image-alt', hero.imageAlt],
    ['link-label', hero.linkLabel],
    ['link-href', hero.linkHref],
  ];
  return [
    txt(nodeTextUri(row.id, 'title'), `${whose} rubrik`, row.title),
    txt(nodeTextUri(row.id, 'description'), `${whose} ingress`, row.description ?? ''),
    ...parts.map(([part, value]) =>
      txt(heroUri(row.id, part), `${whose} topp: ${HERO_NAMES[part]}`, value ?? ''),
    ),
  ];
}

/** What the overlay may edit on the page at a path (blocks by id, as in data-cms-block). */
export async function editorPage(
  repository: CmsRepository,
  organisation: OrganisationId,
  path: string,
): Promise<EditorPage> {
  const [row] = await repository.find({ organisation, path, namespace: PAGES_NAMESPACE });
  if (!row) return { page: null, blocks: [], fields: [] };
  return {
    page: { id: row.id, title: row.title, path: row.path },
    blocks: editorBlocks(row),
    fields: heroFields(row),
  };
}

/**
 * The footer's fields by name: each column's heading and link texts, the contact text and the
 * legal line (roots 'kontakt' and 'juridik', as the footer is built in service.ts).
 */
export async function editorFooter(
  repository: CmsRepository,
  organisation: OrganisationId,
): Promise<EditorFooter> {
  const rows = await repository.find({ organisation, namespace: FOOTER_NAMESPACE });
  const ids = new Set(rows.map((row) => row.id));
  const roots = rows.filter((row) => row.parentId === null || !ids.has(row.parentId));
  const fields: EditorField[] = [];
  for (const root of roots) {
    const key = root.path.replace(/^\/+|\/+$/g, '');
    if (key === 'kontakt' || key === 'juridik') {
      const name = key === 'kontakt' ? 'Sidfot: kontakt' : 'Sidfot: juridisk rad';
      fields.push(txt(nodeTextUri(root.id, 'description'), name, root.description ?? ''));
      continue;
    }
    const links = rows.filter((row) => row.parentId === root.id);
    if (links.length === 0) continue;
    fields.push(txt(nodeTextUri(root.id, 'title'), `Sidfot: rubrik ”${root.title}”`, root.title));
    for (const link of links.filter((row) => row.navigation)) {
      const label = link.navigation?.label ?? link.title;
      fields.push(txt(navigationLabelUri(link.id), `Sidfot: länk ”${label}”`, label));
    }
  }
  return { fields };
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
    '/api/djedi_pages/editor/footer/',
    {
      schema: {
        tags: ['cms'],
        summary: "Editor: the footer's headings, link texts, contact text and legal line",
        response: { 200: EditorFooterSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireEditor(request);
      reply.header('cache-control', 'private, no-store');
      return editorFooter(repository, request.organisation);
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
