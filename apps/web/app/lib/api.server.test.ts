// @vitest-environment node
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDER_ID_HEADER } from '@bygg/contracts/common';
import { TtlCache } from '@bygg/domain/ttl-cache';
import { ApiResponseError, apiFor, createApiClient } from './api.server.ts';

type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

// A real HTTP server answering fixed replies per path, so the client is exercised over
// the network exactly as against the API.
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
const replies: Record<string, { status: number; body: unknown }> = {
  '/api/v2.0/category_tree/': {
    status: 200,
    body: {
      tree_id: 'bk04',
      categories: [
        {
          id: 1,
          name: 'Trävaror',
          slug: 'travaror',
          path: 'travaror',
          level: 1,
          url: '/produkter/travaror',
          product_count: 3,
          children: [],
        },
      ],
    },
  },
  '/api/djedi_pages/footer/': { status: 500, body: { error: 'boom' } },
  '/api/v1.0/cart/current/': { status: 404, body: { statusCode: 404 } },
  '/djedi/nodes/': { status: 200, body: { 'i18n://sv-se@header/x.txt': 'Hej' } },
  '/api/djedi_pages/menu/?namespace=main-menu': { status: 200, body: { items: 'not a list' } },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = replies[req.url ?? ''] ?? { status: 404, body: {} };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function client() {
  return createApiClient({ baseUrl, organisation: 'building-supply', cookie: 'sessionid=abc' });
}

describe('createApiClient', () => {
  it("sends the organisation header and the visitor's cookies, and parses the reply", async () => {
    const tree = await client().categoryTree();
    expect(tree.categories[0]?.name).toBe('Trävaror');
    const request = seen.find((s) => s.url === '/api/v2.0/category_tree/');
    expect(request?.headers['x-organisation']).toBe('building-supply');
    expect(request?.headers.cookie).toBe('sessionid=abc');
  });

  it('asks the API once when two loaders of one request want the same resource', async () => {
    const api = client();
    const before = seen.filter((s) => s.url === '/api/v2.0/category_tree/').length;
    await Promise.all([api.categoryTree(), api.categoryTree()]);
    expect(seen.filter((s) => s.url === '/api/v2.0/category_tree/').length).toBe(before + 1);
  });

  it('shares the category tree between requests when given a shared cache, not failed replies', async () => {
    const shared = new TtlCache<string, unknown>(60_000);
    const treeCalls = () => seen.filter((s) => s.url === '/api/v2.0/category_tree/').length;
    const before = treeCalls();
    const visitor = new AbortController();
    const first = createApiClient({
      baseUrl,
      organisation: 'building-supply',
      cookie: null,
      shared,
      signal: visitor.signal,
    });
    const pending = first.categoryTree();
    // The visitor who asked first leaves: the shared call goes on for the others.
    visitor.abort();
    await expect(pending).resolves.toMatchObject({ tree_id: 'bk04' });
    const second = createApiClient({
      baseUrl,
      organisation: 'building-supply',
      cookie: null,
      shared,
    });
    await second.categoryTree();
    expect(treeCalls()).toBe(before + 1);

    const down = createApiClient({
      baseUrl: 'http://127.0.0.1:1',
      organisation: 'building-supply',
      cookie: null,
      shared: new TtlCache(60_000),
    });
    await expect(down.categoryTree()).rejects.toThrow();
  });

  it("raises 'Non-success status code ({url} [{method}]): {status}' carrying the response", async () => {
    const error = await client()
      .footer()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).message).toBe(
      `Non-success status code (${baseUrl}/api/djedi_pages/footer/ [GET]): 500`,
    );
    expect((error as ApiResponseError).response.status).toBe(500);
  });

  it('posts label defaults as JSON to the content service', async () => {
    const reply = await client().labels({ 'i18n://sv-se@header/x.txt': 'Standard' });
    expect(reply).toEqual({ 'i18n://sv-se@header/x.txt': 'Hej' });
    const request = seen.find((s) => s.url === '/djedi/nodes/');
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '')).toEqual({ 'i18n://sv-se@header/x.txt': 'Standard' });
  });

  it('treats a 404 on the current cart as no cart', async () => {
    await expect(client().currentCart()).resolves.toBeNull();
  });

  it('rejects a reply that does not match the contract', async () => {
    await expect(client().mainMenu()).rejects.toThrow();
  });
});

describe('apiFor', () => {
  it('gives the copies of one render’s request one client, and every other request its own', () => {
    const first = new Request('http://shop.test/produkt/x', {
      headers: { [RENDER_ID_HEADER]: 'render-1', cookie: 'sessionid=abc' },
    });
    // React Router hands each loader a copy like this one.
    const copy = new Request(first.url, { headers: first.headers, signal: first.signal });
    const otherRender = new Request(first.url, { headers: { [RENDER_ID_HEADER]: 'render-2' } });
    expect(apiFor(copy)).toBe(apiFor(first));
    expect(apiFor(otherRender)).not.toBe(apiFor(first));
    // Without a render id (no server in front) only the same request object shares.
    const plain = new Request(first.url);
    expect(apiFor(plain)).toBe(apiFor(plain));
    expect(apiFor(new Request(first.url))).not.toBe(apiFor(plain));
  });
});
