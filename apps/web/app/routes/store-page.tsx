import { data, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/store-page';
import { PageErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { getEnv } from '~/lib/env.server.ts';
import { assertModeAvailable } from '~/lib/mode-available.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { StorePage, StoresUnavailable } from '~/features/stores/store-page.tsx';
import { findStoreBySlug, storeToday } from '~/features/stores/stores.server.ts';
import type { loader as rootLoader } from '~/root.tsx';
import { storeOpenNowText } from '~/features/stores/store-hours.ts';

export const meta: Route.MetaFunction = ({ data: page, matches, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  if (!page) return [{ title: 'Butiker' }];
  const root = matches.find((match) => match?.id === 'root')?.data as
    { organisation?: { name: string } } | undefined;
  const organisation = root?.organisation?.name;
  const { store } = page;
  return [
    { title: `${store.name} – öppettider och kontakt${organisation ? ` | ${organisation}` : ''}` },
    {
      name: 'description',
      content: `${store.fullName}, ${store.address}, ${store.city}: öppettider, vägbeskrivning och kontaktuppgifter.`,
    },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  // The /foretag/ variant exists only while the business pages are on (flag b2bPages).
  await assertModeAvailable(request);
  const store = await findStoreBySlug(request, params.storeSlug).catch((error: unknown) => {
    console.error('Could not load the stores for a store page:', error);
    throw data(null, { status: 503 });
  });
  if (!store) throw data(null, { status: 404 });
  const now = new Date();
  // PUBLIC_URL, never the request's Host (issue 15): the address shown in structured data.
  const { pathname } = new URL(request.url);
  return {
    store,
    today: storeToday(now),
    openNow: store.isCentral ? null : storeOpenNowText(store.hours, now),
    url: `${getEnv().publicUrl}${pathname}`,
  };
}

export default function StorePageRoute({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { store, today, openNow, url } = loaderData;
  return (
    <StorePage
      store={store}
      today={today}
      openNow={openNow}
      url={url}
      isChosen={root?.storeChoice.chosen?.id === store.id}
      tiles={root?.storeChoice.mapTiles ?? null}
    />
  );
}

export function ErrorBoundary() {
  return (
    <PageErrorBoundary
      notFound={() => <NotFoundPage />}
      unavailable={() => <StoresUnavailable />}
    />
  );
}
