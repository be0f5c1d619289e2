import { DjediNodeSchema, type DjediNode } from '@bygg/contracts/cms';
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import { apiFetch } from '../api-transport.server.ts';
import { getEnv } from '../env.server.ts';
import { invalidateNode } from './nodes.server.ts';

export type PublishResult =
  { ok: true; node: DjediNode } | { ok: false; status: number; message: string };

/** The API's call for each intent; drafts (ADR 047) are saved, published or thrown away. */
const API_PATHS = {
  publish: 'publish',
  restore: 'restore',
  draft: 'draft',
  'publish-draft': 'draft/publish',
  discard: 'draft/discard',
} as const;

/**
 * An editor's publish or restore (or a draft's save, publish or discard), sent to the API with the editor's own cookie (the API
 * checks the role). On success this process drops its cached copy of the node, so the next
 * render, the editor's and every visitor's, shows the new text (issue 6).
 */
export async function sendPublish(
  request: Request,
  call:
    | { intent: 'publish' | 'draft'; uri: string; value: string }
    | { intent: 'restore'; uri: string; version: number }
    | { intent: 'publish-draft' | 'discard'; uri: string },
): Promise<PublishResult> {
  const env = getEnv();
  const headers = new Headers({
    accept: 'application/json',
    'content-type': 'application/json',
    [ORGANISATION_HEADER]: env.organisation,
  });
  const cookie = request.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  const { intent, ...body } = call;
  let response: Response;
  try {
    response = await apiFetch(`${env.apiBaseUrl}/djedi/cms/${API_PATHS[intent]}/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error('Publish call failed:', error);
    return { ok: false, status: 503, message: 'Innehållstjänsten svarar inte. Försök igen.' };
  }
  const reply = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message =
      typeof reply === 'object' &&
      reply !== null &&
      'message' in reply &&
      typeof reply.message === 'string'
        ? reply.message
        : `Publiceringen misslyckades (${response.status}).`;
    return { ok: false, status: response.status, message };
  }
  const node = DjediNodeSchema.parse(reply);
  invalidateNode(node.uri);
  return { ok: true, node };
}
