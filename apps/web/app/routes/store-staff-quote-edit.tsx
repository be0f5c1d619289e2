import { data } from 'react-router';
import { StaffCustomerListSchema, StaffQuoteSchema } from '@bygg/contracts/trade/staff';
import type { Route } from './+types/store-staff-quote-edit';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';
import { StaffQuoteEditor } from '~/features/dashboard/staff-quote-editor.tsx';
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

// A store quote (issue 20): /butik/{storeslug}/offerter/ny writes a new one,
// /butik/{storeslug}/offerter/{id} edits a draft (save, "Skicka", delete) or shows a sent one.

export const meta: Route.MetaFunction = ({ data: loaded, error }) => [
  ...(notFoundMeta(error) ?? [
    { title: loaded?.quote ? `Offert ${loaded.quote.number}` : 'Ny offert' },
  ]),
  { name: 'robots', content: 'noindex' },
];

const NOTICES: Record<string, string> = {
  sparad: 'Utkastet är sparat.',
  skickad: 'Offerten är skickad till kunden.',
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  const id = params.id === undefined ? null : staffObjectId(params.id);
  const api = tradeRequestFor(request);
  const [customers, quote] = await Promise.all([
    api.get(proffsPath(staff.store.eid, 'staff/customer/')),
    id === null
      ? Promise.resolve(null)
      : api.get(proffsPath(staff.store.eid, `staff/quote/${id}/`)).catch(notFoundOrThrow),
  ]);
  const url = new URL(request.url);
  const notice = Object.keys(NOTICES).find((key) => url.searchParams.has(key));
  return data(
    {
      staff,
      customers: StaffCustomerListSchema.parse(customers.data).results,
      quote: quote ? StaffQuoteSchema.parse(quote.data) : null,
      today: new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' }),
      notice: notice ? (NOTICES[notice] ?? null) : null,
    },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffQuoteRoute({ loaderData }: Route.ComponentProps) {
  return <StaffQuoteEditor {...loaderData} />;
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
