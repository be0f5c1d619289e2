import type { z } from 'zod';
import { CartSchema } from '@bygg/contracts/cart';
import { CategoryTreeSchema } from '@bygg/contracts/catalog';
import {
  CmsPagesResponseSchema,
  DjediNodesResponseSchema,
  FooterSchema,
  MainMenuSchema,
} from '@bygg/contracts/cms';
import type { CmsPagesQuerySchema } from '@bygg/contracts/cms';
import { ORGANISATION_HEADER, RENDER_ID_HEADER } from '@bygg/contracts/common';
import type { OrganisationId } from '@bygg/contracts/common';
import { OrganisationSchema } from '@bygg/contracts/organisations';
import { SearchResultSchema } from '@bygg/contracts/search';
import { StorePageSchema, StoreSchema } from '@bygg/contracts/stores';
import type { StoreListQuery } from '@bygg/contracts/stores';
import { TtlCache } from '@bygg/domain/ttl-cache';
import { apiFetch, readApiReply } from './api-transport.server.ts';
import { getEnv } from './env.server.ts';

/** A non-2xx reply (trade-area spec §8): the message names url, method and status. */
export class ApiResponseError extends Error {
  readonly response: Response;
  readonly status: number;

  constructor(url: string, method: string, response: Response) {
    super(`Non-success status code (${url} [${method}]): ${response.status}`);
    this.name = 'ApiResponseError';
    this.response = response;
    this.status = response.status;
  }
}

type ApiClientOptions = {
  baseUrl: string;
  organisation: OrganisationId;
  /** The incoming request's Cookie header, forwarded so the API sees the visitor's session. */
  cookie: string | null;
  /** Aborts the API call when the visitor's request is aborted. */
  signal?: AbortSignal;
  /** Default: the process's API transport (api-transport.server.ts). */
  fetch?: typeof fetch;
  /**
   * Replies that are the same for every visitor of this organisation, kept across requests
   * (apiFor passes one per process). Without it every call goes to the API.
   */
  shared?: TtlCache<string, unknown>;
};

/**
 * How long the server keeps the category tree between page renders. Every page needs it (the
 * technical-problems notice, listings, the landing pages) and it is ~80 KB of JSON to fetch
 * and check; the API's own copy lives 5 s (ADR 014), so this adds at most 10 s more.
 */
export const SHARED_REPLY_TTL_MS = 10_000;

// A slow API must not hold a server render forever.
const API_TIMEOUT_MS = 10_000;

/**
 * A plain GET for one visitor request, for the API clients without shared or pending replies
 * (catalogue, orders): the visitor's cookies forwarded, aborted with the visitor's request or
 * after the timeout; a non-2xx reply throws ApiResponseError.
 */
