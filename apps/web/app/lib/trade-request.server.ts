import { apiFetch } from './api-transport.server.ts';
import { getEnv } from './env.server.ts';
import { projectTokenCookie, projectTokenFor } from './project-token.ts';
import { createTradeRequest, type TradeRequest } from './trade-request.ts';

/**
 * The trade request helper (lib/trade-request.ts) for one visitor request on the server: the
 * visitor's cookies forwarded (session, CSRF token), the project token of the project in the
 * address (lib/project-token.ts), the proxy base and basic
 * auth from the environment, aborted with the visitor's request or after 10 s. Paths are
 * relative to the API root, e.g. `api/proffs/${eid}/invoice/`.
 */
export function tradeRequestFor(request: Request): TradeRequest {
  const env = getEnv();
  return createTradeRequest({
    baseUrl: env.apiBaseUrl,
    proxyBase: env.apiProxyBase,
    basicAuth: env.apiBasicAuth,
    organisation: env.organisation,
    cookies: () => request.headers.get('cookie'),
    forwardCookies: true,
    projectToken: () =>
      projectTokenFor(
        projectTokenCookie(request.headers.get('cookie')),
        new URL(request.url).pathname,
      ),
    signal: AbortSignal.any([request.signal, AbortSignal.timeout(10_000)]),
    fetch: apiFetch,
  });
}
