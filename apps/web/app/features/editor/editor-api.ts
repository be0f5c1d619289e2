import type { z } from 'zod';
import {
  DjediDraftsSchema,
  DjediNodeSchema,
  EditorFooterSchema,
  DjediRevisionsSchema,
  EditorMenuSchema,
  EditorPageDetailSchema,
  EditorPageSchema,
  type EditorPageDetail,
} from '@bygg/contracts/cms';
import { ContentFetchError, FETCH_ERROR } from '~/lib/content/errors.ts';

/** The overlay's reads, same-origin with the editor's cookie (the API checks the role). */
async function getJson<S extends z.ZodType>(url: string, schema: S): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ContentFetchError(FETCH_ERROR, -1);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ContentFetchError(body?.message ?? response.statusText, response.status);
  }
  return schema.parse(await response.json());
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const editorApi = {
  node: (uri: string) => getJson(`/djedi/cms/node/?${query({ uri })}`, DjediNodeSchema),
  revisions: (uri: string) =>
    getJson(`/djedi/cms/revisions/?${query({ uri })}`, DjediRevisionsSchema),
  page: (path: string) =>
    getJson(`/api/djedi_pages/editor/page/?${query({ path })}`, EditorPageSchema),
  menu: () => getJson('/api/djedi_pages/editor/menu/', EditorMenuSchema),
  footer: () => getJson('/api/djedi_pages/editor/footer/', EditorFooterSchema),
  /** Every draft, for the preview (`?forhandsvisning=1`). */
  drafts: () => getJson('/djedi/cms/drafts/', DjediDraftsSchema),
};

/** A refused write: the API's message and, on a 400, the fields it named (`body.props.label`). */
export class EditorWriteError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'EditorWriteError';
  }

  /** The message for one field, by its path without the 'body.' prefix ('props.label'). */
  fieldMessage(path: string): string | undefined {
    return this.fields.find((field) => field.path === `body.${path}`)?.message;
  }
}

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new EditorWriteError(
      'Kunde inte nå servern. Kontrollera anslutningen och försök igen.',
      -1,
    );
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as {
      message?: string;
      fields?: Array<{ path: string; message: string }>;
    } | null;
    throw new EditorWriteError(
      reply?.message ?? `Det gick inte att spara (${response.status}).`,
      response.status,
      reply?.fields ?? [],
    );
  }
  return response;
}

const detail = async (method: string, url: string, body?: unknown): Promise<EditorPageDetail> =>
  EditorPageDetailSchema.parse(await (await send(method, url, body)).json());

const pageUrl = (id: number) => `/djedi/cms/pages/${id}/`;
const blockUrl = (id: number, blockId: string) =>
  `${pageUrl(id)}blocks/${encodeURIComponent(blockId)}/`;

/** The page panel's calls (issue 6): pages and their blocks, editors only. */
export const pagesApi = {
  detail: (id: number) => getJson(pageUrl(id), EditorPageDetailSchema),
  create: (body: { parentPath: string; slug: string; title: string; namespace?: string }) =>
    detail('POST', '/djedi/cms/pages/', body),
  update: (
    id: number,
    body: { title?: string; slug?: string; parentPath?: string; published?: boolean },
  ) => detail('PATCH', pageUrl(id), body),
  reorder: (id: number, position: number) =>
    detail('POST', `${pageUrl(id)}position/`, { position }),
  remove: async (id: number) => {
    await send('DELETE', pageUrl(id));
  },
  addBlock: (
    id: number,
    body: { type: string; props: Record<string, unknown>; position?: number },
  ) => detail('POST', `${pageUrl(id)}blocks/`, body),
  updateBlock: (id: number, blockId: string, props: Record<string, unknown>) =>
    detail('PUT', blockUrl(id, blockId), { props }),
  moveBlock: (id: number, blockId: string, direction: 'up' | 'down') =>
    detail('POST', `${blockUrl(id, blockId)}move/`, { direction }),
  removeBlock: (id: number, blockId: string) => detail('DELETE', blockUrl(id, blockId)),
  restore: async (uri: string, version: number) => {
    await send('POST', '/djedi/cms/restore/', { uri, version });
  },
};
