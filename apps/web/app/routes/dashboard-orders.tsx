import { data } from 'react-router';
import { OrderExportReplySchema, OrderPageSchema } from '@bygg/contracts/trade/orders';
import type { Route } from './+types/dashboard-orders';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { OrdersPage } from '~/features/dashboard/orders-pages.tsx';
import { listFilters, projectOptions } from '~/features/dashboard/trade-lists.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath, TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Ordrar (trade-area §2 /ordrar/): the company's orders (GET order/, the orders right), the
// quote cart's and the storefront's, with search and project filter; the export (POST
// order/export/) answers the spec's message and e-mails a link when it is ready.

export const meta: Route.MetaFunction = () => [
  { title: 'Ordrar' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const filters = listFilters(new URL(request.url).searchParams);
  const projects = projectOptions(request, store.external_id);
  try {
    const reply = await tradeRequestFor(request).get(
      proffsPath(store.external_id, 'order/'),
      filters.query,
    );
    return data(
      {
        orders: OrderPageSchema.parse(reply.data),
        projects: await projects,
        filters: filters.values,
        refused: null,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { orders: null, projects: await projects, filters: filters.values, ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const form = await request.formData();
  const { query } = listFilters(
    new URLSearchParams({
      sok: String(form.get('sok') ?? ''),
      projekt: String(form.get('projekt') ?? ''),
    }),
  );
  try {
    const reply = await tradeRequestFor(request).post(
      proffsPath(store.external_id, 'order/export/'),
      {
        ...(query.search ? { search: query.search } : {}),
        ...(query.project_id ? { project_id: Number(query.project_id) } : {}),
      },
    );
    return data(
      { exported: { message: OrderExportReplySchema.parse(reply.data).message, ok: true } },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    if (error instanceof TradeRequestError && error.status < 500) {
      const body = error.response.data as { message?: unknown } | null;
      const message =
        typeof body?.message === 'string' ? body.message : 'Exporten kunde inte startas';
      return data(
        { exported: { message, ok: false } },
        { status: error.status, headers: { 'Cache-Control': NO_STORE } },
      );
    }
    console.error('Starting the order export failed:', error);
    return data(
      { exported: { message: 'Exporten kunde inte startas. Försök igen senare.', ok: false } },
      { status: 503, headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardOrdersRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <OrdersPage {...loaderData} exported={actionData?.exported ?? null} />;
}
