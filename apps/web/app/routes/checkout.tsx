import { data, redirect } from 'react-router';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { Route } from './+types/checkout';
import { PageErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { CheckoutPage } from '~/features/checkout/checkout-page.tsx';
import type { CheckoutPageData } from '~/features/checkout/checkout-page.tsx';
import { CheckoutUnavailable } from '~/features/checkout/checkout-unavailable.tsx';
import { loadTradeCheckout } from '~/features/checkout/trade-checkout.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { hasPunchoutCookie } from '~/features/punchout/punchout.server.ts';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { apiFor } from '~/lib/api.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import { pathsOfRequest } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';

// /kassa, mounted under the plain, /foretag, store-prefixed and /rikskund paths (spec §2).

export const meta: Route.MetaFunction = ({ error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  return [{ title: 'Kassa' }, { name: 'robots', content: 'noindex' }];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  // Punch-out (issue 22): the checkout is closed; the cart goes back to the purchasing system.
  if (hasPunchoutCookie(request)) throw redirect('/punchout');
  const paths = pathsOfRequest(request);
  const storeSlug = 'storeSlug' in params ? params.storeSlug : undefined;
  const central = paths.variant.prefix === 'central';
  const api = apiFor(request);
  const [cart, organisation, stores] = await Promise.all([
    api.currentCart().catch((error: unknown) => {
      console.error('Could not load the cart for the checkout:', error);
      throw data(null, { status: 503 });
    }),
    api.organisation().catch(() => null),
    loadAllStores().catch((error: unknown) => {
      console.error('Could not load the pickup stores; the checkout keeps the cart store:', error);
      return [];
    }),
  ]);
  // A logged-in trade user's details and credit (issue 17); no call without a session.
  const trade = await loadTradeCheckout(request, cart?.store ?? null);
  const config = ORGANISATIONS[getEnv().organisation];
  const prefix = organisation?.store_name_prefix ?? config.storeNamePrefix;
  let areaStoreId: number | null = null;
  if (storeSlug) {
    const store = stores.find((entry) => entry.slug === storeSlug);
    if (!store && stores.length > 0) throw data(null, { status: 404 });
    areaStoreId = store?.id ?? null;
  } else if (central) {
    areaStoreId = stores.find((entry) => entry.is_central)?.id ?? null;
  }
  const page: CheckoutPageData = {
    cart,
    affiliation: organisation?.affiliation ?? config.affiliation,
    pickupStores: stores
      .filter((store) => store.is_central === central)
      .map((store) => ({ id: store.id, name: stripOrganisationPrefix(store.name, prefix) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'sv')),
    areaStoreId,
    shopPath: paths.products(),
    trade,
  };
  // The cart is this visitor's alone: never stored by a shared cache.
  return data({ page }, { headers: { 'Cache-Control': NO_STORE } });
}

/** Personal data: no cache keeps this page (lib/personal-page.ts). */
export const headers: Route.HeadersFunction = personalPageHeaders;

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData.page} />;
}

export function ErrorBoundary() {
  return (
    <PageErrorBoundary
      notFound={() => <NotFoundPage />}
      unavailable={() => <CheckoutUnavailable />}
    />
  );
}
