import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, vi } from 'vitest';
import { InvalidationBus } from '../src/lib/invalidation-bus.ts';

/** Test support for the invalidation bus and the caches on it: a real Redis, never a mock. */
export const TEST_REDIS_URL =
  process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A logger whose warnings tests can look at. */
export function recordingLog(): FastifyBaseLogger {
  const log = {
    warn: vi.fn(),
    error: vi.fn(),
    info: vi.fn(),
    debug: vi.fn(),
    trace: vi.fn(),
    fatal: vi.fn(),
    silent: vi.fn(),
    level: 'silent',
    child: () => log,
  };
  return log as unknown as FastifyBaseLogger;
}

export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Buses that stand for separate API processes on one Redis (null: no Redis, in-process only).
 * Their channels carry a prefix of their own, so parallel test files and a running shop do
 * not hear each other. Call it at a test file's top level: it closes its buses after each test.
 */
export function testBuses(redisUrl: string | null = TEST_REDIS_URL) {
  const prefix = `bygg-test-${randomUUID()}:`;
  const opened: InvalidationBus[] = [];
  const closeAll = async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  };
  // Every test leaves with its buses closed.
  afterEach(closeAll);
  return {
    prefix,
    open(log: FastifyBaseLogger = recordingLog()): InvalidationBus {
      const bus = new InvalidationBus({ log, redisUrl: redisUrl ?? undefined, prefix });
      opened.push(bus);
      return bus;
    },
  };
}

/** Waits until `count` subscribers listen on the topic's channel (subscribing is async). */
export async function waitForSubscribers(
  prefix: string,
  topicName: string,
  count: number,
  redisUrl = TEST_REDIS_URL,
): Promise<void> {
  const admin = new Redis(redisUrl);
  try {
    await vi.waitFor(
      async () => {
        const [, n] = (await admin.pubsub('NUMSUB', `${prefix}${topicName}`)) as [string, number];
        if (Number(n) < count) throw new Error(`${n} of ${count} subscribers`);
      },
      { timeout: 5000, interval: 50 },
    );
  } finally {
    admin.disconnect();
  }
}
