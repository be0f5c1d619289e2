/**
 * Pages with personal data (the login form, the checkout, a receipt, the trade dashboard)
 * are kept by no cache, shared or the browser's (issue 15 finding 6, ADR 023). React Router
 * sends a document's headers only from its route's `headers` export, not from its loader's
 * reply, so each such route exports `personalPageHeaders`; the loader's own replies (data
 * requests, redirects, errors) carry NO_STORE as well.
 */
export const NO_STORE = 'private, no-store';

export function personalPageHeaders() {
  return { 'Cache-Control': NO_STORE };
}
