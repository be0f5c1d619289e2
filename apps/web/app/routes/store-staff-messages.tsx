import { data, Form, redirect } from 'react-router';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { Route } from './+types/store-staff-messages';
import { MessagesPanel } from '~/features/messages/messages-panel.tsx';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { storeNamePrefix } from '~/features/stores/stores.server.ts';
import { loginPath, pagePath, PLAIN } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { loadTradeUser } from '~/lib/session-api.server.ts';
import { DashboardErrorBoundary } from '~/features/dashboard/dashboard-home.tsx';

// The store staff's side (issue 20): /butik/{storeslug}/meddelanden, the store's conversations
// with its trade customers: read, answer with files, mark handled. Only a staff user of that
// store gets it: not logged in → /login and back; anyone else → the not-found page.

export const meta: Route.MetaFunction = ({ error }) => [
  ...(notFoundMeta(error) ?? [{ title: 'Butikens meddelanden' }]),
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await loadTradeUser(request).catch((error: unknown) => {
    console.error('Could not load the user for the store messages:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPath(`${url.pathname}${url.search}`), {
      headers: { 'Cache-Control': NO_STORE },
    });
  }
  const store = user.stores.find((s) => s.slug === params.storeSlug);
  if (user.role !== 'staff' || !store) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  const prefix = await storeNamePrefix(request);
  return data(
    {
      user: { name: user.name },
      store: { eid: store.external_id, name: stripOrganisationPrefix(store.name, prefix) },
      otherStores: user.stores
        .filter((s) => s.id !== store.id)
        .map((s) => ({
          name: stripOrganisationPrefix(s.name, prefix),
          href: pagePath(PLAIN, 'store-staff-messages', { storeSlug: s.slug }),
        })),
    },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function StoreStaffMessagesRoute({ loaderData }: Route.ComponentProps) {
  const { user, store, otherStores } = loaderData;
  return (
    <div className="container store-staff">
      <div className="store-staff__bar">
        <p>
          {user.name}, {store.name}
        </p>
        {otherStores.length > 0 ? (
          <nav aria-label="Dina butiker">
            {otherStores.map((s) => (
              <a key={s.href} href={s.href}>
                {s.name}
              </a>
            ))}
          </nav>
        ) : null}
        <Form method="post" action={loginPath()}>
          <input type="hidden" name="intent" value="logout" />
          <input type="hidden" name="next" value="/" />
          <button type="submit" className="messages__back">
            Logga ut
          </button>
        </Form>
      </div>
      <MessagesPanel
        config={{ eid: store.eid, side: 'store', poll: true, storeName: store.name }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <DashboardErrorBoundary notFound={() => <NotFoundPage />} />;
}
