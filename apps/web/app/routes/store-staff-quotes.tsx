import { data } from 'react-router';
import { StaffCustomerListSchema, StaffQuotePageSchema } from '@bygg/contracts/trade/staff';
import type { Route } from './+types/store-staff-quotes';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';
import { StaffQuotesPage } from '~/features/dashboard/staff-pages.tsx';
import { staffListFilters } from '~/features/dashboard/list-params.ts';
import { requireStaffStore } from '~/features/dashboard/staff-store.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// The store staff's quotes (issue 20): /butik/{storeslug}/offerter, drafts first, filters
// sok, foretag, status (utkast | skickade) and sida in the address; "Ny offert".

const STATUS = { utkast: 'draft', skickade: 'sent' } as const;

export const meta: Route.MetaFunction = ({ error }) => [
  ...(notFoundMeta(error) ?? [{ title: 'Butikens offerter' }]),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  const url = new URL(request.url);
  const { filters, query } = staffListFilters(url.searchParams);
  const statusParam = url.searchParams.get('status') ?? '';
  const status = statusParam === 'utkast' || statusParam === 'skickade' ? statusParam : '';
  const api = tradeRequestFor(request);
  const [quotes, customers] = await Promise.all([
    api.get(proffsPath(staff.store.eid, 'staff/quote/'), {
      ...query,
      ...(status ? { status: STATUS[status] } : {}),
    }),
    api.get(proffsPath(staff.store.eid, 'staff/customer/')),
  ]);
  return data(
    {
      staff,
      quotes: StaffQuotePageSchema.parse(quotes.data),
      customers: StaffCustomerListSchema.parse(customers.data).results,
      filters: { ...filters, status },
      here: `${url.pathname}${url.search}`,
      removed: url.searchParams.has('borttagen'),
    },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffQuotesRoute({ loaderData }: Route.ComponentProps) {
  return <StaffQuotesPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
