import { data } from 'react-router';
import { InvoiceListQuerySchema, InvoiceSchema } from '@bygg/contracts/trade/invoices';
import type { Route } from './+types/dashboard-invoices';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { InvoicesPage, invoiceFilters } from '~/features/dashboard/invoices-page.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Fakturor (trade-area §2 /fakturor/): the company's invoices in this store, filtered by date
// range, status, order and project (GET invoice/), each downloadable as a PDF. Needs the
// invoices right; without it the page shows the API's refusal.

export const meta: Route.MetaFunction = () => [
  { title: 'Fakturor' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const filters = invoiceFilters(new URL(request.url).searchParams);
  // 100 a page: the paginated helper keeps at most 100 and follows next only when the API
  // sends fewer a page.
  const query = InvoiceListQuerySchema.safeParse({ ...filters.query, page_size: 100 });
  if (!query.success) {
    // A filter the API would refuse: show the form with the problem, not an error page.
    return data(
      {
        eid: store.external_id,
        filters: filters.values,
        invoices: null,
        problem: query.error.issues[0]?.message ?? 'Kontrollera filtren',
        refused: null,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
  try {
    const { page: _first, ...filtersOnly } = query.data;
    const list = await tradeRequestFor(request).paginated(
      proffsPath(store.external_id, 'invoice/'),
      filtersOnly,
    );
    return data(
      {
        eid: store.external_id,
        filters: filters.values,
        invoices: {
          results: InvoiceSchema.array().parse(list.results),
          more: list.next !== null,
        },
        problem: null,
        refused: null,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      {
        eid: store.external_id,
        filters: filters.values,
        invoices: null,
        problem: null,
        ...refusalOrThrow(error),
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardInvoicesRoute({ loaderData }: Route.ComponentProps) {
  return <InvoicesPage {...loaderData} />;
}