export function visitorGet(request: Request) {
  const env = getEnv();
  return async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    const url = `${env.apiBaseUrl}${path}`;
    const headers = new Headers({
      accept: 'application/json',
      [ORGANISATION_HEADER]: env.organisation,
    });
    const cookie = request.headers.get('cookie');
    if (cookie) headers.set('cookie', cookie);
    const response = await apiFetch(url, {
      headers,
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(API_TIMEOUT_MS)]),
    });
    if (!response.ok) throw new ApiResponseError(url, 'GET', response);
    return readApiReply(response, schema);
  };
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? apiFetch;
  // One client serves one visitor request, whose loaders run in parallel: the root loader
  // and a page loader asking for the same GET share a single API call.
  const pendingGets = new Map<string, Promise<unknown>>();

  async function request<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    // A shared reply must not fail for everyone because the visitor who asked first left.
    visitorSignal: AbortSignal | null = options.signal ?? null,
  ): Promise<z.output<S>> {
    const url = `${options.baseUrl}${path}`;
    const headers = new Headers({
      accept: 'application/json',
      [ORGANISATION_HEADER]: options.organisation,
    });
    if (options.cookie) headers.set('cookie', options.cookie);
    if (body !== undefined) headers.set('content-type', 'application/json');
    const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
    const response = await doFetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: visitorSignal ? AbortSignal.any([visitorSignal, timeout]) : timeout,
    });
    if (!response.ok) throw new ApiResponseError(url, method, response);
    return readApiReply(response, schema);
  }

  function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
    let pending = pendingGets.get(path) as Promise<z.output<S>> | undefined;
    if (!pending) {
      pending = request('GET', path, schema);
      pendingGets.set(path, pending);
    }
    return pending;
  }

  return {
    categoryTree: (): Promise<z.output<typeof CategoryTreeSchema>> => {
      const path = '/api/v2.0/category_tree/';
      if (!options.shared) return get(path, CategoryTreeSchema);
      return options.shared.get(`${options.organisation} ${path}`, () =>
        request('GET', path, CategoryTreeSchema, undefined, null),
      ) as Promise<z.output<typeof CategoryTreeSchema>>;
    },
    mainMenu: () => get('/api/djedi_pages/menu/?namespace=main-menu', MainMenuSchema),
    footer: () => get('/api/djedi_pages/footer/', FooterSchema),
    organisation: () => get('/api/v2.0/organisation/', OrganisationSchema),
    /** Content-service labels: uri → Swedish default in, uri → current value out. */
    labels: (defaults: Record<string, string>) =>
      request('POST', '/djedi/nodes/', DjediNodesResponseSchema, defaults),
    /** The visitor's cart; a 404 means there is none (storefront spec §4), not a failure. */
    currentCart: () =>
      request('GET', '/api/v1.0/cart/current/', CartSchema).catch((error: unknown) => {
        if (error instanceof ApiResponseError && error.status === 404) return null;
        throw error;
      }),
    cmsPages: (query: z.input<typeof CmsPagesQuerySchema>) =>
      request('POST', '/api/djedi_pages/nodes/', CmsPagesResponseSchema, query),
    /** Stores: all, nearest to a postcode, free text, ids or external id (count ≤ 10,000). */
    stores: (query: Omit<StoreListQuery, 'ids'> & { ids?: string }) =>
      get(`/api/v2.0/stores/?${queryString(query)}`, StorePageSchema),
    store: (id: number) => get(`/api/v2.0/stores/${id}/`, StoreSchema),
    /** The grouped search (storefront spec §3, §7): counts and up to `count` hits per group. */
    search: (query: {
      q: string;
      count: number;
      store_id?: number;
      b2b?: 'true';
      assortment?: string;
    }) => get(`/api/v2.0/search/?${queryString(query)}`, SearchResultSchema),
    closestStore: (position: { latitude: number; longitude: number }) =>
      get(`/api/v2.0/stores/closest/?${queryString(position)}`, StoreSchema),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Query parameters in a fixed order (sorted), so equal queries share one pending GET. */
function queryString(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return new URLSearchParams(
    entries.map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
}

const clients = new WeakMap<Request, ApiClient>();
const sharedReplies = new TtlCache<string, unknown>(SHARED_REPLY_TTL_MS);

/** Forgets the replies kept across requests (tests that switch what the API answers). */
export function clearSharedReplies(): void {
  sharedReplies.clear();
}

/**
 * Clients by the server's render id (RENDER_ID_HEADER): React Router gives every loader its
 * own copy of the request, so without it the root loader and the page loader would each ask
 * the API for the same organisation. Only the latest renders are kept: one still running
 * after that many others merely makes its own calls again.
 */
const RENDER_CLIENTS_KEPT = 64;
const renderClients = new Map<string, ApiClient>();

/** The API client for one incoming request (same object for all of its loaders). */
export function apiFor(request: Request): ApiClient {
  const renderId = request.headers.get(RENDER_ID_HEADER);
  let client = clients.get(request) ?? (renderId ? renderClients.get(renderId) : undefined);
  if (!client) {
    const env = getEnv();
    client = createApiClient({
      baseUrl: env.apiBaseUrl,
      organisation: env.organisation,
      cookie: request.headers.get('cookie'),
      signal: request.signal,
      shared: sharedReplies,
    });
    if (renderId) {
      renderClients.set(renderId, client);
      if (renderClients.size > RENDER_CLIENTS_KEPT) {
        renderClients.delete(renderClients.keys().next().value as string);
      }
    }
  }
  clients.set(request, client);
  return client;
}
