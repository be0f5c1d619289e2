import { data } from 'react-router';
import { StaffOrderDetailSchema } from '@bygg/contracts/trade/staff';
import type { Route } from './+types/store-staff-order';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';
import { StaffOrderPage } from '~/features/dashboard/staff-pages.tsx';
import {
  notFoundOrThrow,
  requireStaffStore,
  staffObjectId,
} from '~/features/dashboard/staff-store.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// One trade order of a customer of the store (issue 20): /butik/{storeslug}/ordrar/{id},
// read-only; another store's order is the not-found page.

export const meta: Route.MetaFunction = ({ data: loaded, error }) => [
  ...(notFoundMeta(error) ?? [{ title: loaded ? `Order ${loaded.order.number}` : 'Order' }]),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  const id = staffObjectId(params.id);
  const reply = await tradeRequestFor(request)
    .get(proffsPath(staff.store.eid, `staff/order/${id}/`))
    .catch(notFoundOrThrow);
  return data(
    { staff, order: StaffOrderDetailSchema.parse(reply.data) },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffOrderRoute({ loaderData }: Route.ComponentProps) {
  return <StaffOrderPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
