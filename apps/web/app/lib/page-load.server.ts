import { data, isRouteErrorResponse } from 'react-router';
import { ApiResponseError } from './api.server.ts';

/**
 * How a page loader's failed API call becomes the page's status (issue 15 finding 5, ADR 023).
 * The API answers 400 for an id or slug it can never hold (a capital letter, a negative id)
 * and 404 for one it does not know: either way the address names nothing, so the visitor gets
 * the not-found page with 404. Only a real outage (the API unreachable or timed out, a 5xx,
 * a reply that does not match its schema) is a 503: monitoring and search engines read 503
 * as "down", and a mistyped address is not that.
 */

/** The API's 400 or 404: what the URL names does not exist. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiResponseError && (error.status === 400 || error.status === 404);
}

/** A response the loader threw on purpose (`data(null, { status: 404 })`, a redirect). */
function isThrownOnPurpose(error: unknown): boolean {
  return (
    error instanceof Response ||
    isRouteErrorResponse(error) ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { type?: unknown }).type === 'DataWithResponseInit')
  );
}

/**
 * The catch of a page loader's API calls: `.catch(pageLoadFailure('a product page'))`. What
 * the loader threw on purpose passes through, the API's 400/404 is the not-found page, and
 * anything else is logged and answered 503 (the page's unavailable notice).
 */
export function pageLoadFailure(what: string) {
  return (error: unknown): never => {
    if (isThrownOnPurpose(error)) throw error;
    if (isNotFound(error)) throw data(null, { status: 404 });
    console.error(`Could not load ${what}:`, error);
    throw data(null, { status: 503 });
  };
}
