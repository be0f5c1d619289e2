import { data } from 'react-router';
import { StaffCustomerListSchema, StaffOrderPageSchema } from '@bygg/contracts/trade/staff';
import type { Route } from './+types/store-staff-orders';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';
import { StaffOrdersPage } from '~/features/dashboard/staff-pages.tsx';
import { staffListFilters } from '~/features/dashboard/list-params.ts';
import { requireStaffStore } from '~/features/dashboard/staff-store.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// The trade orders of the store's customers (issue 20): /butik/{storeslug}/ordrar, read-only,
// filters sok, foretag and sida in the address.

export const meta: Route.MetaFunction = ({ error }) => [
  ...(notFoundMeta(error) ?? [{ title: 'Kundernas ordrar' }]),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  const url = new URL(request.url);
  const { filters, query } = staffListFilters(url.searchParams);
  const api = tradeRequestFor(request);
  const [orders, customers] = await Promise.all([
    api.get(proffsPath(staff.store.eid, 'staff/order/'), query),
    api.get(proffsPath(staff.store.eid, 'staff/customer/')),
  ]);
  return data(
    {
      staff,
      orders: StaffOrderPageSchema.parse(orders.data),
      customers: StaffCustomerListSchema.parse(customers.data).results,
      filters,
      here: `${url.pathname}${url.search}`,
    },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffOrdersRoute({ loaderData }: Route.ComponentProps) {
  return <StaffOrdersPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
