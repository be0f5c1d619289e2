import { describe, expect, it, vi } from 'vitest';
import {
  redisReachable,
  testBuses,
  waitForSubscribers,
} from '../../../../test/invalidation-bus.ts';
import { CONTENT_CHANGED_EVENT } from '@bygg/contracts/cms';
import { CONTENT_CHANGED, ContentChanges, type ContentChange } from './changes.ts';

const inProcess = testBuses(null);
const withRedis = testBuses();

describe('ContentChanges without Redis', () => {
  it('tells this process only: its listeners and the process event', () => {
    const changes = new ContentChanges(inProcess.open());
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
  it("applies another process's change once, with the process event, and its own once", async () => {
    // Two buses stand for two API processes sharing one Redis.
    const first = new ContentChanges(withRedis.open());
    const second = new ContentChanges(withRedis.open());
    const heardByFirst: ContentChange[] = [];
    const heardBySecond: ContentChange[] = [];
    first.onChange((change) => heardByFirst.push(change));
    second.onChange((change) => heardBySecond.push(change));
    await waitForSubscribers(withRedis.prefix, CONTENT_CHANGED.name, 2);

    const onProcess = vi.fn();
    process.on(CONTENT_CHANGED_EVENT, onProcess);
    try {
      first.publish({ organisation: 'store-chain', uris: ['cms://node@5/blocks.json'] });
      await vi.waitFor(() => expect(heardBySecond).toHaveLength(1), { timeout: 5000 });
      // Both "processes" share this one: the sender's emit and the receiver's.
      expect(onProcess).toHaveBeenCalledTimes(2);
    } finally {
      process.off(CONTENT_CHANGED_EVENT, onProcess);
    }
    expect(heardBySecond[0]).toEqual({
      organisation: 'store-chain',
      uris: ['cms://node@5/blocks.json'],
    });
    // The sender applied it at once and ignores its own echo from Redis.
    second.publish({ organisation: 'store-chain', uris: [] });
    await vi.waitFor(() => expect(heardByFirst).toHaveLength(2), { timeout: 5000 });
    expect(heardBySecond).toHaveLength(2);
    expect(heardByFirst).toHaveLength(2);
  });
});
