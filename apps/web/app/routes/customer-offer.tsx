import { data } from 'react-router';
import {
  CLIENT_OFFER_NOT_FOUND_MESSAGE,
  ClientOfferSchema,
} from '@bygg/contracts/trade/client-offers';
import type { Route } from './+types/customer-offer';
import {
  OfferApprovalPage,
  OfferLinkProblem,
  type ApprovalActionData,
} from '~/features/customer-offer/approval-page.tsx';
import { errorMessagesOf } from '~/lib/offer-form.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// /kund/{storeslug}/dashboard/projekt/{id}/offert/{offerId}/ (trade-area §2, issue 19): the end
// customer approves or declines an offer. The calls (§7 "Client offers") go with the project
// token the request helper sends as a bearer value; approval and decline with the link's
// offer_hash. Noindex, never cached.

const LINK_PROBLEM =
  'Länken till projektet fungerar inte längre. Öppna den senaste länken i e-postmeddelandet, eller be om en ny.';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded?.offer ? `Offert ${loaded.offer.number}` : 'Offert' },
  { name: 'robots', content: 'noindex, nofollow' },
];

const notFound = () => data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });

function idOf(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw notFound();
  return Number(value);
}

function hashOf(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const projectId = idOf(params.id);
  const offerId = idOf(params.offerId);
  const offerHash = hashOf(new URL(request.url).searchParams.get('offer_hash'));
  try {
    const reply = await tradeRequestFor(request).get(`api/proffs/client-offer/${offerId}/`);
    const offer = ClientOfferSchema.parse(reply.data);
    if (offer.project && offer.project.id !== projectId) throw notFound();
    return data(
      { offer, offerHash, projectId, storeSlug: params.storeSlug, problem: null },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 401) {
      return data(
        { offer: null, offerHash, projectId, storeSlug: params.storeSlug, problem: LINK_PROBLEM },
        { status: 401, headers: { 'Cache-Control': NO_STORE } },
      );
    }
    if (error instanceof TradeRequestError && (error.status === 404 || error.status === 400)) {
      throw notFound();
    }
    if (error instanceof Response) throw error;
    throw error;
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const projectId = idOf(params.id);
  const offerId = idOf(params.offerId);
  const form = await request.formData();
  const intent = form.get('intent');
  const offerHash = hashOf(
    typeof form.get('offer_hash') === 'string' ? String(form.get('offer_hash')) : null,
  );
  const answer = (status: number, result: ApprovalActionData) =>
    data(result, { status, headers: { 'Cache-Control': NO_STORE } });
  if (!offerHash) return answer(404, { ok: false, message: CLIENT_OFFER_NOT_FOUND_MESSAGE });
  if (intent !== 'approve' && intent !== 'decline') {
    return answer(400, { ok: false, message: 'Okänd åtgärd.' });
  }
  const api = tradeRequestFor(request);
  const query = `?offer_hash=${encodeURIComponent(offerHash)}`;
  try {
    if (intent === 'approve') {
      if (form.get('accept_terms') === '1') {
        await api.put(`api/proffs/end-customer/project/${projectId}/accept_terms/`, {});
      }
      await api.put(`api/proffs/client-offer/${offerId}/approve/${query}`, {});
      return answer(200, {
        ok: true,
        message: 'Tack! Offerten är godkänd. Vi har meddelat den som skickade den.',
      });
    }
    await api.put(`api/proffs/client-offer/${offerId}/decline/${query}`, {});
    return answer(200, {
      ok: true,
      message: 'Du har avböjt offerten. Vi har meddelat avsändaren.',
    });
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 401) {
      return answer(401, { ok: false, message: LINK_PROBLEM });
    }
    if (error instanceof TradeRequestError && error.status < 500) {
      return answer(error.status, {
        ok: false,
        message: errorMessagesOf(error.response.data, 'Svaret kunde inte sparas.').join(' '),
      });
    }
    console.error('An offer decision failed:', error);
    return answer(503, {
      ok: false,
      message: 'Svaret kunde inte sparas just nu. Försök igen om en stund.',
    });
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function CustomerOfferRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.offer) return <OfferLinkProblem message={loaderData.problem ?? LINK_PROBLEM} />;
  return (
    <OfferApprovalPage
      offer={loaderData.offer}
      storeSlug={loaderData.storeSlug}
      projectId={loaderData.projectId}
      offerHash={loaderData.offerHash}
      result={actionData}
    />
  );
}
