import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE } from '@bygg/contracts/cart';
import { ORGANISATION_HEADER, type InProcessApi } from '@bygg/contracts/common';
import { ApiResponseError, createApiClient } from '../../../web/app/lib/api.server.ts';
import {
  chooseApiTransport,
  inProcessTransport,
  validatedByApi,
} from '../../../web/app/lib/api-transport.server.ts';
import { parseEnv } from '../../../web/app/lib/env.server.ts';
import { stockedArticles } from '../../test/commerce.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { createInProcessApi, responseSchemaCovers } from './in-process-api.ts';

// The web app names the API by its own port; in process that origin is only a label.
const BASE = 'http://127.0.0.1:3000';

describe('the in-process API against the real app (ADR 048)', () => {
  let t: TestApp;
  let dispatch: InProcessApi;
  let apiFetch: typeof fetch;

  beforeAll(async () => {
    t = await buildTestApp({
      extend: (app) => {
        dispatch = createInProcessApi(app);
      },
    });
    apiFetch = inProcessTransport(dispatch, BASE, () => {
      throw new Error('no HTTP in process');
    }).fetch;
  });
  afterAll(() => t?.close());

  function client(organisation: 'store-chain' | 'building-supply', cookie: string | null = null) {
    return createApiClient({ baseUrl: BASE, organisation, cookie, fetch: apiFetch });
  }

  it("parses the web app's contracts and sends the organisation header", async () => {
    const tree = await client('store-chain').categoryTree();
    expect(tree.categories.length).toBeGreaterThan(0);
    expect((await client('building-supply').organisation()).id).toBe('building-supply');
    expect((await client('store-chain').organisation()).id).toBe('store-chain');
  });

  it('marks a reply its route serialised by a response schema as validated, no other', async () => {
    const headers = { accept: 'application/json', [ORGANISATION_HEADER]: 'store-chain' };
    const tree = await apiFetch(`${BASE}/api/v2.0/category_tree/`, { headers });
    expect(tree.status).toBe(200);
    expect(validatedByApi(tree)).toBe(true);
    const noRoute = await apiFetch(`${BASE}/api/v2.0/finns-inte-alls/`, { headers });
    expect(noRoute.status).toBe(404);
    expect(validatedByApi(noRoute)).toBe(false);
  });

  it('keeps status codes: a 404 is the same ApiResponseError as over HTTP, a missing cart null', async () => {
    const error = await client('store-chain')
      .store(987_654)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).status).toBe(404);
    expect((error as ApiResponseError).message).toBe(
      `Non-success status code (${BASE}/api/v2.0/stores/987654/ [GET]): 404`,
    );
    expect(await client('store-chain').currentCart()).toBeNull();
  });

  it("hands back the API's Set-Cookie lines, and the visitor's cookie reaches the API", async () => {
    const [article] = await stockedArticles(t.database.database.db, 5);
    if (!article) throw new Error('the small seed has no stocked article');
    const added = await apiFetch(`${BASE}/api/v1.0/cart/current/item/`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        cookie: `bygg_store=${article.storeId}`,
      },
      body: JSON.stringify({ article_id: article.articleId, quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const line = added.headers.getSetCookie().find((c) => c.startsWith(`${CART_COOKIE}=`));
    expect(line).toMatch(/HttpOnly/i);
    const cookie = `${line?.split(';')[0]}; bygg_store=${article.storeId}`;
    const cart = await client('store-chain', cookie).currentCart();
    expect(cart?.items.map((item) => item.quantity)).toEqual([1]);
  });
});

describe('inProcessTransport', () => {
  async function echoApp() {
    const app = Fastify();
    app.post('/api/echo/', async (request, reply) => {
      reply.header('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      return reply.code(201).send({
        type: request.headers['content-type'] ?? null,
        body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
        cookie: request.headers.cookie ?? null,
      });
    });
    app.addContentTypeParser(/^multipart\//, { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    app.delete('/api/empty/', async (_request, reply) => reply.code(204).send());
    return app;
  }

  it('sends method, headers, JSON and form bodies; keeps every Set-Cookie and a 204', async () => {
    const app = await echoApp();
    const transport = inProcessTransport(createInProcessApi(app), BASE);
    await app.ready();
    expect(transport.kind).toBe('in-process');
    const json = await transport.fetch(`${BASE}/api/echo/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'sessionid=x' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(json.status).toBe(201);
    expect(json.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await json.json()).toEqual({
      type: 'application/json',
      body: '{"a":1}',
      cookie: 'sessionid=x',
    });
    const form = new FormData();
    form.set('namn', 'Åsa');
    const multipart = (await (
      await transport.fetch(`${BASE}/api/echo/`, { method: 'POST', body: form })
    ).json()) as { type: string; body: string };
    expect(multipart.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(multipart.body).toContain('name="namn"\r\n\r\nÅsa');
    const empty = await transport.fetch(`${BASE}/api/empty/`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
    await app.close();
  });

  it('rejects with the abort reason, and sends other origins over HTTP', async () => {
    const app = await echoApp();
    const sent: string[] = [];
    const transport = inProcessTransport(createInProcessApi(app), BASE, async (input) => {
      sent.push(String(input));
      return new Response('{}');
    });
    await app.ready();
    const aborted = transport.fetch(`${BASE}/api/echo/`, {
      method: 'POST',
      signal: AbortSignal.abort(new Error('visitor left')),
    });
    await expect(aborted).rejects.toThrow('visitor left');
    await transport.fetch('https://proxy.example/api/x/');
    expect(sent).toEqual(['https://proxy.example/api/x/']);
    await app.close();
  });
});

describe('chooseApiTransport', () => {
  const dispatch: InProcessApi = async () => ({
    status: 200,
    headers: {},
    body: new Uint8Array(),
    validated: false,
  });

  it('is in process when the host offers it and API_BASE_URL is unset; HTTP otherwise', () => {
    const local = parseEnv({ NODE_ENV: 'test' });
    const split = parseEnv({ NODE_ENV: 'test', API_BASE_URL: 'https://api.example.se' });
    expect(chooseApiTransport(local, dispatch).kind).toBe('in-process');
    expect(chooseApiTransport(local, null).kind).toBe('http');
    expect(chooseApiTransport(split, dispatch).kind).toBe('http');
  });
});

describe('responseSchemaCovers', () => {
  it('matches the exact status, its class and default, as Fastify picks a serializer', () => {
    expect(responseSchemaCovers({ response: { 200: {} } }, 200)).toBe(true);
    expect(responseSchemaCovers({ response: { '2xx': {} } }, 201)).toBe(true);
    expect(responseSchemaCovers({ response: { default: {} } }, 404)).toBe(true);
    expect(responseSchemaCovers({ response: { 200: {} } }, 404)).toBe(false);
    expect(responseSchemaCovers(undefined, 200)).toBe(false);
  });
});
