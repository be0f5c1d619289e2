import { data } from 'react-router';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { Route } from './+types/picklist';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { PicklistPage } from '~/features/picklist/picklist-page.tsx';
import type { PicklistPageData, PicklistStore } from '~/features/picklist/picklist-page.tsx';
import { loadAllStores, storeNamePrefix } from '~/features/stores/stores.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import { loadPicklistAccess } from '~/lib/picklist/picklist-access.server.ts';
import { picklistPlace, picklistVatMode } from '~/lib/picklist/picklist-access.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';
import { readVisitor } from '~/lib/visitor.server.ts';

// /plocklista, mounted under the plain, /foretag, /privat and store-prefixed paths (spec §2).

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  const name = page?.page.organisation.name;
  // A personal list kept in the browser: nothing for a search engine.
  return [
    { title: name ? `Plocklista | ${name}` : 'Plocklista' },
    { name: 'robots', content: 'noindex' },
  ];
};

const StoreParam = /^\d{1,9}$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const visitor = readVisitor(request, getEnv().sessionSecret);
  const [organisation, access] = await Promise.all([
    loadOrganisation(request),
    loadPicklistAccess(request, visitor, visitor.storeId),
  ]);
  const place = picklistPlace(url.pathname, access.b2bPages);
  // A switched-off picklist, the central area and proffs users have no picklist route (§4, §6).
  const enabled =
    place.kind === 'store' ? access.store : place.kind === 'root' ? access.root : false;
  if (!enabled) throw data(null, { status: 404 });

  const [stores, prefix] = await Promise.all([
    loadAllStores().catch((error: unknown) => {
      console.error('Could not load the stores for the picklist; it goes on without them:', error);
      return null;
    }),
    storeNamePrefix(request),
  ]);
  const local = (stores ?? []).filter((store) => !store.is_central);
  let chosen;
  if ('storeSlug' in params && params.storeSlug) {
    chosen = local.find((store) => store.slug === params.storeSlug);
    if (stores && !chosen) throw data(null, { status: 404 });
  } else {
    const wanted = url.searchParams.get('butik');
    const id = wanted && StoreParam.test(wanted) ? Number(wanted) : visitor.storeId;
    chosen = local.find((store) => store.id === id);
  }
  const store: PicklistStore | null = chosen
    ? {
        id: chosen.id,
        name: stripOrganisationPrefix(chosen.name, prefix),
        address: chosen.address,
        zip_code: chosen.zip_code,
        city: chosen.city,
        phone: chosen.phone,
      }
    : null;
  const page: PicklistPageData = {
    organisation: { id: organisation.id, name: organisation.name },
    store,
    storeOptions:
      place.kind === 'store'
        ? null
        : local
            .map((entry) => ({
              id: entry.id,
              name: stripOrganisationPrefix(entry.name, prefix),
              region: entry.region.name,
              regionId: entry.region.id,
            }))
            .sort((a, b) => a.regionId - b.regionId || a.name.localeCompare(b.name, 'sv'))
            .map(({ id, name, region }) => ({ id, name, region })),
    vat: picklistVatMode(url.pathname, access.b2bPages),
  };
  return { page };
}

export default function PicklistRoute({ loaderData }: Route.ComponentProps) {
  return <PicklistPage data={loaderData.page} />;
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
    </div>
  );
}
