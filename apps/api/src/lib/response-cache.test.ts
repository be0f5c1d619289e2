import { describe, expect, it } from 'vitest';
import {
  matchesEtag,
  normaliseUrl,
  ResponseCache,
  storableHeaders,
  weakEtag,
  type CachedResponse,
} from './response-cache.ts';

function reply(text: string): CachedResponse {
  const body = Buffer.from(text);
  return { status: 200, headers: { 'content-type': 'text/plain' }, body, etag: weakEtag(body) };
}

/** Runs one computation for the key through the cache; returns what the caller would send. */
async function fetchThrough(cache: ResponseCache, key: string, text: string) {
  const found = cache.lookup(key);
  if (found.kind === 'hit') return found.response.body.toString();
  if (found.kind === 'follow') return (await found.response)?.body.toString() ?? null;
  found.lead.finish(reply(text));
  return text;
}

describe('ResponseCache', () => {
  it('serves a stored reply until its time-to-live is over', async () => {
    let now = 1_000;
    const cache = new ResponseCache({
      ttlMs: 5_000,
      maxEntries: 10,
      maxBytes: 1e6,
      now: () => now,
    });
    expect(await fetchThrough(cache, 'a', 'first')).toBe('first');
    now += 4_999;
    expect(await fetchThrough(cache, 'a', 'second')).toBe('first');
    now += 1;
    expect(await fetchThrough(cache, 'a', 'third')).toBe('third');
  });

  it('lets concurrent misses of a key wait for the first computation', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, maxBytes: 1e6 });
    const first = cache.lookup('k');
    const second = cache.lookup('k');
    const third = cache.lookup('k');
    expect(first.kind).toBe('lead');
    expect(second.kind).toBe('follow');
    expect(third.kind).toBe('follow');
    if (first.kind !== 'lead' || second.kind !== 'follow' || third.kind !== 'follow') return;
    first.lead.finish(reply('once'));
    expect((await second.response)?.body.toString()).toBe('once');
    expect((await third.response)?.body.toString()).toBe('once');
    expect(cache.lookup('k').kind).toBe('hit');
  });

  it('tells the waiting requests when the reply could not be kept, and keeps nothing', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, maxBytes: 1e6 });
    const first = cache.lookup('k');
    const second = cache.lookup('k');
    if (first.kind !== 'lead' || second.kind !== 'follow') throw new Error('unexpected');
    first.lead.finish(null);
    expect(await second.response).toBeNull();
    expect(cache.lookup('k').kind).toBe('lead');
  });

  it('does not store a computation that started before clear()', async () => {
    const cache = new ResponseCache({ ttlMs: 5_000, maxEntries: 10, maxBytes: 1e6 });
    const before = cache.lookup('k');
    if (before.kind !== 'lead') throw new Error('unexpected');
    cache.clear();
    // A request after the invalidation does not join the old computation either.
    const after = cache.lookup('k');
    expect(after.kind).toBe('lead');
    before.lead.finish(reply('old'));
    expect(cache.size).toBe(0);
    if (after.kind === 'lead') after.lead.finish(reply('new'));
    expect(await fetchThrough(cache, 'k', 'x')).toBe('new');
  });

  it('evicts the least recently used entry when the entry bound is reached', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 2, maxBytes: 1e6 });
    await fetchThrough(cache, 'a', 'A');
    await fetchThrough(cache, 'b', 'B');
    await fetchThrough(cache, 'a', 'unused'); // a is now the most recent
    await fetchThrough(cache, 'c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.lookup('a').kind).toBe('hit');
    expect(cache.lookup('c').kind).toBe('hit');
    expect(cache.lookup('b').kind).toBe('lead');
  });

  it('keeps the stored bytes under the byte bound and skips a reply larger than it', async () => {
    const cache = new ResponseCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 4_000 });
    for (let i = 0; i < 10; i++) await fetchThrough(cache, `k${i}`, 'x'.repeat(1_000));
    expect(cache.byteSize).toBeLessThanOrEqual(4_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.lookup('k9').kind).toBe('hit');
    await fetchThrough(cache, 'huge', 'x'.repeat(10_000));
    expect(cache.lookup('huge').kind).toBe('lead');
  });
});

describe('helpers', () => {
  it('normalises the query order but keeps repeated parameters in order', () => {
    expect(normaliseUrl('/api/v2.0/products/?store_id=3&page=2&brand=b&brand=a')).toBe(
      '/api/v2.0/products/?brand=b&brand=a&page=2&store_id=3',
    );
    expect(normaliseUrl('/api/v2.0/products/?page=2&store_id=3')).toBe(
      normaliseUrl('/api/v2.0/products/?store_id=3&page=2'),
    );
    expect(normaliseUrl('/api/v2.0/stores/')).toBe('/api/v2.0/stores/');
  });

  it('never stores transfer headers or cookies', () => {
    expect(
      storableHeaders([
        ['Content-Type', 'application/json'],
        ['content-length', 12],
        ['set-cookie', ['a=1']],
        ['date', 'x'],
        ['vary', 'x-organisation'],
      ]),
    ).toEqual({ 'content-type': 'application/json', vary: 'x-organisation' });
  });

  it('matches If-None-Match against the weak validator', () => {
    const etag = weakEtag(Buffer.from('body'));
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(etag.replace('W/', ''), etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});

describe('grace after the time-to-live', () => {
  it('serves the old reply while one request recomputes, within the grace only', async () => {
    let now = 0;
    const cache = new ResponseCache({
      ttlMs: 1_000,
      graceMs: 2_000,
      maxEntries: 10,
      maxBytes: 1e6,
      now: () => now,
    });
    await fetchThrough(cache, 'k', 'old');
    now = 1_500;
    const refresh = cache.lookup('k');
    expect(refresh.kind).toBe('lead');
    const meanwhile = cache.lookup('k');
    expect(meanwhile.kind === 'hit' && meanwhile.response.body.toString()).toBe('old');
    if (refresh.kind === 'lead') refresh.lead.finish(reply('new'));
    expect(await fetchThrough(cache, 'k', 'x')).toBe('new');
    // Past the grace nothing old is served: followers wait for the recomputation.
    now = 1_500 + 1_000 + 2_000;
    const late = cache.lookup('k');
    expect(late.kind).toBe('lead');
    expect(cache.lookup('k').kind).toBe('follow');
  });

  it('serves nothing old after clear()', async () => {
    const cache = new ResponseCache({ ttlMs: 0, graceMs: 60_000, maxEntries: 10, maxBytes: 1e6 });
    await fetchThrough(cache, 'k', 'old');
    cache.clear();
    expect(cache.lookup('k').kind).toBe('lead');
    expect(cache.lookup('k').kind).toBe('follow');
  });
});
