/**
 * The generic request helper of trade-area spec §7 for the trade pages, the same code on the
 * server (loaders and actions, with the visitor's Cookie header) and in the browser (pages
 * that poll, credentials included):
 *
 * - URL: the base address joined with the path; a configured proxy base replaces the base.
 * - GET with an object payload: the payload becomes the query string. Other methods send
 *   JSON, except FormData, which is sent as is.
 * - Headers: basic authorisation when a basic-auth user is configured; JSON content type (not
 *   for form-data); the CSRF token header read from its cookie; the project token as a bearer
 *   value, read from its cookie and decoded; the organisation header; the caller's headers.
 * - The body is parsed as JSON when the content type says JSON, else read as text, and is
 *   attached to the response as `data`.
 * - A status below 200 or at 400 and above throws 'Non-success status code ({url} [{method}]):
 *   {status}' carrying the response (spec §8).
 * - The optional cache is keyed by path and payload: 100 entries, 5 minutes (spec §9); only
 *   successful replies are kept.
 * - The paginated helper sends page plus filters, follows the next link's page parameter and
 *   keeps at most 100 entries.
 *
 * No imports of server-only modules: the browser bundle reads this file too.
 */
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import { COOKIE_NAMES, CSRF_HEADER } from '@bygg/contracts/cookies';

/**
 * Cookie and header names the helper reads. The CSRF names are Django's, which the API's
 * CSRF check (issue 17, another branch) uses; when they land in @bygg/contracts/cookies this
 * is the one place to point at them.
 */
export const TRADE_REQUEST_NAMES = {
  csrfCookie: COOKIE_NAMES.csrf,
  csrfHeader: CSRF_HEADER,
  projectTokenCookie: COOKIE_NAMES.projectToken,
} as const;

/** Spec §9: cache 100 entries, 5 minutes (unit 60000 ms). */
export const TRADE_CACHE_MAX_ENTRIES = 100;
export const TRADE_CACHE_TTL_MS = 5 * 60_000;
/** Spec §7: the paginated helper keeps 100 entries. */
export const PAGINATED_MAX_ENTRIES = 100;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Payload = Record<string, unknown> | FormData | undefined;

export type TradeRequestConfig = {
  /** The API's base address, e.g. 'http://127.0.0.1:3000' or '' for same-origin. */
  baseUrl: string;
  /** Replaces baseUrl when set (a proxy in front of the API). */
  proxyBase?: string | null;
  /** Basic authorisation for every call (a protected staging API). */
  basicAuth?: { user: string; password: string } | null;
  /** The organisation header's value from runtime configuration. */
  organisation?: string | null;
  /**
   * The cookies to read the CSRF and project tokens from, as a Cookie header string. On the
   * server it is also forwarded (the visitor's session); in the browser, document.cookie.
   */
  cookies: () => string | null;
  /** Forward `cookies()` as a Cookie header (server side; the browser sends its own). */
  forwardCookies?: boolean;
  /**
   * The end customer's project token for this request (server side: picked from the cookie
   * by the project in the address, lib/project-token.ts); when absent, the cookie's value.
   */
  projectToken?: () => string | null;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Clock for the cache (tests). */
  now?: () => number;
};

export type RequestOptions = {
  /** Keep and reuse the reply by path and payload (100 entries, 5 minutes). */
  cache?: boolean;
  /** false: do not read the body (e.g. a PDF download read by the caller). */
  readBody?: boolean;
  headers?: Record<string, string>;
};

export type TradeResponse<T = unknown> = {
  status: number;
  ok: boolean;
  headers: Headers;
  url: string;
  data: T;
  /** The raw reply, for callers that read the body themselves (readBody: false). */
  raw: Response;
};

/** A non-success reply (spec §8); carries the response and its parsed body. */
export class TradeRequestError extends Error {
  readonly response: TradeResponse;
  readonly status: number;

  constructor(url: string, method: string, response: TradeResponse) {
    super(`Non-success status code (${url} [${method}]): ${response.status}`);
    this.name = 'TradeRequestError';
    this.response = response;
    this.status = response.status;
  }
}

/** One cookie's value from a Cookie header string, URI-decoded; null when absent. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** A payload as query parameters: arrays repeat the key, null and undefined are left out. */
export function toQuery(payload: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A bounded cache with a time-to-live: at most `max` entries, the oldest dropped first; an
 * entry older than `ttlMs` is a miss.
 */
export class BoundedTtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: V }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

