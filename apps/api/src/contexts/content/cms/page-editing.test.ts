import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsNode, EditorPageDetail, MenuItem } from '@bygg/contracts/cms';
import type { TestApp } from '../../../../test/helper.ts';
import { CONTENT_CHANGED_EVENT } from '@bygg/contracts/cms';
import { buildEditingTestApp, EDITOR } from '../../../../test/editing.ts';

let t: TestApp;
let editorCookie: string;
let adminCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, customerCookie: adminCookie } = await buildEditingTestApp());
});

afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  payload?: object,
  cookie: string | null = editorCookie,
) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
  });

/** The page as a visitor gets it (published pages only), with its children. */
async function visitorPage(path: string): Promise<CmsNode | null> {
  const response = await call(
    'POST',
    '/api/djedi_pages/nodes/',
    { path, namespace: 'pages', children: true },
    null,
  );
  return (response.json() as { nodes: CmsNode[] }).nodes[0] ?? null;
}

async function createPage(body: object): Promise<EditorPageDetail> {
  const response = await call('POST', '/djedi/cms/pages/', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EditorPageDetail;
}

async function addBlock(id: number, body: object): Promise<EditorPageDetail & { blockId: string }> {
  const response = await call('POST', `/djedi/cms/pages/${id}/blocks/`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EditorPageDetail & { blockId: string };
}

describe('who may arrange pages', () => {
  it('answers 401 to a visitor and 403 to a logged-in customer', async () => {
    const anonymous = await call('POST', '/djedi/cms/pages/', { slug: 'x', title: 'X' }, null);
    expect(anonymous.statusCode).toBe(401);
    const customer = await call(
      'POST',
      '/djedi/cms/pages/',
      { slug: 'x', title: 'X' },
      adminCookie,
    );
    expect(customer.statusCode).toBe(403);
    expect((await call('GET', '/djedi/cms/pages/1/', undefined, adminCookie)).statusCode).toBe(403);
    expect((await call('DELETE', '/djedi/cms/pages/1/', undefined, null)).statusCode).toBe(401);
  });
});

describe('pages', () => {
  it('creates a draft subpage that visitors see once it is published, in the subpage list', async () => {
    const created = await createPage({
      parentPath: '/kundservice',
      slug: 'ny-sida',
      title: 'Ny sida',
    });
    expect(created.page).toMatchObject({
      path: '/kundservice/ny-sida',
      namespace: 'pages',
      published: false,
      title: 'Ny sida',
    });
    expect(created.blocks).toEqual([]);
    expect(await visitorPage('/kundservice/ny-sida')).toBeNull();

    const published = await call('PATCH', `/djedi/cms/pages/${created.page.id}/`, {
      published: true,
    });
    expect(published.statusCode).toBe(200);
    expect((await visitorPage('/kundservice/ny-sida'))?.values.content.title).toBe('Ny sida');
    const parent = await visitorPage('/kundservice');
    const titles = parent?.values.content.children.map((c) => c.values.content.title) ?? [];
    expect(titles.at(-1)).toBe('Ny sida');
  });

  it('orders a page among its siblings; the subpage list follows', async () => {
    const page = await createPage({
      parentPath: '/kundservice',
      slug: 'forst',
      title: 'Först',
      published: true,
    });
    const moved = await call('POST', `/djedi/cms/pages/${page.page.id}/position/`, { position: 0 });
    expect(moved.statusCode).toBe(200);
    const parent = await visitorPage('/kundservice');
    expect(parent?.values.content.children[0]?.values.content.title).toBe('Först');
    const detail = (await call('GET', `/djedi/cms/pages/${page.page.parentId}/`)).json();
    expect((detail as EditorPageDetail).children[0]?.id).toBe(page.page.id);
    expect((detail as EditorPageDetail).children.map((c) => c.position)).toEqual(
      (detail as EditorPageDetail).children.map((_, i) => i),
    );
  });

  it('orders main-menu items too, and the menu follows', async () => {
    const before = (await call('GET', '/api/djedi_pages/menu/', undefined, null)).json() as {
      items: MenuItem[];
    };
    const last = before.items.at(-1)!;
    const menuNodes = (
      await call('POST', '/api/djedi_pages/nodes/', { namespace: 'main-menu' }, null)
    ).json() as { nodes: CmsNode[] };
    expect(menuNodes.nodes.length).toBeGreaterThan(1);
    // The editor finds the node id in the menu markup (data-djedi-node); here from the uri list.
    const editorMenu = (await call('GET', '/api/djedi_pages/editor/menu/')).json() as {
      items: Array<{ href: string; field: { uri: string } }>;
    };
    const uri = editorMenu.items.find((item) => item.href === last.href)!.field.uri;
    const id = Number(/node@(\d+)\//.exec(uri)![1]);
    expect(
      (await call('POST', `/djedi/cms/pages/${id}/position/`, { position: 0 })).statusCode,
    ).toBe(200);
    const after = (await call('GET', '/api/djedi_pages/menu/', undefined, null)).json() as {
      items: MenuItem[];
    };
    expect(after.items[0]?.name).toBe(last.name);
  });

  it('renames and moves a page; its subpages move along', async () => {
    const parent = await createPage({ slug: 'flyttas', title: 'Flyttas', published: true });
    const child = await createPage({
      parentPath: '/flyttas',
      slug: 'barn',
      title: 'Barn',
      published: true,
    });
    const moved = await call('PATCH', `/djedi/cms/pages/${parent.page.id}/`, {
      title: 'Flyttad',
      slug: 'flyttad',
      parentPath: '/kundservice',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as EditorPageDetail).page.path).toBe('/kundservice/flyttad');
    expect(await visitorPage('/flyttas')).toBeNull();
    expect((await visitorPage('/kundservice/flyttad'))?.values.content.title).toBe('Flyttad');
    const movedChild = await visitorPage('/kundservice/flyttad/barn');
    expect(movedChild?.values.content.navigation?.href).toBe('/kundservice/flyttad/barn');
    const detail = (await call('GET', `/djedi/cms/pages/${child.page.id}/`)).json();
    expect((detail as EditorPageDetail).page.path).toBe('/kundservice/flyttad/barn');
  });

  it('unpublishes and deletes a page; a page with subpages is kept (409)', async () => {
    const parent = await createPage({ slug: 'tas-bort', title: 'Tas bort', published: true });
    await createPage({ parentPath: '/tas-bort', slug: 'under', title: 'Under', published: true });
    const refused = await call('DELETE', `/djedi/cms/pages/${parent.page.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(await visitorPage('/tas-bort')).not.toBeNull();

    const hidden = await call('PATCH', `/djedi/cms/pages/${parent.page.id}/`, { published: false });
    expect(hidden.statusCode).toBe(200);
    expect(await visitorPage('/tas-bort')).toBeNull();

    const lone = await createPage({ slug: 'ensam', title: 'Ensam', published: true });
    const deleted = await call('DELETE', `/djedi/cms/pages/${lone.page.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(await visitorPage('/ensam')).toBeNull();
    expect((await call('GET', `/djedi/cms/pages/${lone.page.id}/`)).statusCode).toBe(404);
  });

  it('rejects bad input with 400 naming the field, and changes nothing', async () => {
    const badSlug = await call('POST', '/djedi/cms/pages/', { slug: 'Å ä', title: 'X' });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().fields[0].path).toBe('body.slug');
    const noTitle = await call('POST', '/djedi/cms/pages/', { slug: 'utan-rubrik', title: ' ' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().fields[0].path).toBe('body.title');
    const noParent = await call('POST', '/djedi/cms/pages/', {
      parentPath: '/finns-inte',
      slug: 'x',
      title: 'X',
    });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json().fields[0].path).toBe('body.parentPath');
    const taken = await call('POST', '/djedi/cms/pages/', {
      parentPath: '/',
      slug: 'kundservice',
      title: 'Dubblett',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields[0].path).toBe('body.slug');
    expect((await visitorPage('/kundservice'))?.values.content.title).toBe('Kundservice');
    const empty = await call('PATCH', '/djedi/cms/pages/1/', {});
    expect(empty.statusCode).toBe(400);
    const badId = await call('GET', '/djedi/cms/pages/abc/');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields[0].path).toBe('params.id');
    const intoItself = await createPage({ slug: 'sjalv', title: 'Själv', published: true });
    const loop = await call('PATCH', `/djedi/cms/pages/${intoItself.page.id}/`, {
      parentPath: '/sjalv',
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().fields[0].path).toBe('body.parentPath');
  });
});

describe('blocks', () => {
  it('adds, edits, moves and removes blocks; the visitor sees them in order', async () => {
    const page = await createPage({
      parentPath: '/kundservice',
      slug: 'block',
      title: 'Block',
      published: true,
    });
    const id = page.page.id;
    const text = await addBlock(id, { type: 'rich-text', props: { text: '<p>Hej</p>' } });
    const button = await addBlock(id, {
      type: 'button-link',
      props: { label: 'Till kundservice', href: '/kundservice' },
    });
    await addBlock(id, { type: 'form-embed', props: { id: 'kontakt-1' }, position: 0 });
    let blocks = (await visitorPage('/kundservice/block'))?.values.content.blocks ?? [];
    expect(blocks.map((b) => b.type)).toEqual(['form-embed', 'rich-text', 'button-link']);

    const moved = await call('POST', `/djedi/cms/pages/${id}/blocks/${button.blockId}/move/`, {
      direction: 'up',
    });
    expect(moved.statusCode).toBe(200);
    const edited = await call('PUT', `/djedi/cms/pages/${id}/blocks/${text.blockId}/`, {
      props: { text: '<p onclick="x()">Hej igen</p>', align: 'center' },
    });
    expect(edited.statusCode).toBe(200);
    blocks = (await visitorPage('/kundservice/block'))?.values.content.blocks ?? [];
    expect(blocks.map((b) => b.type)).toEqual(['form-embed', 'button-link', 'rich-text']);
    // Stored as written, sanitised on the way out like every rich text.
    expect(blocks[2]?.props.text).toBe('<p>Hej igen</p>');

    const removed = await call('DELETE', `/djedi/cms/pages/${id}/blocks/${button.blockId}/`);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as EditorPageDetail).blocks.map((b) => b.id)).not.toContain(
      button.blockId,
    );
  });

  it("checks a block with its type's rules: 400 naming the field, nothing saved", async () => {
    const page = await createPage({ slug: 'regler', title: 'Regler', published: true });
    const id = page.page.id;
    const cases: Array<[object, string]> = [
      [{ type: 'button-link', props: { href: '/x' } }, 'body.props.label'],
      [
        { type: 'button-link', props: { label: 'X', href: 'javascript:alert(1)' } },
        'body.props.href',
      ],
      [{ type: 'image', props: { alt: 'Bild' } }, 'body.props.url'],
      [{ type: 'form-embed', props: {} }, 'body.props.id'],
      [{ type: 'publication', props: { id: 'ogiltigt id!' } }, 'body.props.id'],
      [{ type: 'rich-text', props: { text: '  ' } }, 'body.props.text'],
      [{ type: 'inte-ett-block', props: {} }, 'body.type'],
      [{ type: 'rich-text', props: 'text' }, 'body.props'],
    ];
    for (const [body, path] of cases) {
      const response = await call('POST', `/djedi/cms/pages/${id}/blocks/`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields[0].path, JSON.stringify(body)).toBe(path);
    }
    const kept = await addBlock(id, { type: 'image', props: { url: '/media/x.jpg' } });
    const badEdit = await call('PUT', `/djedi/cms/pages/${id}/blocks/${kept.blockId}/`, {
      props: { url: '' },
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().fields[0].path).toBe('body.props.url');
    const first = await call('POST', `/djedi/cms/pages/${id}/blocks/${kept.blockId}/move/`, {
      direction: 'up',
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().fields[0].path).toBe('body.direction');
    const missing = await call('DELETE', `/djedi/cms/pages/${id}/blocks/finns-inte/`);
    expect(missing.statusCode).toBe(404);
    const blocks = (await visitorPage('/regler'))?.values.content.blocks ?? [];
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.props.url).toBe('/media/x.jpg');
  });

  it('keeps every change as a version; an older layout can be restored', async () => {
    const page = await createPage({ slug: 'versioner', title: 'Versioner', published: true });
    const id = page.page.id;
    await addBlock(id, { type: 'rich-text', props: { text: '<p>Ett</p>' } });
    const second = await addBlock(id, { type: 'rich-text', props: { text: '<p>Två</p>' } });
    await call('DELETE', `/djedi/cms/pages/${id}/blocks/${second.blockId}/`);
    const uri = page.blocksUri;
    const history = await call('GET', `/djedi/cms/revisions/?uri=${encodeURIComponent(uri)}`);
    expect(history.statusCode).toBe(200);
    const revisions = (history.json() as { revisions: Array<{ version: number; author: string }> })
      .revisions;
    // The empty page before the first change, then three changes.
    expect(revisions.map((r) => r.version)).toEqual([4, 3, 2, 1]);
    expect(revisions[0]?.author).toBe(EDITOR.username);

    const restored = await call('POST', '/djedi/cms/restore/', { uri, version: 3 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().version).toBe(5);
    const blocks = (await visitorPage('/versioner'))?.values.content.blocks ?? [];
    expect(blocks.map((b) => b.props.text)).toEqual(['<p>Ett</p>', '<p>Två</p>']);

    // A block list that breaks a rule cannot be published or restored over the page.
    const broken = await call('POST', '/djedi/cms/publish/', {
      uri,
      value: JSON.stringify([{ type: 'button-link', id: 'k', props: { href: '/x' } }]),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields[0].path).toBe('body.value.0.props.label');
    expect((await visitorPage('/versioner'))?.values.content.blocks).toHaveLength(2);
  });

  it('tells this process that content changed, so caches are dropped', async () => {
    const page = await createPage({ slug: 'cache', title: 'Cache', published: true });
    const seen: unknown[] = [];
    const listener = (change: unknown) => seen.push(change);
    process.on(CONTENT_CHANGED_EVENT, listener);
    try {
      await addBlock(page.page.id, { type: 'rich-text', props: { text: '<p>Ny</p>' } });
    } finally {
      process.off(CONTENT_CHANGED_EVENT, listener);
    }
    expect(seen).toContainEqual({ organisation: 'store-chain', uris: [page.blocksUri] });
  });

  it('shows a renamed menu label at once, not after the menu cache expires', async () => {
    const menu = async () =>
      (
        (await call('GET', '/api/djedi_pages/menu/', undefined, null)).json() as {
          items: MenuItem[];
        }
      ).items;
    const first = (await menu())[0]!;
    const editorMenu = (await call('GET', '/api/djedi_pages/editor/menu/')).json() as {
      items: Array<{ href: string; field: { uri: string } }>;
    };
    const uri = editorMenu.items.find((item) => item.href === first.href)!.field.uri;
    const published = await call('POST', '/djedi/cms/publish/', { uri, value: 'Nytt namn' });
    expect(published.statusCode).toBe(200);
    expect((await menu())[0]?.name).toBe('Nytt namn');
  });
});
