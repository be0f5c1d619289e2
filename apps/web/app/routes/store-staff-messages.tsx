import { data } from 'react-router';
import type { Route } from './+types/store-staff-messages';
import { MessagesPanel } from '~/features/messages/messages-panel.tsx';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { StaffBar } from '~/features/dashboard/staff-pages.tsx';
import { requireStaffStore } from '~/features/dashboard/staff-store.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';

// The store staff's side (issue 20): /butik/{storeslug}/meddelanden, the store's conversations
// with its trade customers: read, answer with files, mark handled. Only a staff user of that
// store gets it: not logged in → /login and back; anyone else → the not-found page.

export const meta: Route.MetaFunction = ({ error }) => [
  ...(notFoundMeta(error) ?? [{ title: 'Butikens meddelanden' }]),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffStore(request, params.storeSlug, () => storeNamePrefix(request));
  return data(staff, { headers: { 'Cache-Control': NO_STORE } });
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffMessagesRoute({ loaderData }: Route.ComponentProps) {
  const staff = loaderData;
  return (
    <div className="container store-staff">
      <StaffBar staff={staff} current="store-staff-messages" />
      <MessagesPanel
        config={{ eid: staff.store.eid, side: 'store', poll: true, storeName: staff.store.name }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
