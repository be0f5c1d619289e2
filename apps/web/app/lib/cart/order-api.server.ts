import { OrderSchema } from '@bygg/contracts/orders';
import { ApiResponseError, visitorGet } from '~/lib/api.server.ts';

/**
 * The order API as the receipt page reads it on the server (the cart itself comes from
 * api.server.ts currentCart): the visitor's cookies (cart cookie, session) are forwarded, so
 * the API answers for this browser only.
 */
export function orderApiFor(request: Request) {
  const get = visitorGet(request);
  return {
    /** The receipt: only the browser that placed the order (or its proffs user) may read it. */
    order: (id: string) => get(`/api/v1.0/orders/${encodeURIComponent(id)}/`, OrderSchema),
  };
}

export function isApiStatus(error: unknown, ...statuses: number[]): boolean {
  return error instanceof ApiResponseError && statuses.includes(error.status);
}
