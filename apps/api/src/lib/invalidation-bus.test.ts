import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { InvalidationBus, type Topic } from './invalidation-bus.ts';
import {
  recordingLog,
  redisReachable,
  TEST_REDIS_URL,
  testBuses,
  waitForSubscribers,
} from '../../test/invalidation-bus.ts';

type Drop = { key: string };
const DROP: Topic<Drop> = {
  name: 'drop',
  accepts: (value): value is Drop =>
    typeof value === 'object' && value !== null && typeof (value as Drop).key === 'string',
};
const OTHER: Topic<Drop> = { ...DROP, name: 'other' };

const buses = testBuses(null);
const redisBuses = testBuses();

describe('InvalidationBus without Redis', () => {
  it("delivers at once to the topic's listeners only, until they unsubscribe", () => {
    const bus = buses.open();
    const heard: Drop[] = [];
    const other = vi.fn();
    const unsubscribe = bus.subscribe(DROP, (drop) => heard.push(drop));
    bus.subscribe(OTHER, other);
    bus.publish(DROP, { key: 'a' });
    expect(heard).toEqual([{ key: 'a' }]);
    expect(other).not.toHaveBeenCalled();
    unsubscribe();
    bus.publish(DROP, { key: 'b' });
    expect(heard).toEqual([{ key: 'a' }]);
    expect(bus.redis).toBeNull();
  });

  it('logs a failing listener and still calls the others', () => {
    const log = recordingLog();
    const bus = buses.open(log);
    const after = vi.fn();
    bus.subscribe(DROP, () => {
      throw new Error('boom');
    });
    bus.subscribe(DROP, after);
    expect(() => bus.publish(DROP, { key: 'a' })).not.toThrow();
    expect(after).toHaveBeenCalledWith({ key: 'a' });
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('delivers nothing after close', async () => {
    const bus = buses.open();
    const listener = vi.fn();
    bus.subscribe(DROP, listener);
    await bus.close();
    bus.publish(DROP, { key: 'a' });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('InvalidationBus with an unreachable Redis', () => {
  it('still delivers in this process and only warns', async () => {
    const log = recordingLog();
    // Port 1 refuses connections: Redis is down.
    const bus = new InvalidationBus({ log, redisUrl: 'redis://127.0.0.1:1', prefix: 'x:' });
    try {
      const listener = vi.fn();
      bus.subscribe(DROP, listener);
      bus.publish(DROP, { key: 'a' });
      expect(listener).toHaveBeenCalledWith({ key: 'a' });
      await vi.waitFor(() => expect(log.warn).toHaveBeenCalled(), { timeout: 5000 });
    } finally {
      await bus.close();
    }
  });
});

describe.skipIf(!(await redisReachable()))('InvalidationBus with Redis', () => {
  it('delivers to another process once, and to the sender once (no echo)', async () => {
    const first = redisBuses.open();
    const second = redisBuses.open();
    const heardByFirst: Drop[] = [];
    const heardBySecond: Drop[] = [];
    first.subscribe(DROP, (drop) => heardByFirst.push(drop));
    second.subscribe(DROP, (drop) => heardBySecond.push(drop));
    await waitForSubscribers(redisBuses.prefix, DROP.name, 2);

    first.publish(DROP, { key: 'a' });
    expect(heardByFirst).toEqual([{ key: 'a' }]);
    await vi.waitFor(() => expect(heardBySecond).toEqual([{ key: 'a' }]), { timeout: 5000 });
    second.publish(DROP, { key: 'b' });
    await vi.waitFor(() => expect(heardByFirst).toEqual([{ key: 'a' }, { key: 'b' }]), {
      timeout: 5000,
    });
    // A last message through first marks the end: nothing else may have arrived by then.
    first.publish(DROP, { key: 'end' });
    await vi.waitFor(() => expect(heardBySecond.at(-1)).toEqual({ key: 'end' }), {
      timeout: 5000,
    });
    expect(heardBySecond).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'end' }]);
    expect(heardByFirst).toEqual([{ key: 'a' }, { key: 'b' }, { key: 'end' }]);
  });

  it("ignores messages that are not JSON envelopes or fail the topic's check", async () => {
    const bus = redisBuses.open();
    const heard: Drop[] = [];
    bus.subscribe(DROP, (drop) => heard.push(drop));
    await waitForSubscribers(redisBuses.prefix, DROP.name, 1);
    const raw = new Redis(TEST_REDIS_URL);
    try {
      const channel = `${redisBuses.prefix}${DROP.name}`;
      await raw.publish(channel, 'not json');
      await raw.publish(channel, JSON.stringify({ origin: 'elsewhere', payload: { key: 1 } }));
      await raw.publish(channel, JSON.stringify({ key: 'no envelope' }));
      await raw.publish(channel, JSON.stringify({ origin: 'elsewhere', payload: { key: 'ok' } }));
      // Redis keeps a connection's messages in order: once 'ok' is here, the others were too.
      await vi.waitFor(() => expect(heard).toEqual([{ key: 'ok' }]), { timeout: 5000 });
    } finally {
      raw.disconnect();
    }
  });

  it('shares its command connection: it answers commands', async () => {
    const bus = redisBuses.open();
    expect(await bus.redis?.ping()).toBe('PONG');
  });
});
