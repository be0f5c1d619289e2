import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CART_COOKIE } from '@bygg/contracts/cart';
import { CLIENT_ADDRESS_HEADER, RENDER_ID_HEADER } from '@bygg/contracts/common';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import { readVisitor } from '../../web/app/lib/visitor.server.ts';
import {
  createPageCache,
  createPageHandler,
  isApiPath,
  mountWebApp,
  PAGE_BYPASS_COOKIES,
  PAGE_KEY_COOKIES,
  renonce,
  sendWebResponse,
  toWebRequest,
} from './host.ts';
import { verifiedClientAddress } from './lib/client-address.ts';
import { invalidateCatalogueCaches } from './plugins/response-cache.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { WebRequestContext } from './host.ts';

describe('isApiPath', () => {
  it('tells API, content-service and media paths from page paths', () => {
    expect(isApiPath('/api/v2.0/stores/?count=5')).toBe(true);
    expect(isApiPath('/djedi/nodes/')).toBe(true);
    expect(isApiPath('/media/products/a/320.webp')).toBe(true);
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/apifoo')).toBe(false);
    expect(isApiPath('/butiker/uppsala')).toBe(false);
  });
});

describe('Fastify ↔ Web Request/Response', () => {
  async function appWith(
    handler: (request: Request) => Promise<Response>,
    context: WebRequestContext = {},
  ) {
    const app = Fastify();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request, reply) =>
        sendWebResponse(reply, await handler(toWebRequest(request, reply, context))),
    });
    await app.ready();
    return app;
  }

  it("gives the web app the visitor's address signed, whatever a browser sent", async () => {
    const secret = 'h'.repeat(40);
    const app = await appWith(
      async (request) =>
        Response.json({
          client: verifiedClientAddress(request.headers.get(CLIENT_ADDRESS_HEADER) ?? '', secret),
        }),
      { clientAddressSecret: secret },
    );
    const response = await app.inject({
      url: '/kassa?steg=2',
      remoteAddress: '192.0.2.44',
      headers: { [CLIENT_ADDRESS_HEADER]: 'chosen-by-the-browser' },
    });
    expect(response.json()).toEqual({ client: '192.0.2.44' });
  });

  it('passes method, url, headers and the streamed form body to the handler', async () => {
    const app = await appWith(async (request) =>
      Response.json({
        method: request.method,
        url: request.url,
        cookie: request.headers.get('cookie'),
        body: await request.text(),
      }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/kassa?steg=2',
      headers: {
        host: 'shop.example',
        cookie: 'a=1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'intent=add&quantity=2',
    });
    expect(response.json()).toEqual({
      method: 'POST',
      url: 'http://shop.example/kassa?steg=2',
      cookie: 'a=1',
      body: 'intent=add&quantity=2',
    });
  });

  it('gives every render its own render id, whatever id the browser sent', async () => {
    const app = await appWith(async (request) =>
      Response.json({ id: request.headers.get(RENDER_ID_HEADER) }),
    );
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const response = await app.inject({
        url: '/produkt/x',
        headers: { [RENDER_ID_HEADER]: 'chosen-by-the-browser' },
      });
      ids.push((response.json() as { id: string }).id);
    }
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('keeps every Set-Cookie header and the status of the response', async () => {
    const app = await appWith(async () => {
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
      headers.append('set-cookie', 'session=abc; HttpOnly');
      headers.append('set-cookie', 'store=12; Path=/');
      return new Response('<h1>Sidan kunde inte hittas</h1>', { status: 404, headers });
    });
    const response = await app.inject({ url: '/saknas' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['set-cookie']).toEqual(['session=abc; HttpOnly', 'store=12; Path=/']);
    expect(response.body).toBe('<h1>Sidan kunde inte hittas</h1>');
  });
});

describe('mountWebApp', () => {
  it('mounts nothing when the web app has not been built', async () => {
    const app = Fastify();
    expect(await mountWebApp(app, '/nonexistent/web/build')).toBe(false);
  });
});

describe('the page micro-cache', () => {
  type Render = (request: Request) => Promise<Response>;

  async function pageApp(render: Render) {
    const app = Fastify();
    await app.register(fastifyCookie);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const cache = createPageCache();
    const calls = { count: 0 };
    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: createPageHandler(async (request) => {
        calls.count += 1;
        return render(request);
      }, cache),
    });
    await app.ready();
    return { app, calls, cache };
  }

  const html = (body: string, init: ResponseInit = {}) =>
    new Response(body, {
      ...init,
      headers: { 'content-type': 'text/html; charset=utf-8', ...(init.headers ?? {}) },
    });

  /** A render that shows what the root loader would read: the chosen store. */
  const byStore: Render = async (request) => {
    const store = /bygg_store=(\d+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? 'ingen';
    return html(`<p>Butik ${store}</p>`);
  };

  it('keeps an anonymous page and keys it on the store cookie', async () => {
    const { app, calls } = await pageApp(byStore);
    const one = await app.inject({ url: '/produkt/spik', headers: { cookie: 'bygg_store=1' } });
    const two = await app.inject({ url: '/produkt/spik', headers: { cookie: 'bygg_store=2' } });
    const oneAgain = await app.inject({
      url: '/produkt/spik',
      headers: { cookie: 'bygg_store=1; _ga=GA1.2.3' },
    });
    expect(one.body).toBe('<p>Butik 1</p>');
    expect(two.body).toBe('<p>Butik 2</p>');
    expect(oneAgain.body).toBe('<p>Butik 1</p>');
    expect([one, two, oneAgain].map((r) => r.headers['x-cache'])).toEqual(['MISS', 'MISS', 'HIT']);
    expect(oneAgain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(calls.count).toBe(2);
    // Other URLs, and the same URL in B2B mode, are other pages.
    await app.inject({ url: '/produkt/spik?bild=2', headers: { cookie: 'bygg_store=1' } });
    await app.inject({ url: '/produkt/spik', headers: { cookie: 'bygg_store=1; bygg_mode=B2B' } });
    expect(calls.count).toBe(4);
  });

  it('buffers a streamed render once and answers If-None-Match with 304', async () => {
    const { app, calls } = await pageApp(async () => {
      const parts = ['<html>', '<body>Strömmad</body>', '</html>'];
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = parts.shift();
          if (next === undefined) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(new TextEncoder().encode(next));
        },
      });
      return new Response(stream, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    });
    const first = await app.inject({ url: '/' });
    expect(first.body).toBe('<html><body>Strömmad</body></html>');
    const etag = first.headers.etag as string;
    const second = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(calls.count).toBe(1);
  });

  it('never keeps a render that sets a cookie, fails, is not HTML, or is personal', async () => {
    let kind: 'cookie' | 'error' | 'json' | 'no-store' = 'cookie';
    const { app, calls } = await pageApp(async () => {
      if (kind === 'cookie') return html('<p>Hej</p>', { headers: { 'set-cookie': 'a=1' } });
      if (kind === 'error') return html('<p>Fel</p>', { status: 500 });
      if (kind === 'no-store') {
        return html('<p>Logga in</p>', { headers: { 'cache-control': 'private, no-store' } });
      }
      return Response.json({ ok: true });
    });
    for (kind of ['cookie', 'error', 'json', 'no-store'] as const) {
      const first = await app.inject({ url: `/${kind}` });
      const second = await app.inject({ url: `/${kind}` });
      expect(second.headers['x-cache']).toBeUndefined();
      expect(second.body).toBe(first.body);
      if (kind === 'cookie') expect(second.headers['set-cookie']).toEqual(['a=1']);
    }
    expect(calls.count).toBe(8);
  });

  it('renders for itself every request with a session or cart cookie, and every POST', async () => {
    const { app, calls } = await pageApp(byStore);
    await app.inject({ url: '/kassa', headers: { cookie: 'bygg_store=1' } });
    for (const cookie of ['sessionid=abc; bygg_store=1', 'bygg_cart=x; bygg_store=1']) {
      const response = await app.inject({ url: '/kassa', headers: { cookie } });
      expect(response.headers['x-cache']).toBeUndefined();
    }
    const post = await app.inject({ method: 'POST', url: '/kassa', payload: 'a=1' });
    expect(post.headers['x-cache']).toBeUndefined();
    expect(calls.count).toBe(4);
  });

  it('never keeps a draft preview (?forhandsvisning=1), with or without a session', async () => {
    const { app, calls } = await pageApp(byStore);
    for (const url of ['/?forhandsvisning=1', '/?a=1&forhandsvisning=1', '/?forhandsvisning=1']) {
      const response = await app.inject({ url, headers: { cookie: 'bygg_store=1' } });
      expect(response.headers['x-cache'], url).toBeUndefined();
    }
    expect(calls.count).toBe(3);
    // The same page without the parameter is kept as usual.
    await app.inject({ url: '/', headers: { cookie: 'bygg_store=1' } });
    expect(
      (await app.inject({ url: '/', headers: { cookie: 'bygg_store=1' } })).headers['x-cache'],
    ).toBe('HIT');
  });

  it('renders once for concurrent views of one page, and again after invalidation', async () => {
    const { app, calls } = await pageApp(async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return html('<p>Samma</p>');
    });
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => app.inject({ url: '/produkter' })),
    );
    expect(calls.count).toBe(1);
    expect(replies.every((r) => r.body === '<p>Samma</p>')).toBe(true);
    invalidateCatalogueCaches();
    await app.inject({ url: '/produkter' });
    expect(calls.count).toBe(2);
  });
});

