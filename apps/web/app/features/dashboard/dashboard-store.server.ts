import { data } from 'react-router';
import type { ProffsUser } from '@bygg/contracts/auth';
import { NO_RIGHT_MESSAGE } from '@bygg/contracts/trade/common';
import { variantOfRequest } from '~/lib/paths.ts';
import { NO_STORE } from '~/lib/personal-page.ts';
import { loadTradeUser } from '~/lib/session-api.server.ts';
import { TradeRequestError } from '~/lib/trade-request.ts';
import { dashboardStore } from './dashboard-model.ts';

/**
 * The store a dashboard page's loader or action works in (its {eid}). The layout route's
 * guard redirects a visitor without a session to /login; a page's loader runs beside it, so
 * it answers the same cases with no data of its own: 404 when there is no such store of the
 * user's, 503 when the session service fails.
 */
export async function requireDashboardStore(
  request: Request,
): Promise<ProffsUser['stores'][number]> {
  const user = await loadTradeUser(request).catch((error: unknown) => {
    console.error('Could not load the user for a dashboard page:', error);
    throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
  });
  const store = user ? dashboardStore(user.stores, variantOfRequest(request)) : null;
  if (!store) throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  return store;
}

/**
 * What a dashboard page does with a failed trade call: 403 is the Swedish refusal the API
 * gave (the user lacks the right or is outside the region), shown in the page; 400 and 404
 * are the not-found page; anything else is an outage (503).
 */
export function refusalOrThrow(error: unknown): { refused: string } {
  if (error instanceof TradeRequestError) {
    if (error.status === 403) {
      const body = error.response.data as { message?: unknown } | null;
      return {
        refused: typeof body?.message === 'string' ? body.message : NO_RIGHT_MESSAGE,
      };
    }
    if (error.status === 400 || error.status === 404)
      throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  }
  console.error('A trade call failed:', error);
  throw data(null, { status: 503, headers: { 'Cache-Control': NO_STORE } });
}
