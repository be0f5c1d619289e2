import type { z } from 'zod';
import {
  IN_PROCESS_API_KEY,
  type InProcessApi,
  type InProcessApiReply,
} from '@bygg/contracts/common';
import { getEnv, type Env } from './env.server.ts';

/**
 * How the server code reaches the API (ADR 048): one fetch-shaped function for every caller,
 * taking the absolute URL `${env.apiBaseUrl}${path}` as before. Chosen once per process:
 * - in process, when API_BASE_URL is unset and the API's host put its dispatcher under
 *   IN_PROCESS_API_KEY (npm start, npm run dev): Fastify's inject, no socket;
 * - HTTP otherwise (API_BASE_URL names a separate API, or no host offered one).
 */
export type ApiTransport = {
  readonly kind: 'in-process' | 'http';
  readonly fetch: typeof fetch;
};

/** Replies the API validated against its contract when it serialised them (in process only). */
const validatedReplies = new WeakSet<Response>();

/** The global fetch as it is when a call is made (a test may stub it after the first call). */
const globalFetch: typeof fetch = (input, init) => fetch(input, init);

export function httpTransport(doFetch: typeof fetch = globalFetch): ApiTransport {
  return { kind: 'http', fetch: doFetch };
}

// Statuses whose Response must not have a body (the Fetch standard's null body statuses).
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function toHeaders(source: InProcessApiReply['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
  }
  return headers;
}

/** Rejects with the signal's reason when it aborts first (inject itself cannot be aborted). */
function abortable<T>(work: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * The API of this process through its dispatcher. URLs on `apiBaseUrl` are dispatched in
 * process; any other URL (an API_PROXY_BASE of the trade request helper) goes out over HTTP.
 */
export function inProcessTransport(
  dispatch: InProcessApi,
  apiBaseUrl: string,
  doFetch: typeof fetch = globalFetch,
): ApiTransport {
  const prefix = `${apiBaseUrl}/`;
  async function send(
    input: Parameters<typeof fetch>[0],
    init: RequestInit = {},
  ): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(prefix) || input instanceof Request) return doFetch(input, init);
    let body: string | Uint8Array | undefined;
    let headers = new Headers(init.headers);
    if (typeof init.body === 'string') body = init.body;
    else if (init.body !== undefined && init.body !== null) {
      // Form data and the rest: encoded (and their content type set) as fetch would send them.
      const encoded = new Request(url, { method: init.method, headers, body: init.body });
      headers = encoded.headers;
      body = new Uint8Array(await encoded.arrayBuffer());
    }
    const reply = await abortable(
      dispatch({
        method: init.method ?? 'GET',
        url,
        headers: Object.fromEntries(headers),
        ...(body === undefined ? {} : { body }),
      }),
      init.signal,
    );
    const response = new Response(
      NULL_BODY_STATUSES.has(reply.status) ? null : (reply.body as Uint8Array<ArrayBuffer>),
      { status: reply.status, headers: toHeaders(reply.headers) },
    );
    if (reply.validated) validatedReplies.add(response);
    return response;
  }
  return { kind: 'in-process', fetch: send as typeof fetch };
}

/** The transport for this environment and this process's host (null: none offered). */
export function chooseApiTransport(env: Env, dispatch: InProcessApi | null): ApiTransport {
  if (env.apiBaseUrlSet || !dispatch) return httpTransport();
  return inProcessTransport(dispatch, env.apiBaseUrl);
}

let chosen: ApiTransport | undefined;

export function apiTransport(): ApiTransport {
  const offered = (globalThis as Record<symbol, unknown>)[IN_PROCESS_API_KEY];
  chosen ??= chooseApiTransport(
    getEnv(),
    typeof offered === 'function' ? (offered as InProcessApi) : null,
  );
  return chosen;
}

/** fetch for the API: every server-side API call goes through this. */
export const apiFetch: typeof fetch = (input, init) => apiTransport().fetch(input, init);

/** Whether the API validated this reply against its contract (in process). */
export function validatedByApi(response: Response): boolean {
  return validatedReplies.has(response);
}

/**
 * An API reply's JSON by its contract, validated once: a reply the API already checked in this
 * process is taken as it is, except under tests (NODE_ENV=test), which parse every reply so a
 * contract the web app reads differently from the API still fails there.
 */
export async function readApiReply<S extends z.ZodType>(
  response: Response,
  schema: S,
): Promise<z.output<S>> {
  const body: unknown = await response.json();
  if (validatedByApi(response) && getEnv().nodeEnv !== 'test') return body as z.output<S>;
  return schema.parse(body);
}