describe('the page micro-cache and the CSP nonce (ADR 023)', () => {
  /** The real order: security headers first (a nonce per request), then the page route. */
  async function noncedPageApp() {
    const app = Fastify();
    await app.register(fastifyCookie);
    await registerSecurityHeaders(app, {
      stripe: false,
      tagManager: false,
      errorReportingDsn: null,
      iframeHosts: [],
    });
    const renders: string[] = [];
    app.route({
      method: ['GET'],
      url: '/*',
      handler: createPageHandler(async (_request, context) => {
        renders.push(context.cspNonce);
        return new Response(`<script nonce="${context.cspNonce}">1</script>`, {
          headers: { 'content-type': 'text/html; charset=utf-8' },
        });
      }, createPageCache()),
    });
    await app.ready();
    return { app, renders };
  }

  const nonceOfHeader = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

  it('replays a kept page with the nonce of the header it is sent with', async () => {
    const { app, renders } = await noncedPageApp();
    const first = await app.inject({ url: '/produkter' });
    const second = await app.inject({ url: '/produkter' });
    expect(second.headers['x-cache']).toBe('HIT');
    expect(renders).toHaveLength(1);
    for (const reply of [first, second]) {
      const nonce = nonceOfHeader(reply.headers['content-security-policy']);
      expect(nonce).toBeTruthy();
      expect(reply.body).toBe(`<script nonce="${nonce}">1</script>`);
    }
    expect(nonceOfHeader(second.headers['content-security-policy'])).not.toBe(renders[0]);
  });

  it('sends no policy with a 304: the browser keeps the copy and the nonce it has', async () => {
    const { app } = await noncedPageApp();
    const first = await app.inject({ url: '/' });
    const again = await app.inject({
      url: '/',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
    expect(again.headers['x-frame-options']).toBe('DENY');
  });
});

describe('renonce', () => {
  it('replaces every occurrence of the old nonce and nothing else, bytes intact', () => {
    const body = Buffer.from('<script nonce="AAA">å</script><p>AAB</p><script nonce="AAA">');
    expect(renonce(body, 'AAA', 'B+/=').toString()).toBe(
      '<script nonce="B+/=">å</script><p>AAB</p><script nonce="B+/=">',
    );
  });
});

describe('the page cache key covers every cookie a render reads', () => {
  const known = new Set([...PAGE_KEY_COOKIES, ...PAGE_BYPASS_COOKIES]);
  const secret = 'test-secret-for-the-page-cache-audit-0000000000000000';

  it('readVisitor (the root loader) reads no cookie outside the key and the bypass list', () => {
    const header = [
      ...Object.values(COOKIE_NAMES).map((name) => `${name}=1`),
      `${CART_COOKIE}=x`,
      'bygg_future=1',
      '_ga=GA1',
    ].join('; ');
    const read = new Set<string>();
    const original = Map.prototype.get;
    // Only the parsed cookie map holds the '_ga' marker: names read from it are cookies.
    Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {
      if (typeof key === 'string' && original.call(this, '_ga') === 'GA1') read.add(key);
      return original.call(this, key);
    };
    try {
      readVisitor(new Request('http://shop.example/', { headers: { cookie: header } }), secret);
    } finally {
      Map.prototype.get = original;
    }
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !known.has(name))).toEqual([]);
  });

  it('cookies outside the key do not change what readVisitor sees', () => {
    const keyed = 'bygg_store=12; bygg_mode=B2B; bygg_consent=true; bygg_marketing=false';
    const visitor = (cookie: string) =>
      readVisitor(new Request('http://shop.example/', { headers: { cookie } }), secret);
    expect(visitor(`${keyed}; _ga=GA1; other=2; bygg_future=1`)).toEqual(visitor(keyed));
    for (const name of PAGE_KEY_COOKIES) {
      const without = keyed
        .split('; ')
        .filter((part) => !part.startsWith(`${name}=`))
        .join('; ');
      expect(visitor(without), name).not.toEqual(visitor(keyed));
    }
  });

  it('every cookie name the web app refers to is in the key or the bypass list', () => {
    const webApp = fileURLToPath(new URL('../../web/app/', import.meta.url));
    const names = new Set<string>();
    for (const file of readdirSync(webApp, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx)$/.test(file) || /\.test\./.test(file)) continue;
      const source = readFileSync(path.join(webApp, file), 'utf8');
      for (const m of source.matchAll(/COOKIE_NAMES\.(\w+)/g)) {
        const name = COOKIE_NAMES[m[1] as keyof typeof COOKIE_NAMES];
        names.add(name ?? `COOKIE_NAMES.${m[1]}`);
      }
      if (source.includes('CART_COOKIE')) names.add(CART_COOKIE);
      for (const m of source.matchAll(/['"`](bygg_\w+)=?['"`]/g)) names.add(m[1] as string);
    }
    expect(names.size).toBeGreaterThan(3);
    expect([...names].filter((name) => !known.has(name))).toEqual([]);
  });
});
