import fastifyRateLimit, {
  type RateLimitOptions,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../kernel/errors.ts';

/**
 * Per-client request limits (issue 5). Over the limit the API answers 428 with the cart's
 * Swedish message, as the storefront spec's cart expects (§4, §8), not 429. Counters live in
 * Redis when REDIS_URL is set (on the invalidation bus's command connection), so every API
 * process shares them; in memory otherwise.
 * Only routes that name a group below are limited.
 */
export type RateLimitSettings = Record<RateLimitGroup, { max: number; timeWindowMs: number }>;
export type RateLimitGroup = 'giftcard' | 'cart' | 'checkout' | 'login';

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  // Card numbers must not be found by trying: a handful of tries per client and 10 minutes.
  giftcard: { max: 10, timeWindowMs: 10 * 60_000 },
  // Generous for people, a stop for scripts hammering the cart.
  cart: { max: 120, timeWindowMs: 60_000 },
  checkout: { max: 20, timeWindowMs: 60_000 },
  // Passwords must not be found by trying either; scrypt already makes each try cost ~0.2 s.
  login: { max: 30, timeWindowMs: 10 * 60_000 },
};

export const RATE_LIMIT_MESSAGE =
  'Du har gjort för många försök på kort tid. Vänta en stund och försök igen.';

/** The route option that puts a route in a group: `config: rateLimited(settings, 'cart')`. */
export function rateLimited(
  settings: RateLimitSettings | false,
  group: RateLimitGroup,
): { rateLimit: RateLimitOptions | false } {
  if (settings === false) return { rateLimit: false };
  const { max, timeWindowMs } = settings[group];
  return { rateLimit: { max, timeWindow: timeWindowMs, groupId: group } };
}

type IncrCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/**
 * The in-memory counters, one map for every route: the library's own local store keeps one
 * map per route, so two routes of a group (balance lookup and applying a gift card) would
 * each allow the full count. Keys already carry the group id. Fixed windows; old entries are
 * swept when the map grows.
 */
class SharedMemoryStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  incr(key: string, callback: IncrCallback, timeWindow: number): void {
    const now = Date.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 50_000) this.sweep(now);
      entry = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    callback(null, { current: entry.count, ttl: entry.resetAt - now });
  }

  child(): SharedMemoryStore {
    return this;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

export async function registerRateLimit(
  app: FastifyInstance,
  /** A command connection to share (@fastify/rate-limit's `redis` takes any ioredis client). */
  options: { redis: Redis | null },
): Promise<void> {
  const redis = options.redis;
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: 'bygg-rl:' }
      : { store: SharedMemoryStore as unknown as RateLimitPluginOptions['store'] }),
    // A Redis outage must not take the shop down: requests pass uncounted meanwhile.
    skipOnError: true,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: () => new TooManyRequestsError(RATE_LIMIT_MESSAGE),
  });
}
