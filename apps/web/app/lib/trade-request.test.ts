import { describe, expect, it } from 'vitest';
import {
  BoundedTtlCache,
  createTradeRequest,
  nextPage,
  readCookie,
  toQuery,
  TradeRequestError,
  type TradeRequestConfig,
} from './trade-request.ts';

type Call = { url: string; init: RequestInit; headers: Headers };

function recorder(reply: (url: string, init: RequestInit) => Response) {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {}, headers: new Headers(init?.headers) });
    return reply(url, init ?? {});
  }) as typeof fetch;
  return { calls, fetchFn };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function helper(
  reply: (url: string, init: RequestInit) => Response,
  config: Partial<TradeRequestConfig> = {},
) {
  const { calls, fetchFn } = recorder(reply);
  const api = createTradeRequest({
    baseUrl: 'http://api.test/',
    cookies: () => 'sessionid=abc; csrftoken=tok%3D1; bygg_project_token=p%20t',
    fetch: fetchFn,
    ...config,
  });
  return { api, calls };
}

describe('trade request helper', () => {
  it('joins base and path, turns a GET payload into the query string, includes credentials', async () => {
    const { api, calls } = helper(() => json({ ok: 1 }));
    const reply = await api.get('/api/proffs/1/invoice/', {
      status: 'paid',
      ids: [1, 2],
      none: null,
    });
    expect(calls[0]?.url).toBe('http://api.test/api/proffs/1/invoice/?status=paid&ids=1&ids=2');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.headers.get('content-type')).toBeNull();
    expect(reply.data).toEqual({ ok: 1 });
  });

  it('sends JSON for the other methods and form-data as is', async () => {
    const { api, calls } = helper(() => json({}));
    await api.put('x/', { a: 1 });
    await api.patch('x/', { b: 2 });
    await api.delete('x/');
    const form = new FormData();
    form.append('file', 'content');
    await api.post('x/', form);
    expect(calls.map((call) => call.init.method)).toEqual(['PUT', 'PATCH', 'DELETE', 'POST']);
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[2]?.init.body).toBeUndefined();
    expect(calls[2]?.headers.get('content-type')).toBeNull();
    expect(calls[3]?.init.body).toBe(form);
    expect(calls[3]?.headers.get('content-type')).toBeNull();
  });

  it('reads the CSRF token and the project token from the cookies, decoded', async () => {
    const { api, calls } = helper(() => json({}), { organisation: 'store-chain' });
    await api.post('x/', {}, { headers: { 'X-Extra': 'yes' } });
    const headers = calls[0]?.headers;
    expect(headers?.get('X-CSRFToken')).toBe('tok=1');
    expect(headers?.get('authorization')).toBe('Bearer p t');
    expect(headers?.get('x-organisation')).toBe('store-chain');
    expect(headers?.get('x-extra')).toBe('yes');
    // The browser sends its own cookies; only the server forwards them.
    expect(headers?.get('cookie')).toBeNull();
  });

  it('forwards the cookies on the server, uses basic auth and the proxy base by configuration', async () => {
    const { api, calls } = helper(() => json({}), {
      cookies: () => 'sessionid=abc',
      forwardCookies: true,
      basicAuth: { user: 'stage', password: 'hemlig' },
      proxyBase: 'https://proxy.test/base',
    });
    await api.get('api/x/');
    expect(calls[0]?.url).toBe('https://proxy.test/base/api/x/');
    expect(calls[0]?.headers.get('cookie')).toBe('sessionid=abc');
    expect(calls[0]?.headers.get('authorization')).toBe(`Basic ${btoa('stage:hemlig')}`);
    expect(calls[0]?.headers.get('X-CSRFToken')).toBeNull();
  });

  it('reads a body that is not JSON as text and a 204 as null', async () => {
    const { api } = helper((url) =>
      url.endsWith('text/')
        ? new Response('hej', { status: 200 })
        : new Response(null, { status: 204 }),
    );
    expect((await api.get('text/')).data).toBe('hej');
    expect((await api.get('empty/')).data).toBeNull();
  });

  it('throws the spec error for a status below 200 or at 400 and above, carrying the reply', async () => {
    const { api } = helper(() => json({ message: 'Nej' }, 403));
    const error = await api.put('api/x/', { a: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TradeRequestError);
    expect((error as TradeRequestError).message).toBe(
      'Non-success status code (http://api.test/api/x/ [PUT]): 403',
    );
    expect((error as TradeRequestError).response.data).toEqual({ message: 'Nej' });
  });

  it('caches by path and payload only when asked, and keeps only successful replies', async () => {
    let count = 0;
    const { api, calls } = helper(() => json({ count: ++count }, count === 3 ? 500 : 200));
    expect((await api.get('a/', { q: 1 }, { cache: true })).data).toEqual({ count: 1 });
    expect((await api.get('a/', { q: 1 }, { cache: true })).data).toEqual({ count: 1 });
    expect((await api.get('a/', { q: 2 }, { cache: true })).data).toEqual({ count: 2 });
    await expect(api.get('b/', {}, { cache: true })).rejects.toThrow(TradeRequestError);
    expect((await api.get('b/', {}, { cache: true })).data).toEqual({ count: 4 });
    expect((await api.get('a/', { q: 1 })).data).toEqual({ count: 5 });
    expect(calls).toHaveLength(5);
  });

  it('drops a cached reply after 5 minutes', async () => {
    let now = 0;
    let count = 0;
    const { api } = helper(() => json({ count: ++count }), { now: () => now });
    await api.get('a/', undefined, { cache: true });
    now = 5 * 60_000 - 1;
    expect((await api.get('a/', undefined, { cache: true })).data).toEqual({ count: 1 });
    now = 5 * 60_000;
    expect((await api.get('a/', undefined, { cache: true })).data).toEqual({ count: 2 });
  });

  it('follows next by its page parameter and keeps at most 100 entries', async () => {
    const { api, calls } = helper((url) => {
      const page = Number(new URL(url).searchParams.get('page'));
      const results = Array.from({ length: 40 }, (_, index) => (page - 1) * 40 + index);
      return json({ results, next: `http://api.test/list/?page=${page + 1}&status=paid` });
    });
    const list = await api.paginated<number>('list/', { status: 'paid' });
    expect(calls.map((call) => call.url)).toEqual([
      'http://api.test/list/?status=paid&page=1',
      'http://api.test/list/?status=paid&page=2',
      'http://api.test/list/?status=paid&page=3',
    ]);
    expect(list.results).toHaveLength(100);
    expect(list.results.at(-1)).toBe(99);
    expect(list.next).toContain('page=4');
  });

  it('stops at the last page', async () => {
    const { api, calls } = helper((url) => {
      const page = Number(new URL(url).searchParams.get('page'));
      return json({ results: [page], next: page < 2 ? '/list/?page=2' : null });
    });
    expect(await api.paginated('list/')).toEqual({ results: [1, 2], next: null });
    expect(calls).toHaveLength(2);
  });
});

describe('bounded cache', () => {
  it('keeps at most its maximum, dropping the oldest', () => {
    const cache = new BoundedTtlCache<number>(100, 1000, () => 0);
    for (let index = 0; index < 101; index += 1) cache.set(`k${index}`, index);
    expect(cache.size).toBe(100);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1')).toBe(1);
    expect(cache.get('k100')).toBe(100);
  });
});

describe('helpers', () => {
  it('reads cookies, builds queries and next pages', () => {
    expect(readCookie('a=1; csrftoken=x%2Fy', 'csrftoken')).toBe('x/y');
    expect(readCookie('a=1', 'csrftoken')).toBeNull();
    expect(readCookie(null, 'a')).toBeNull();
    expect(toQuery({})).toBe('');
    expect(nextPage('https://x/api/?page=3')).toBe(3);
    expect(nextPage(null)).toBeNull();
    expect(nextPage('/api/?page=abc')).toBeNull();
  });
});
