import { data, Outlet, redirect, useLocation } from 'react-router';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { Route } from './+types/dashboard';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';
import { dashboardStore } from '~/features/dashboard/dashboard-model.ts';
import type { DashboardData } from '~/features/dashboard/dashboard-model.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { dashboardPath, loginPath, pagePath, PLAIN, variantOfRequest } from '~/lib/paths.ts';
import { loadTradeUser } from '~/lib/session-api.server.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';
import { NotificationPageSchema } from '@bygg/contracts/trade/events';
import { StoreCustomerReplySchema, TermsReplySchema } from '@bygg/contracts/trade/store-customer';
import { termsAccepted } from '@bygg/domain/trade-terms';
import { DashboardBar } from '~/features/dashboard/dashboard-bar.tsx';
import { DashboardNavigationSpinner } from '~/features/dashboard/dashboard-parts.tsx';
import { MessagesDrawer } from '~/features/messages/messages-drawer.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';

// The trade area's layout route (trade-area spec §2), mounted under /butiker/{storeslug}/dashboard
// and /rikskund/dashboard (lib/route-table.ts). Its loader is the guard of every dashboard
// page: not logged in → /login and back; logged in, but the store is not one of the user's
// → the not-found page. The pages below read its data through the outlet.

/** A user's own page: never kept by a shared cache or the browser's. */

export const meta: Route.MetaFunction = ({ error }) => [
  ...(notFoundMeta(error) ?? [{ title: 'Dashboard' }]),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await loadTradeUser(request).catch((error: unknown) => {
    console.error('Could not load the user for the dashboard:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`), {
      headers: { 'Cache-Control': NO_STORE },
    });
  }
  // Store staff have no dashboard: their side is the store's messages (issue 20).
  if (user.role === 'staff' && user.stores[0]) {
    throw redirect(pagePath(PLAIN, 'store-staff-messages', { storeSlug: user.stores[0].slug }), {
      headers: { 'Cache-Control': NO_STORE },
    });
  }
  const store = dashboardStore(user.stores, variantOfRequest(request));
  if (!store) throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  const prefix = await storeNamePrefix(request);
  // The company as this store's customer and the user's own role and rights in it, and the
  // unseen events for the badge (trade-area §2, §7).
  const api = tradeRequestFor(request);
  const [current, events, terms] = await Promise.all([
    api.get(proffsPath(store.external_id, 'store-customer/current/')),
    api.get(proffsPath(store.external_id, 'notification/'), { page_size: 1 }),
    api.get(proffsPath(store.external_id, 'store-customer/terms/')),
  ]).catch((error: unknown) => {
    console.error('Could not load the store customer for the dashboard:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  });
  const customer = StoreCustomerReplySchema.parse(current.data);
  // Spec §5: until the company has accepted the store's terms, every dashboard page leads to
  // the contact details, where an administrator accepts them.
  const contact = dashboardPath(
    { slug: store.slug, isCentral: store.is_central },
    'dashboard-contact',
  );
  if (
    !termsAccepted(TermsReplySchema.parse(terms.data).data.terms) &&
    new URL(request.url).pathname !== contact
  ) {
    throw redirect(contact, { headers: { 'Cache-Control': NO_STORE } });
  }
  const dashboard: DashboardData = {
    user: { name: user.name, company: user.company?.name ?? null },
    store: {
      name: stripOrganisationPrefix(store.name, prefix),
      slug: store.slug,
      isCentral: store.is_central,
    },
    // Byt butik (trade-area §2): the user's other stores with trade accounts (proffs_stores).
    otherStores: user.stores
      .filter((other) => other.id !== store.id && user.proffs_stores.includes(other.external_id))
      .map((other) => ({
        name: stripOrganisationPrefix(other.name, prefix),
        href: dashboardPath({ slug: other.slug, isCentral: other.is_central }),
      })),
    eid: store.external_id,
    access: { role: customer.access.role, rights: customer.access.rights },
    customer: { name: customer.data.name, logoUrl: customer.data.logo_url },
    unseenCount: NotificationPageSchema.parse(events.data).unseen_count,
  };
  return data({ dashboard }, { headers: { 'Cache-Control': NO_STORE } });
}

/** Every dashboard document, its errors and redirects included, is no-store. */
export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const onMessagesPage =
    pathname.replace(/\/+$/, '') ===
    dashboardPath(loaderData.dashboard.store, 'dashboard-messages').replace(/\/+$/, '');
  return (
    <>
      <DashboardBar dashboard={loaderData.dashboard} />
      <DashboardNavigationSpinner />
      {/* The messages drawer on every page but the messages page itself (trade-area §2). */}
      {onMessagesPage ? null : (
        <MessagesDrawer
          config={{
            eid: loaderData.dashboard.eid,
            side: 'proffs',
            poll: !loaderData.dashboard.store.isCentral,
            storeName: loaderData.dashboard.store.name,
          }}
        />
      )}
      <Outlet context={loaderData.dashboard} />
    </>
  );
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
