// @vitest-environment node
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSharedReplies } from '~/lib/api.server.ts';
import { loader } from './resources.menu.tsx';

type LoaderArgs = Parameters<typeof loader>[0];

// A real HTTP server stands in for the API; the reply of the category tree can be switched.
let server: Server;
let treeReply: { status: number; body: unknown };

const TREE = {
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
      children: [
        {
          id: 11,
          name: 'Reglar',
          slug: 'reglar',
          path: 'travaror/reglar',
          level: 2,
          url: '/produkter/travaror/reglar',
          product_count: 2,
          children: [],
        },
      ],
    },
  ],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const reply =
      req.url === '/api/v2.0/category_tree/' ? treeReply : { status: 404, body: { error: 'nej' } };
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

// The server keeps the tree between requests; each test sets its own API reply.
beforeEach(() => clearSharedReplies());

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function get() {
  const reply = await loader({
    request: new Request('http://localhost/resurser/meny'),
  } as LoaderArgs);
  // data() wraps the body and the status in the route's reply.
  const { data, init } = reply as unknown as { data: unknown; init: ResponseInit | null };
  return { body: data, status: init?.status ?? 200, headers: new Headers(init?.headers) };
}

describe('menu resource route (issue 3)', () => {
  it("answers the category tree as the menu's nodes, cacheable", async () => {
    treeReply = { status: 200, body: TREE };
    const reply = await get();
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('public, max-age=300');
    expect(reply.body).toEqual({
      children: [
        {
          id: 'category:1',
          name: 'Trävaror',
          href: '/produkter/travaror',
          children: [
            {
              id: 'category:11',
              name: 'Reglar',
              href: '/produkter/travaror/reglar',
              children: [],
            },
          ],
        },
      ],
    });
  });

  it("answers 502 with 'Kunde inte ladda kategorierna' when the API fails", async () => {
    treeReply = { status: 500, body: { error: 'boom' } };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = await get();
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ error: 'Kunde inte ladda kategorierna' });
    expect(error).toHaveBeenCalledWith(
      'Could not load the category tree for the menu; the page continues without it:',
      expect.anything(),
    );
    error.mockRestore();
  });
});
