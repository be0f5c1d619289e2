import { data, redirect } from 'react-router';
import { QuoteSchema } from '@bygg/contracts/trade/quotes';
import type { Route } from './+types/dashboard-store-quote';
import { Refusal } from '~/features/dashboard/dashboard-parts.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { createOffer } from '~/features/dashboard/offer-editor.server.ts';
import { StoreQuotePage } from '~/features/dashboard/quotes-pages.tsx';
import { dashboardPath } from '~/lib/paths.ts';
import { projectOptions } from '~/features/dashboard/trade-lists.server.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Butiksofferter/{id} (trade-area §2): one store quote (GET quote/{id}/); another company's
// or an unknown one is the not-found page. "Beställ offerten" orders it at the quoted prices
// (POST quote/{id}/order/, ADR 041); "Gör offert till kund" (POST offer/from_quote/, issue 19)
// goes on to the new offer's editor.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.quote ? `Offert ${loaded.quote.number}` : 'Offert' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  if (!/^\d{1,9}$/.test(params.id)) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  try {
    const reply = await tradeRequestFor(request).get(
      proffsPath(store.external_id, `quote/${params.id}/`),
    );
    const quote = QuoteSchema.parse(reply.data);
    // A quote made for no project is ordered to a project the buyer chooses.
    const projects =
      quote.project === null && quote.status === 'open'
        ? await projectOptions(request, store.external_id)
        : [];
    return data({ quote, projects, refused: null }, { headers: { 'Cache-Control': NO_STORE } });
  } catch (error) {
    return data(
      { quote: null, projects: [], ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  if (!/^\d{1,9}$/.test(params.id)) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  const form = await request.formData();
  if (form.get('intent') !== 'make-offer') {
    return data({ ok: false as const, messages: ['Okänd åtgärd.'] }, { status: 400 });
  }
  const made = await createOffer(tradeRequestFor(request), store.external_id, {
    kind: 'quote',
    id: Number(params.id),
  });
  if (!made.ok) return data(made, { status: made.status });
  throw redirect(
    dashboardPath({ slug: store.slug, isCentral: store.is_central }, 'dashboard-customer-offer', {
      id: String(made.id),
    }),
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardStoreQuoteRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.quote) {
    return (
      <div className="container dashboard">
        <h1 className="dashboard__title">Offert</h1>
        <Refusal message={loaderData.refused ?? ''} />
      </div>
    );
  }
  return <StoreQuotePage quote={loaderData.quote} projects={loaderData.projects} />;
}
