import { data, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import { STORE_DRAWER_QUERY_COUNT } from '@bygg/domain/limits';
import type { Route } from './+types/stores';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { assertModeAvailable } from '~/lib/mode-available.server.ts';
import { StoreDirectory } from '~/features/stores/store-directory.tsx';
import {
  MAX_STORE_QUERY_LENGTH,
  STORE_PAGE_NEAREST_COUNT,
  storeSearchMode,
} from '~/features/stores/store-search.ts';
import { searchStoreSummaries } from '~/features/stores/stores.server.ts';
import type { loader as rootLoader } from '~/root.tsx';

export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (isRouteErrorResponse(error)) return [{ title: 'Butiker' }];
  const root = matches.find((match) => match?.id === 'root')?.data as
    { organisation?: { name: string } } | undefined;
  const name = root?.organisation?.name;
  return [
    { title: name ? `Butiker | ${name}` : 'Butiker' },
    {
      name: 'description',
      content:
        'Hitta din närmaste butik: adresser, öppettider och kontaktuppgifter i hela Sverige.',
    },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  // The /foretag/ variant exists only while the business pages are on (flag b2bPages).
  await assertModeAvailable(request);
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, MAX_STORE_QUERY_LENGTH);
  const mode = storeSearchMode(query);
  try {
    const count = mode === 'postcode' ? STORE_PAGE_NEAREST_COUNT : STORE_DRAWER_QUERY_COUNT;
    const { stores, nearestTo } = await searchStoreSummaries(request, query, count);
    // A town without a store (issue 22): its nearest stores, as many as for a postcode.
    return nearestTo
      ? { query, mode, stores: stores.slice(0, STORE_PAGE_NEAREST_COUNT), nearestTo }
      : { query, mode, stores, nearestTo };
  } catch (error) {
    console.error('Could not load the stores for the store list:', error);
    return data({ query, mode, stores: null, nearestTo: null }, { status: 503 });
  }
}

export default function Stores({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <StoreDirectory
      query={loaderData.query}
      mode={loaderData.mode}
      stores={loaderData.stores}
      nearestTo={loaderData.nearestTo}
      chosenId={root?.storeChoice.chosen?.id ?? null}
      tiles={root?.storeChoice.mapTiles ?? null}
    />
  );
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary />
    </div>
  );
}
