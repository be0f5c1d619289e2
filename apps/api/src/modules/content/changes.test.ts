import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_CHANGED_EVENT, ContentChanges, type ContentChange } from './changes.ts';

const log = {
  warn: vi.fn(),
  error: vi.fn(),
  info: vi.fn(),
  debug: vi.fn(),
  trace: vi.fn(),
  fatal: vi.fn(),
  child: () => log,
  level: 'silent',
  silent: vi.fn(),
} as unknown as FastifyBaseLogger;

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
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

const opened: ContentChanges[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((changes) => changes.close()));
});

describe('ContentChanges without Redis', () => {
  it('tells this process only: its listeners and the process event', () => {
    const changes = new ContentChanges(log);
    opened.push(changes);
    const heard: ContentChange[] = [];
    const onProcess = vi.fn();
    changes.onChange((change) => heard.push(change));
    process.on(CONTENT_CHANGED_EVENT, onProcess);
    try {
      changes.publish({ organisation: 'store-chain', uris: ['i18n://sv-se@header/a.txt'] });
    } finally {
      process.off(CONTENT_CHANGED_EVENT, onProcess);
    }
    expect(heard).toEqual([{ organisation: 'store-chain', uris: ['i18n://sv-se@header/a.txt'] }]);
    expect(onProcess).toHaveBeenCalledWith({
      organisation: 'store-chain',
      uris: ['i18n://sv-se@header/a.txt'],
    });
  });
});

describe.skipIf(!(await redisReachable()))('ContentChanges with Redis (REDIS_URL)', () => {
  it("applies another process's change once, and its own change once", async () => {
    // Two instances stand for two API processes sharing one Redis.
    const first = new ContentChanges(log, REDIS_URL);
    const second = new ContentChanges(log, REDIS_URL);
    opened.push(first, second);
    const heardByFirst: ContentChange[] = [];
    const heardBySecond: ContentChange[] = [];
    first.onChange((change) => heardByFirst.push(change));
    second.onChange((change) => heardBySecond.push(change));
    // The subscription is ready when a probe message comes through.
    await vi.waitFor(
      () => {
        first.publish({ organisation: 'probe', uris: [] });
        expect(heardBySecond.some((c) => c.organisation === 'probe')).toBe(true);
      },
      { timeout: 5000, interval: 100 },
    );
    // Probes still on their way are left out of what follows.
    const real = (heard: ContentChange[]) => heard.filter((c) => c.organisation !== 'probe');

    first.publish({ organisation: 'store-chain', uris: ['cms://node@5/blocks.json'] });
    await vi.waitFor(() => expect(real(heardBySecond)).toHaveLength(1), { timeout: 5000 });
    expect(real(heardBySecond)[0]).toEqual({
      organisation: 'store-chain',
      uris: ['cms://node@5/blocks.json'],
    });
    // The sender applied it at once and ignores its own echo from Redis.
    second.publish({ organisation: 'store-chain', uris: [] });
    await vi.waitFor(() => expect(real(heardByFirst)).toHaveLength(2), { timeout: 5000 });
    expect(real(heardBySecond)).toHaveLength(2);
    expect(real(heardByFirst)).toHaveLength(2);
  });
});
