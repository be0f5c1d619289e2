import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('computes once while the entry is fresh and again after it expires', async () => {
    let now = 0;
    let computed = 0;
    const cache = new TtlCache<string, number>(1000, () => now);
    const compute = async () => ++computed;
    expect(await cache.get('a', compute)).toBe(1);
    now = 999;
    expect(await cache.get('a', compute)).toBe(1);
    now = 1000;
    expect(await cache.get('a', compute)).toBe(2);
  });

  it('does not keep a failed computation', async () => {
    const cache = new TtlCache<string, number>(1000);
    await expect(cache.get('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
