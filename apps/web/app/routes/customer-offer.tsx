import { data, redirect } from 'react-router';
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
import { customerProjectPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { PROJECT_TOKEN_PATTERN, projectTokenSetCookie } from '~/lib/project-token.server.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// /kund/{storeslug}/dashboard/projekt/{id}/offert/{offerId}/ (trade-area §2, issue 19): the end
// customer approves or declines an offer. The calls (§7 "Client offers") go with the project
// token the request helper sends as a bearer value; approval and decline with the link's
// offer_hash. The e-mailed link carries the project token too (?token=, ADR 045): it is checked
// with the API, kept in the project's cookie and dropped from the address. Noindex, never cached.

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
  const url = new URL(request.url);
  const offerHash = hashOf(url.searchParams.get('offer_hash'));
  const problem = () =>
    data(
      { offer: null, offerHash, projectId, storeSlug: params.storeSlug, problem: LINK_PROBLEM },
      { status: 401, headers: { 'Cache-Control': NO_STORE } },
    );
  const token = url.searchParams.get('token');
  if (token !== null) {
    if (!PROJECT_TOKEN_PATTERN.test(token)) return problem();
    try {
      await tradeRequestFor(request).get(`api/proffs/client-offer/${offerId}/`, undefined, {
        headers: { authorization: `Bearer ${token}` },
      });
    } catch (error) {
      if (error instanceof TradeRequestError && [401, 404].includes(error.status)) return problem();
      throw error;
    }
    url.searchParams.delete('token');
    const projectPath = customerProjectPath(params.storeSlug, projectId);
    return redirect(`${url.pathname}${url.search}`, {
      headers: {
        'Set-Cookie': projectTokenSetCookie(request, projectPath, projectId, token),
        'Cache-Control': NO_STORE,
      },
    });
  }
  try {
    const reply = await tradeRequestFor(request).get(`api/proffs/client-offer/${offerId}/`);
    const offer = ClientOfferSchema.parse(reply.data);
    if (offer.project && offer.project.id !== projectId) throw notFound();
    return data(
      { offer, offerHash, projectId, storeSlug: params.storeSlug, problem: null },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    if (error instanceof TradeRequestError && error.status === 401) return problem();
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
