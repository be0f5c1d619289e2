import { data, redirect } from 'react-router';
import { OfferSchema } from '@bygg/contracts/trade/offers';
import type { Route } from './+types/dashboard-customer-offer';
import { Refusal } from '~/features/dashboard/dashboard-parts.tsx';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { editOffer } from '~/features/dashboard/offer-editor.server.ts';
import { OfferEditorPage } from '~/features/dashboard/offer-editor.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Kundofferter/{id} (trade-area §2, issue 19): the offer editor. GET offer/{id}/; the action
// makes the item, work, row, deduction, surcharge, head, send and new-version calls and answers
// the reply's offer (or, for a new version, redirects to it) or the messages of a refusal.

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.offer ? `Kundoffert ${loaded.offer.number}` : 'Kundoffert' },
  { name: 'robots', content: 'noindex' },
];

function offerId(id: string): number {
  if (!/^\d{1,9}$/.test(id) || Number(id) < 1) {
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  return Number(id);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const id = offerId(params.id);
  try {
    const reply = await tradeRequestFor(request).get(proffsPath(store.external_id, `offer/${id}/`));
    return data(
      { offer: OfferSchema.parse(reply.data), refused: null },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { offer: null, ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const id = offerId(params.id);
  const form = await request.formData();
  const result = await editOffer(tradeRequestFor(request), store.external_id, id, form);
  // An edit of a sent offer answers its next version: the editor follows it.
  if (result.ok && result.offer.id !== id) {
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/\/\d+\/?$/, `/${result.offer.id}/`);
    throw redirect(`${url.pathname}?ny-version=1`, { headers: { 'Cache-Control': NO_STORE } });
  }
  return data(result.ok ? { ok: true as const, message: result.message } : result, {
    status: result.ok ? 200 : result.status,
    headers: { 'Cache-Control': NO_STORE },
  });
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardCustomerOfferRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.offer) {
    return (
      <div className="container dashboard">
        <h1 className="dashboard__title">Kundoffert</h1>
        <Refusal message={loaderData.refused ?? ''} />
      </div>
    );
  }
  return <OfferEditorPage offer={loaderData.offer} />;
}
