import type { z } from 'zod';
import {
  DjediNodeSchema,
  DjediRevisionsSchema,
  EditorMenuSchema,
  EditorPageSchema,
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
};