function cacheKey(method: Method, path: string, payload: Payload): string {
  const body = payload instanceof FormData ? [...payload.entries()] : (payload ?? null);
  return `${method} ${path} ${JSON.stringify(body)}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (/\bjson\b/i.test(type)) return text === '' ? null : (JSON.parse(text) as unknown);
  return text;
}

export type TradeRequest = ReturnType<typeof createTradeRequest>;

/** A request helper bound to one configuration (one visitor request, or the browser). */
export function createTradeRequest(config: TradeRequestConfig) {
  const cache = new BoundedTtlCache<TradeResponse>(
    TRADE_CACHE_MAX_ENTRIES,
    TRADE_CACHE_TTL_MS,
    config.now,
  );
  const doFetch = config.fetch ?? fetch;

  async function request<T = unknown>(
    method: Method,
    path: string,
    payload?: Payload,
    options: RequestOptions = {},
  ): Promise<TradeResponse<T>> {
    const key = options.cache ? cacheKey(method, path, payload) : null;
    if (key) {
      const hit = cache.get(key);
      if (hit) return hit as TradeResponse<T>;
    }
    const isForm = payload instanceof FormData;
    let url = joinUrl(config.proxyBase || config.baseUrl, path);
    if (method === 'GET' && payload && !isForm) url += toQuery(payload);
    const headers = new Headers();
    headers.set('accept', 'application/json');
    if (config.basicAuth?.user) {
      headers.set(
        'authorization',
        `Basic ${base64(`${config.basicAuth.user}:${config.basicAuth.password}`)}`,
      );
    }
    // JSON for a body of the other methods (none without a body: a JSON server refuses an
    // empty JSON body).
    if (!isForm && method !== 'GET' && payload !== undefined)
      headers.set('content-type', 'application/json');
    const cookies = config.cookies();
    const csrf = readCookie(cookies, TRADE_REQUEST_NAMES.csrfCookie);
    if (csrf) headers.set(TRADE_REQUEST_NAMES.csrfHeader, csrf);
    const projectToken = config.projectToken
      ? config.projectToken()
      : readCookie(cookies, TRADE_REQUEST_NAMES.projectTokenCookie);
    if (projectToken) headers.set('authorization', `Bearer ${projectToken}`);
    if (config.organisation) headers.set(ORGANISATION_HEADER, config.organisation);
    if (config.forwardCookies && cookies) headers.set('cookie', cookies);
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);

    let body: BodyInit | undefined;
    if (method !== 'GET' && payload !== undefined)
      body = isForm ? payload : JSON.stringify(payload);
    const raw = await doFetch(url, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: config.signal,
    });
    const data = options.readBody === false ? null : await readBody(raw);
    const response: TradeResponse<T> = {
      status: raw.status,
      ok: raw.status >= 200 && raw.status < 400,
      headers: raw.headers,
      url,
      data: data as T,
      raw,
    };
    if (!response.ok) throw new TradeRequestError(url, method, response);
    if (key) cache.set(key, response);
    return response;
  }

  /**
   * GET a paginated list (a page with results and next): sends page plus filters, follows the
   * next link's page parameter, and keeps at most 100 entries.
   */
  async function paginated<T>(
    path: string,
    filters: Record<string, unknown> = {},
    options: RequestOptions = {},
  ): Promise<{ results: T[]; next: string | null }> {
    const results: T[] = [];
    let page: number | null = Number(filters.page ?? 1);
    let next: string | null = null;
    while (page !== null && results.length < PAGINATED_MAX_ENTRIES) {
      const reply: TradeResponse<{ results: T[]; next: string | null }> = await request(
        'GET',
        path,
        { ...filters, page },
        options,
      );
      results.push(...reply.data.results);
      next = reply.data.next;
      page = nextPage(next);
    }
    return { results: results.slice(0, PAGINATED_MAX_ENTRIES), next };
  }

  return {
    request,
    get: <T = unknown>(path: string, payload?: Record<string, unknown>, options?: RequestOptions) =>
      request<T>('GET', path, payload, options),
    post: <T = unknown>(path: string, payload?: Payload, options?: RequestOptions) =>
      request<T>('POST', path, payload, options),
    put: <T = unknown>(path: string, payload?: Payload, options?: RequestOptions) =>
      request<T>('PUT', path, payload, options),
    patch: <T = unknown>(path: string, payload?: Payload, options?: RequestOptions) =>
      request<T>('PATCH', path, payload, options),
    delete: <T = unknown>(path: string, payload?: Payload, options?: RequestOptions) =>
      request<T>('DELETE', path, payload, options),
    paginated,
    clearCache: () => cache.clear(),
  };
}

/** The page parameter of a next link; null when there is no next page. */
export function nextPage(next: string | null): number | null {
  if (!next) return null;
  let value: string | null;
  try {
    value = new URL(next, 'http://localhost').searchParams.get('page');
  } catch {
    return null;
  }
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : null;
}

/** The trade paths of one store (trade-area §7: api/proffs/{eid}/…). */
export function proffsPath(eid: string, path: string): string {
  return `api/proffs/${encodeURIComponent(eid)}/${path.replace(/^\/+/, '')}`;
}

let browserHelper: TradeRequest | undefined;

/**
 * The helper in the browser (pages that poll or act without a navigation): same origin,
 * credentials included, tokens from document.cookie. One per page load, so the cache is shared.
 */
export function browserTradeRequest(): TradeRequest {
  browserHelper ??= createTradeRequest({
    baseUrl: '',
    cookies: () => (typeof document === 'undefined' ? null : document.cookie),
  });
  return browserHelper;
}
