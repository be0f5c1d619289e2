import type { z } from 'zod';
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import { OrderSchema } from '@bygg/contracts/orders';
import { ApiResponseError } from '~/lib/api.server.ts';
import { getEnv } from '~/lib/env.server.ts';

// A slow API must not hold a server render forever (the shell client's budget).
const API_TIMEOUT_MS = 10_000;

/**
 * The order API as the receipt page reads it on the server (the cart itself comes from
 * api.server.ts currentCart): the visitor's cookies (cart cookie, session) are forwarded, so
 * the API answers for this browser only.
 */
export function orderApiFor(request: Request) {
  const env = getEnv();
  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const url = `${env.apiBaseUrl}${path}`;
    const headers = new Headers({
      accept: 'application/json',
      [ORGANISATION_HEADER]: env.organisation,
    });
    const cookie = request.headers.get('cookie');
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, {
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
    });
    if (!response.ok) throw new ApiResponseError(url, 'GET', response);
    return schema.parse(await response.json());
  }
  return {
    /** The receipt: only the browser that placed the order (or its proffs user) may read it. */
    order: (id: string) => get(`/api/v1.0/orders/${encodeURIComponent(id)}/`, OrderSchema),
  };
}

export function isApiStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiResponseError && statuses.includes(error.status);
}
