import { describe, expect, it } from 'vitest';
import { ResultCache } from './result-cache.ts';

describe('ResultCache', () => {
  it('returns what was stored until it is five minutes old', () => {
    let now = 0;
    const cache = new ResultCache<string>({ now: () => now });
    cache.set('göteborg', 'svar');
    now = 5 * 60_000 - 1;
    expect(cache.get('göteborg')).toBe('svar');
    now = 5 * 60_000;
    expect(cache.get('göteborg')).toBeUndefined();
  });

  it('keeps at most 100 entries, dropping the least recently used', () => {
    const cache = new ResultCache<number>();
    for (let i = 0; i < 100; i++) cache.set(`q${i}`, i);
    // Reading q0 makes q1 the least recently used one.
    expect(cache.get('q0')).toBe(0);
    cache.set('q100', 100);
    expect(cache.size).toBe(100);
    expect(cache.get('q1')).toBeUndefined();
    expect(cache.get('q0')).toBe(0);
    expect(cache.get('q100')).toBe(100);
  });
});
