import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
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

/** The Redis channel other processes' invalidations arrive on. */
export const INVALIDATION_CHANNEL = 'bygg:catalogue-invalidate';
/** This process's name on the channel, so it does not clear twice on its own message. */
const PROCESS_ID = randomUUID();

/** Every response cache of this process (API replies, rendered pages). */
const registry = new Set<ResponseCache>();
/** Where invalidations are published; one per app registered with a Redis URL. */
const publishers = new Set<Redis>();

export function registerCache(cache: ResponseCache): () => void {
  registry.add(cache);
  return () => registry.delete(cache);
}

/**
 * Drops every cached reply and page of this process only: for changes that already reach the
 * other processes by their own channel (content publishes, see modules/content/changes.ts).
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
  clearLocalResponseCaches();
  for (const redis of publishers) {
    redis.publish(INVALIDATION_CHANNEL, PROCESS_ID).catch(() => {
      /* logged by the client's error handler; the TTL bounds the staleness */
    });
  }
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
  redisUrl?: string | undefined;
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

  if (settings.redisUrl) {
    const options = { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false };
    const publisher = new Redis(settings.redisUrl, { ...options, enableOfflineQueue: false });
    const subscriber = new Redis(settings.redisUrl, options);
    for (const client of [publisher, subscriber]) {
      client.on('error', (err) => app.log.warn({ err }, 'response-cache redis error'));
    }
    subscriber.subscribe(INVALIDATION_CHANNEL).catch((err: unknown) => {
      app.log.warn({ err }, 'response-cache: no invalidations from other processes');
    });
    subscriber.on('message', (channel, sender) => {
      if (channel === INVALIDATION_CHANNEL && sender !== PROCESS_ID) clearLocalResponseCaches();
    });
    publishers.add(publisher);
    app.addHook('onClose', async () => {
      publishers.delete(publisher);
      publisher.disconnect();
      subscriber.disconnect();
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
