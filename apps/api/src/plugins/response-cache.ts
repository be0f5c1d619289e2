import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import type { InvalidationBus, Topic } from '../lib/invalidation-bus.ts';
import {
  matchesEtag,
  normaliseUrl,
  ResponseCache,
  storableHeaders,
  weakEtag,
  type CachedResponse,
  type Lead,
} from '../lib/response-cache.ts';

/**
 * The API response micro-cache (ADR 014): anonymous catalogue GETs are kept, serialised, for a
 * few seconds. A route opts in with `config: { responseCache: true }`; the key is the method,
 * the organisation and the normalised URL (store, b2b, assortment, sort, filters and page are
 * all query parameters of the catalogue routes), plus the values of any cookies the route
 * names in `responseCache.cookies`.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: true | { cookies: readonly string[] };
  }
  interface FastifyInstance {
    /** Whether the micro-caches are on (RESPONSE_CACHE); host.ts keys its page cache on it. */
    responseCacheEnabled: boolean;
  }
}

/** Seconds-short: a checkout's stock change shows within this even without invalidation. */
export const RESPONSE_CACHE_TTL_MS = 5_000;
/**
 * Once expired, an entry is still served for up to this long, but only to requests that
 * arrive while another request recomputes it: one visitor waits for the database, not all.
 */
export const RESPONSE_CACHE_GRACE_MS = 5_000;
const API_MAX_ENTRIES = 5_000;
const API_MAX_BYTES = 48 * 1024 * 1024;

/** "A product, price or stock changed": every process drops its catalogue replies and pages. */
export const CATALOGUE_CHANGED: Topic<Record<string, never>> = {
  name: 'catalogue-invalidate',
  accepts: (value): value is Record<string, never> => typeof value === 'object' && value !== null,
};

/** Every response cache of this process (API replies, rendered pages). */
const registry = new Set<ResponseCache>();
/** The buses invalidations go out on: one per app registered with the caches on. */
const buses = new Set<InvalidationBus>();

export function registerCache(cache: ResponseCache): () => void {
  registry.add(cache);
  return () => registry.delete(cache);
}

/**
 * Drops every cached reply and page of this process only: for changes that already reach the
 * other processes by their own channel (content publishes, see contexts/content/content-service/changes.ts).
 */
export function clearLocalResponseCaches(): void {
  for (const cache of registry) cache.clear();
}

/**
 * Drops every cached catalogue reply and rendered page in this process and, when Redis is
 * configured, in every other process. Call it after a product, price or stock write.
 * Correctness never depends on Redis: without it, other processes catch up within the TTL.
 */
export function invalidateCatalogueCaches(): void {
  // A bus clears this process's caches through its own listener, and tells the others.
  if (buses.size === 0) clearLocalResponseCaches();
  for (const bus of buses) bus.publish(CATALOGUE_CHANGED, {});
}

/**
 * RESPONSE_CACHE=off turns the caches off (benchmarks of the uncached path); tests run
 * without them unless RESPONSE_CACHE=on, so a test that writes and reads again sees its write.
 */
export function responseCacheEnabled(
  nodeEnv: string | undefined,
  setting: string | undefined,
): boolean {
  if (setting === 'off') return false;
  if (setting === 'on') return true;
  return nodeEnv !== 'test';
}

/** Requests whose replies may be personal: a session (trade user, editor) or credentials. */
export function isPersonalApiRequest(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  return request.cookies[COOKIE_NAMES.session] !== undefined;
}

type CacheState = { lead?: Lead; hit?: boolean };
const STATE = Symbol('responseCache');
type WithState = FastifyRequest & { [STATE]?: CacheState };

function keyOf(request: FastifyRequest): string | null {
  const option = request.routeOptions.config.responseCache;
  if (!option || request.method !== 'GET') return null;
  if (isPersonalApiRequest(request)) return null;
  let key = `${request.method} ${request.organisation} ${normaliseUrl(request.url)}`;
  if (option !== true) {
    for (const name of option.cookies) key += ` ${name}=${request.cookies[name] ?? ''}`;
  }
  return key;
}

function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  (request as WithState)[STATE] = { hit: true };
  reply.headers(cached.headers);
  reply.header('etag', cached.etag);
  reply.header('x-cache', 'HIT');
  if (matchesEtag(request.headers['if-none-match'], cached.etag)) {
    return reply.code(304).send();
  }
  return reply.code(cached.status).send(cached.body);
}

function cacheable(reply: FastifyReply, payload: unknown): payload is string | Buffer {
  if (reply.statusCode !== 200) return false;
  if (reply.hasHeader('set-cookie')) return false;
  const control = String(reply.getHeader('cache-control') ?? '');
  if (/private|no-store/.test(control)) return false;
  return typeof payload === 'string' || Buffer.isBuffer(payload);
}

export type ResponseCacheSettings = {
  enabled: boolean;
  /** Carries invalidations to and from the other processes (in-process only without Redis). */
  bus?: InvalidationBus;
  ttlMs?: number;
};

/**
 * Registers the hooks on the app (before the routes): a hit is answered in onRequest, before
 * validation, the session lookup and the handler; a miss leads (or joins) one computation,
 * stored in onSend when it is a 200 without Set-Cookie and not private.
 */
export function registerResponseCache(
  app: FastifyInstance,
  settings: ResponseCacheSettings,
): ResponseCache | null {
  app.decorate('responseCacheEnabled', settings.enabled);
  if (!settings.enabled) return null;
  const cache = new ResponseCache({
    ttlMs: settings.ttlMs ?? RESPONSE_CACHE_TTL_MS,
    graceMs: RESPONSE_CACHE_GRACE_MS,
    maxEntries: API_MAX_ENTRIES,
    maxBytes: API_MAX_BYTES,
  });
  const unregister = registerCache(cache);
  app.addHook('onClose', async () => {
    unregister();
  });

  const bus = settings.bus;
  if (bus) {
    const unsubscribe = bus.subscribe(CATALOGUE_CHANGED, clearLocalResponseCaches);
    buses.add(bus);
    app.addHook('onClose', async () => {
      buses.delete(bus);
      unsubscribe();
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    const key = keyOf(request);
    if (key === null) return;
    const found = cache.lookup(key);
    if (found.kind === 'hit') return sendCached(request, reply, found.response);
    if (found.kind === 'follow') {
      const response = await found.response;
      if (response) return sendCached(request, reply, response);
      // The leader's reply was not cacheable (an error, a cookie): compute our own.
      return;
    }
    (request as WithState)[STATE] = { lead: found.lead };
    reply.header('x-cache', 'MISS');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = (request as WithState)[STATE];
    if (!state?.lead) return payload;
    const lead = state.lead;
    state.lead = undefined;
    if (!cacheable(reply, payload)) {
      lead.finish(null);
      return payload;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = weakEtag(body);
    reply.header('etag', etag);
    lead.finish({
      status: 200,
      headers: storableHeaders(Object.entries(reply.getHeaders())),
      body,
      etag,
    });
    return payload;
  });

  // A request that ends without onSend (aborted) must not leave its followers waiting.
  const release = async (request: FastifyRequest) => {
    const state = (request as WithState)[STATE];
    state?.lead?.finish(null);
    if (state) state.lead = undefined;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
  return cache;
}
