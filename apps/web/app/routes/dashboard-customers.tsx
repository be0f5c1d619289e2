import { data } from 'react-router';
import { EndCustomerPageSchema } from '@bygg/contracts/trade/end-customers';
import type { Route } from './+types/dashboard-customers';
import { CustomersPage, customerFilters } from '~/features/dashboard/customers-pages.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Kunder (trade-area §2 /kunder/, issue 19): the company's customers (GET end-customer/),
// searched (sok) and paged (sida) in the address. Needs the projects right.

export const meta: Route.MetaFunction = () => [
  { title: 'Kunder' },
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const { sok, page } = customerFilters(new URL(request.url).searchParams);
  try {
    const reply = await tradeRequestFor(request).get(
      proffsPath(store.external_id, 'end-customer/'),
      {
        page,
        page_size: PAGE_SIZE,
        ...(sok ? { search: sok } : {}),
      },
    );
    const customers = EndCustomerPageSchema.parse(reply.data);
    return data(
      {
        sok,
        customers,
        page,
        pageCount: Math.max(1, Math.ceil(customers.count / PAGE_SIZE)),
        refused: null,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { sok, customers: null, page, pageCount: 1, ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardCustomersRoute({ loaderData }: Route.ComponentProps) {
  return <CustomersPage {...loaderData} />;
}
