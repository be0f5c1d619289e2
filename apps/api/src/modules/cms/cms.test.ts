import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsNode, Footer, MenuItem } from '@bygg/contracts/cms';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const pages = async (payload: object) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/djedi_pages/nodes/', payload });
  return { status: response.statusCode, nodes: (response.json() as { nodes: CmsNode[] }).nodes };
};

describe('POST /api/djedi_pages/nodes/', () => {
  it('finds a page by path and namespace, with its blocks', async () => {
    const { status, nodes } = await pages({ path: '/kundservice', namespace: 'pages' });
    expect(status).toBe(200);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]?.type).toBe('page');
    expect(nodes[0]?.values.content.title).toBe('Kundservice');
    expect(nodes[0]?.values.content.blocks.length).toBeGreaterThan(0);
    expect(nodes[0]?.values.content.children).toEqual([]);
  });

  it('adds the direct children when asked (subpage fetch)', async () => {
    const { nodes } = await pages({ path: 'kundservice/', namespace: 'pages', children: true });
    const children = nodes[0]?.values.content.children ?? [];
    expect(children.map((c) => c.values.content.title)).toContain('Leveranser');
    expect(
      children.every((c) => c.values.content.navigation?.href.startsWith('/kundservice')),
    ).toBe(true);
  });

  it('filters by node type and finds the start page at /', async () => {
    const { nodes } = await pages({ type: 'footer' });
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n) => n.type === 'footer')).toBe(true);
    const start = await pages({ path: '/', namespace: 'pages' });
    expect(start.nodes).toHaveLength(1);
  });

  it('answers an empty list for a path with no page', async () => {
    expect((await pages({ path: '/finns-inte', namespace: 'pages' })).nodes).toEqual([]);
  });

  it('rejects an unknown node type with 400 naming body.type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/djedi_pages/nodes/',
      payload: { type: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].path).toBe('body.type');
  });
});

describe('GET /api/djedi_pages/menu/', () => {
  it('answers the CMS items of the main menu with their children, without Hem and Sortiment', async () => {
    const response = await t.app.inject({ url: '/api/djedi_pages/menu/?namespace=main-menu' });
    expect(response.statusCode).toBe(200);
    const items = (response.json() as { items: MenuItem[] }).items;
    const names = items.map((i) => i.name);
    expect(names).toContain('Kundservice');
    expect(names).not.toContain('Hem');
    expect(names).not.toContain('Sortiment');
    const inspiration = items.find((i) => i.name === 'Inspiration');
    expect(inspiration?.children.length).toBeGreaterThan(0);
    expect(inspiration?.href).toBe('/inspiration');
  });

  it('uses the main menu when no namespace is given and rejects a malformed one', async () => {
    const plain = await t.app.inject({ url: '/api/djedi_pages/menu/' });
    expect((plain.json() as { items: MenuItem[] }).items.length).toBeGreaterThan(0);
    const bad = await t.app.inject({ url: '/api/djedi_pages/menu/?namespace=../x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('query.namespace');
  });
});

describe('GET /api/djedi_pages/footer/', () => {
  it('answers the link columns, contact text and legal line from the CMS', async () => {
    const response = await t.app.inject({ url: '/api/djedi_pages/footer/' });
    expect(response.statusCode).toBe(200);
    const footer = response.json() as Footer;
    expect(footer.columns.length).toBeGreaterThan(0);
    expect(footer.columns.every((c) => c.links.length > 0)).toBe(true);
    expect(footer.contact).toContain('Kundservice');
    expect(footer.legal).toContain('©');
  });
});
