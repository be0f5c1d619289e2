import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_INTERVAL_MS, createNodeBatcher } from './batch.ts';
import { ContentFetchError } from './errors.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('createNodeBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for every node requested within 10 ms in one POST of uri → default', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, string | null>;
      return jsonResponse(
        Object.fromEntries(Object.keys(body).map((uri) => [uri, `värde ${uri}`])),
      );
    });
    const batcher = createNodeBatcher({ fetch });
    const a = batcher.get('header/a', 'A');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS - 1);
    const b = batcher.get('header/b.md', null);
    const again = batcher.get('header/a', 'A');
    await vi.advanceTimersByTimeAsync(1);
    await expect(Promise.all([a, b, again])).resolves.toEqual([
      'värde header/a',
      'värde header/b.md',
      'värde header/a',
    ]);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/djedi/nodes/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ 'header/a': 'A', 'header/b.md': null });
  });

  it('sends a later request in a new batch', async () => {
    const fetch = vi.fn(async () => jsonResponse({ x: '1', y: '2' }));
    const batcher = createNodeBatcher({ fetch });
    const x = batcher.get('x');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    const y = batcher.get('y');
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    await expect(Promise.all([x, y])).resolves.toEqual(['1', '2']);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("rejects a node missing from the reply with 'Missing result for node'", async () => {
    const batcher = createNodeBatcher({ fetch: async () => jsonResponse({ finns: 'ja' }) });
    const present = batcher.get('finns');
    const missing = batcher.get('saknas').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    await expect(present).resolves.toBe('ja');
    expect(String(((await missing) as Error).message)).toBe('Missing result for node: saknas');
  });

  it('rejects with the status and text of a reply outside 200–399', async () => {
    const batcher = createNodeBatcher({
      fetch: async () => new Response('Ogiltig nod-uri', { status: 400 }),
    });
    const result = batcher.get('i18n://sv-se@').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    const error = (await result) as ContentFetchError;
    expect(error).toBeInstanceOf(ContentFetchError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Ogiltig nod-uri');
  });

  it("rejects with 'fetch error' and status -1 when no response arrives", async () => {
    const batcher = createNodeBatcher({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const result = batcher.get('header/a').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    const error = (await result) as ContentFetchError;
    expect(error.message).toBe('fetch error');
    expect(error.status).toBe(-1);
  });

  it('treats a reply that is not an object as an error', async () => {
    const batcher = createNodeBatcher({ fetch: async () => jsonResponse(['a']) });
    const result = batcher.get('a').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(BATCH_INTERVAL_MS);
    expect(await result).toBeInstanceOf(ContentFetchError);
  });
});
