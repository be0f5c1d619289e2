import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.ts';

describe('CountCache', () => {
  it('computes a count once within its lifetime and again after it', async () => {
    let clock = 0;
    let runs = 0;
    const cache = new CountCache(1000, 10, () => clock);
    const compute = async () => ++runs;
    expect(await cache.get('a', compute)).toBe(1);
    expect(await cache.get('a', compute)).toBe(1);
    clock = 1001;
    expect(await cache.get('a', compute)).toBe(2);
  });

  it('drops the oldest entry when full', async () => {
    const cache = new CountCache(1000, 2, () => 0);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 4)).toBe(4);
  });

  it('does not keep a failed count', async () => {
    const cache = new CountCache(1000, 2, () => 0);
    await expect(cache.get('a', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('a', async () => 5)).toBe(5);
  });
});
