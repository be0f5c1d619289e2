import { data } from 'react-router';
import { OfferPageSchema, type OfferPage } from '@bygg/contracts/trade/offers';
import { QuotePageSchema } from '@bygg/contracts/trade/quotes';
import type { Route } from './+types/dashboard-quotes';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { QuotesPage } from '~/features/dashboard/quotes-pages.tsx';
import { listFilters, projectOptions } from '~/features/dashboard/trade-lists.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Offerter (trade-area §2 /offerter/): the quote cart and the store's quotes (GET quote/,
// the offers right; filters sok and projekt in the address), and the company's offers to its own
// customers (GET offer/, issue 19) with the same filters.

export const meta: Route.MetaFunction = () => [
  { title: 'Offerter' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const filters = listFilters(new URL(request.url).searchParams);
  const projects = projectOptions(request, store.external_id);
  const offers = customerOffers(request, store.external_id, filters.query);
  try {
    const reply = await tradeRequestFor(request).get(
      proffsPath(store.external_id, 'quote/'),
      filters.query,
    );
    return data(
      {
        quotes: QuotePageSchema.parse(reply.data),
        projects: await projects,
        filters: filters.values,
        refused: null,
        ...(await offers),
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      {
        quotes: null,
        projects: await projects,
        filters: filters.values,
        ...refusalOrThrow(error),
        ...(await offers),
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

/** The customer offers of the list, or the API's refusal (a 403 for a user without the right). */
async function customerOffers(
  request: Request,
  eid: string,
  query: Record<string, unknown>,
): Promise<{ offers: OfferPage | null; offersRefused: string | null }> {
  try {
    const reply = await tradeRequestFor(request).get(proffsPath(eid, 'offer/'), query);
    return { offers: OfferPageSchema.parse(reply.data), offersRefused: null };
  } catch (error) {
    return { offers: null, offersRefused: refusalOrThrow(error).refused };
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardQuotesRoute({ loaderData }: Route.ComponentProps) {
  return <QuotesPage {...loaderData} />;
}
