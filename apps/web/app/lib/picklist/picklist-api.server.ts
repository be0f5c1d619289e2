import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import { PicklistSchema } from '@bygg/contracts/picklist';
import type { Picklist, PicklistPriceRequest } from '@bygg/contracts/picklist';
import { ApiResponseError } from '../api.server.ts';
import { apiFetch, readApiReply } from '../api-transport.server.ts';
import { getEnv } from '../env.server.ts';

// A slow API must not hold the visitor's request forever (same budget as the other clients).
const API_TIMEOUT_MS = 10_000;

/** POST /api/v2.0/picklist/prices/ for one visitor request (cookies forwarded). */
export async function fetchPricedPicklist(
  request: Request,
  body: PicklistPriceRequest,
): Promise<Picklist> {
  const env = getEnv();
  const url = `${env.apiBaseUrl}/api/v2.0/picklist/prices/`;
  const headers = new Headers({
    accept: 'application/json',
    'content-type': 'application/json',
    [ORGANISATION_HEADER]: env.organisation,
  });
  const cookie = request.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  const response = await apiFetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
  });
  if (!response.ok) throw new ApiResponseError(url, 'POST', response);
  return readApiReply(response, PicklistSchema);
}
