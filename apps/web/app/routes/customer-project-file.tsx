import { data } from 'react-router';
import type { Route } from './+types/customer-project-file';
import { NO_STORE } from '~/lib/personal-page.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// A file of the end customer's project (…/projekt/{id}/fil/{fileId}[/miniatyr]) or of a message
// in its thread (…/projekt/{id}/meddelanden/{conversationId}/bilaga/{fileId}[/miniatyr]): a resource
// route, because an <img> or a download link cannot send the project token; the request
// helper adds it as a bearer value from the project's cookie and the API checks it.

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });

function idOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const fileId = idOf(params.fileId);
  const thumbnail = new URL(request.url).pathname.replace(/\/$/, '').endsWith('/miniatyr');
  // A file of the project, or of a message in the project's thread (…/meddelanden/{c}/bilaga/{f}).
  const file =
    params.conversationId === undefined
      ? `project/${id}/file/${fileId}/`
      : `conversation/${idOf(params.conversationId)}/attachment/${fileId}/`;
  try {
    const reply = await tradeRequestFor(request).get(
      `api/proffs/end-customer/${file}${thumbnail ? 'thumbnail/' : ''}`,
      undefined,
      { readBody: false },
    );
    const headers = new Headers({ 'Cache-Control': NO_STORE });
    for (const name of [
      'content-type',
      'content-disposition',
      'content-length',
      'x-content-type-options',
    ]) {
      const value = reply.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(reply.raw.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof TradeRequestError && [400, 401, 404].includes(error.status)) {
      throw data(null, {
        status: error.status === 400 ? 404 : error.status,
        headers: { 'Cache-Control': NO_STORE },
      });
    }
    console.error('The project file failed:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  }
}
