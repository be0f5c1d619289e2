import { createHash } from 'node:crypto';
import fastifyRateLimit, {
  type RateLimitOptions,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { CLIENT_ADDRESS_HEADER } from '@bygg/contracts/common';
import { TooManyRequestsError } from '../kernel/errors.ts';
import { verifiedClientAddress } from '../lib/client-address.ts';

/**
 * Request limits (issues 5 and 15). Over a limit the API answers 428 with the cart's Swedish
 * message, as the storefront spec's cart expects (§4, §8), not 429. Counters live in Redis
 * when REDIS_URL is set (on the invalidation bus's command connection), so every API process
 * shares them; in memory otherwise.
 *
 * Two kinds (ADR 021):
 * - per client, by route group (`rateLimited`): every request of the group counts. The client
 *   is request.clientAddress: the connection's address (X-Forwarded-For only from the proxies
 *   TRUST_PROXY names), or the visitor's address the web server passes on signed.
 * - per thing tried (`FailureCounters`): failed tries of one account's password and one gift
 *   card's PIN, from any client, so rotating addresses does not help a guesser.
 */
export type RateLimitSettings = Record<
  RateLimitGroup | FailureGroup,
  { max: number; timeWindowMs: number }
>;
export type RateLimitGroup = 'giftcard' | 'cart' | 'checkout' | 'login' | 'passwordReset';
export type FailureGroup =
  'loginAccount' | 'loginClient' | 'giftcardNumber' | 'passwordResetAddress';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client the per-client limits count (see above). */
    clientAddress: string;
  }
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  // Card numbers must not be found by trying: a handful of tries per client and 10 minutes.
  giftcard: { max: 10, timeWindowMs: 10 * 60_000 },
  // Generous for people, a stop for scripts hammering the cart.
  cart: { max: 120, timeWindowMs: 60_000 },
  checkout: { max: 20, timeWindowMs: 60_000 },
  // Every login call per client: a flood guard only, generous enough for an office of
  // carpenters behind one address. Guessing is stopped by the two failure counts below.
  login: { max: 100, timeWindowMs: 10 * 60_000 },
  // Wrong passwords from one client over all accounts (credential stuffing); successful logins
  // do not count, so colleagues sharing an address are not stopped by each other.
  loginClient: { max: 20, timeWindowMs: 10 * 60_000 },
  // Wrong passwords of one account from all clients together. Short, so someone failing on
  // purpose locks a victim out for at most 15 minutes, and never on a browser that has logged
  // into the account before (AuthService): scrypt and this give a guesser ~40 tries an hour.
  loginAccount: { max: 10, timeWindowMs: 15 * 60_000 },
  // Wrong PINs of one card number from all clients together: 10,000 PINs take months.
  giftcardNumber: { max: 10, timeWindowMs: 30 * 60_000 },
  // Reset requests per client (428 over it), and per address from all clients: beyond a few
  // an hour no more mails go out, with the same answer, so nobody floods an inbox.
  passwordReset: { max: 30, timeWindowMs: 10 * 60_000 },
  passwordResetAddress: { max: 3, timeWindowMs: 60 * 60_000 },
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

/**
 * Failed tries per thing tried (an account, a card number), from every client together:
 * `blocked` before the try, `fail` after a failed one. Fixed windows from the first failure.
 * A Redis outage counts nothing and blocks nothing, like the per-client limits.
 */
export class FailureCounters {
  private readonly memory = new Map<string, { count: number; resetAt: number }>();

  private readonly deployment: string;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly redis: Redis | null,
    private readonly log: FastifyInstance['log'],
    /** SESSION_SECRET: counters are shared by the processes of one shop, and only by them. */
    secret: string,
  ) {
    this.deployment = deploymentTag(secret);
  }

  private key(group: FailureGroup, subject: string): string {
    return `bygg-fail:${this.deployment}:${group}:${subject}`;
  }

  async blocked(group: FailureGroup, subject: string): Promise<boolean> {
    const key = this.key(group, subject);
    const { max } = this.settings[group];
    if (this.redis) {
      try {
        return Number((await this.redis.get(key)) ?? 0) >= max;
      } catch (err) {
        this.log.warn({ err }, 'failure counter unavailable');
        return false;
      }
    }
    const entry = this.memory.get(key);
    return entry !== undefined && entry.resetAt > Date.now() && entry.count >= max;
  }

  async fail(group: FailureGroup, subject: string): Promise<void> {
    const key = this.key(group, subject);
    const { timeWindowMs } = this.settings[group];
    if (this.redis) {
      try {
        await this.redis.multi().set(key, 0, 'PX', timeWindowMs, 'NX').incr(key).exec();
      } catch (err) {
        this.log.warn({ err }, 'failure counter unavailable');
      }
      return;
    }
    const now = Date.now();
    let entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.memory.size >= 50_000) {
        for (const [k, e] of this.memory) if (e.resetAt <= now) this.memory.delete(k);
      }
      entry = { count: 0, resetAt: now + timeWindowMs };
      this.memory.set(key, entry);
    }
    entry.count += 1;
  }

  /** Throws the 428 when the subject is over its limit. */
  async check(group: FailureGroup, subject: string): Promise<void> {
    if (await this.blocked(group, subject)) throw new TooManyRequestsError(RATE_LIMIT_MESSAGE);
  }
}

/**
 * Names one deployment's counters in a shared Redis: the processes of one shop share a
 * SESSION_SECRET (their cookies must verify everywhere), so they count together, while another
 * shop, a test run or a second e2e server on the same Redis never uses up this one's limits.
 */
export function deploymentTag(secret: string): string {
  return createHash('sha256').update(`bygg rate limits\0${secret}`).digest('hex').slice(0, 12);
}

export async function registerRateLimit(
  app: FastifyInstance,
  options: {
    /** A command connection to share (@fastify/rate-limit's `redis` takes any ioredis client). */
    redis: Redis | null;
    /** Verifies the web server's signed client address (lib/client-address.ts). */
    secret: string;
  },
): Promise<void> {
  const redis = options.redis;
  app.decorateRequest('clientAddress', {
    getter(this: FastifyRequest) {
      return verifiedClientAddress(this.headers[CLIENT_ADDRESS_HEADER], options.secret) ?? this.ip;
    },
  });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: `bygg-rl:${deploymentTag(options.secret)}:` }
      : { store: SharedMemoryStore as unknown as RateLimitPluginOptions['store'] }),
    // A Redis outage must not take the shop down: requests pass uncounted meanwhile.
    skipOnError: true,
    keyGenerator: (request: FastifyRequest) => request.clientAddress,
    errorResponseBuilder: () => new TooManyRequestsError(RATE_LIMIT_MESSAGE),
  });
}
