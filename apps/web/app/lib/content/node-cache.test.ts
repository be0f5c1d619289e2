import { describe, expect, it } from 'vitest';
import { NodeCache, SERVER_NODE_TTL_MS } from './node-cache.ts';

describe('NodeCache', () => {
  it('keeps a value for the 20000 ms server TTL and not a millisecond longer', () => {
    let now = 1_000;
    const cache = new NodeCache(SERVER_NODE_TTL_MS, () => now);
    cache.set('a', 'värde');
    now += SERVER_NODE_TTL_MS - 1;
    expect(cache.get('a')).toBe('värde');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('remembers a null value as known, unlike a missing one', () => {
    const cache = new NodeCache(SERVER_NODE_TTL_MS);
    cache.set('tom', null);
    expect(cache.get('tom')).toBeNull();
    expect(cache.get('okänd')).toBeUndefined();
  });

  it('forgets the matching keys on invalidate', () => {
    const cache = new NodeCache(Number.POSITIVE_INFINITY);
    cache.set('header/a', '1');
    cache.set('header/b', '2');
    cache.invalidate((key) => key === 'header/a');
    expect(cache.get('header/a')).toBeUndefined();
    expect(cache.get('header/b')).toBe('2');
  });

  it('drops the oldest entry past its size bound', () => {
    const cache = new NodeCache(SERVER_NODE_TTL_MS, Date.now, 2);
    cache.set('a', '1');
    cache.set('b', '2');
    cache.set('c', '3');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('3');
  });
});
