import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isApiPath, mountWebApp, sendWebResponse, toWebRequest } from './host.ts';

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
  async function appWith(handler: (request: Request) => Promise<Response>) {
    const app = Fastify();
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.route({
      method: ['GET', 'POST'],
      url: '/*',
      handler: async (request, reply) =>
        sendWebResponse(reply, await handler(toWebRequest(request, reply))),
    });
    await app.ready();
    return app;
  }

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
