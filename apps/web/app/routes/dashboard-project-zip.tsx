import { data } from 'react-router';
import type { Route } from './+types/dashboard-project-zip';
import { requireDashboardStore } from '~/features/dashboard/dashboard-store.server.ts';
import { NO_STORE } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// The project's documents as one zip (POST project/{id}/attachments/download/): a resource
// route the documents tab's plain form posts to, so the browser downloads the file and stays
// on the page. The API call carries the session and the CSRF header a plain form cannot.

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });

export async function loader() {
  // Only POST makes the zip (the spec's call); a GET here is not a page.
  throw notFound();
}

export async function action({ request, params }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  try {
    const reply = await tradeRequestFor(request).post(
      proffsPath(store.external_id, `project/${id}/attachments/download/`),
      {},
      { readBody: false },
    );
    const headers = new Headers({ 'Cache-Control': NO_STORE });
    for (const name of ['content-type', 'content-disposition', 'x-content-type-options']) {
      const value = reply.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(reply.raw.body, { status: 200, headers });
  } catch (error) {
    if (error instanceof TradeRequestError && [400, 403, 404].includes(error.status)) {
      throw data(null, { status: error.status, headers: { 'Cache-Control': NO_STORE } });
    }
    console.error('The project zip failed:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  }
}
