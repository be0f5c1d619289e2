import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsNode, Footer } from '@bygg/contracts/cms';
import type { TestApp } from '../../../../test/helper.ts';
import { buildEditingTestApp, EDITOR } from '../../../../test/editing.ts';

// Issue 22, ADR 047: an editor's save is a draft nobody else sees until it is published.

let t: TestApp;
let editorCookie: string;
let userCookie: string;

beforeAll(async () => {
  ({ t, editorCookie, customerCookie: userCookie } = await buildEditingTestApp());
});

afterAll(async () => {
  await t?.close();
});

const post = (url: string, body: unknown, cookie: string | null = editorCookie) =>
  t.app.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {} });
const saveDraft = (uri: string, value: unknown, cookie: string | null = editorCookie) =>
  post('/djedi/cms/draft/', { uri, value }, cookie);
const publishDraft = (uri: string, cookie: string | null = editorCookie) =>
  post('/djedi/cms/draft/publish/', { uri }, cookie);
const discardDraft = (uri: string, cookie: string | null = editorCookie) =>
  post('/djedi/cms/draft/discard/', { uri }, cookie);
const get = (url: string, cookie: string | null = editorCookie) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {} });
const node = async (uri: string) =>
  (await get(`/djedi/cms/node/?uri=${encodeURIComponent(uri)}`)).json();
/** What a shopper (no cookie) reads of a label. */
const label = async (uri: string) =>
  (await post('/djedi/nodes/', { [uri]: null }, null)).json()[uri] as string;
const footer = async () => (await get('/api/djedi_pages/footer/', null)).json() as Footer;
const startPage = async () =>
  (
    (await post('/api/djedi_pages/nodes/', { path: '/', namespace: 'pages' }, null)).json() as {
      nodes: CmsNode[];
    }
  ).nodes[0]!;

describe('drafts of a label', () => {
  const uri = 'i18n://sv-se@header/click-and-collect.txt';

  it('keeps a draft from shoppers until it is published, then publishes it as the next version', async () => {
    const live = await label(uri);
    const before = await node(uri);

    const saved = await saveDraft(uri, 'Hämta samma dag');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toContain('no-store');
    expect(saved.json()).toMatchObject({
      value: before.value,
      version: before.version,
      draft: { value: 'Hämta samma dag', author: EDITOR.username },
    });
    expect(await label(uri)).toBe(live);
    const drafts = (await get('/djedi/cms/drafts/')).json().drafts as Array<{ uri: string }>;
    expect(drafts).toContainEqual({ uri, ext: 'txt', value: 'Hämta samma dag' });

    // A second save replaces the draft; it is still not live.
    await saveDraft(uri, 'Hämta redan i dag');
    expect((await node(uri)).draft.value).toBe('Hämta redan i dag');
    expect(await label(uri)).toBe(live);

    const published = await publishDraft(uri);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      value: 'Hämta redan i dag',
      version: (before.version ?? 1) + 1,
      draft: null,
    });
    expect(await label(uri)).toBe('Hämta redan i dag');
    const history = (await get(`/djedi/cms/revisions/?uri=${encodeURIComponent(uri)}`)).json();
    expect(history.revisions[0]).toMatchObject({ author: EDITOR.username, published: true });
    expect(history.revisions.at(-1)).toMatchObject({ value: live, published: false });

    // Nothing left to publish.
    expect((await publishDraft(uri)).statusCode).toBe(404);
  });

  it('discards a draft and leaves the live value as it was', async () => {
    const live = await label(uri);
    await saveDraft(uri, 'Kastas snart');
    const discarded = await discardDraft(uri);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toMatchObject({ value: live, draft: null });
    expect(await label(uri)).toBe(live);
    expect((await discardDraft(uri)).statusCode).toBe(404);
  });

  it('drops the draft when the node is published directly', async () => {
    await saveDraft(uri, 'Gammalt utkast');
    const published = await post('/djedi/cms/publish/', { uri, value: 'Direkt publicerat' });
    expect(published.json()).toMatchObject({ value: 'Direkt publicerat', draft: null });
    expect((await node(uri)).draft).toBeNull();
  });

  it('sanitises a rich-text draft as a publish would', async () => {
    const saved = await saveDraft(
      'i18n://sv-se@kampanj/utkast.html',
      '<p>Rea<img src=x onerror=alert(1)><script>alert(1)</script></p>',
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft.value).toBe('<p>Rea</p>');
  });

  it('refuses anonymous visitors and users without the editor role with 403', async () => {
    await saveDraft(uri, 'Redaktörens utkast');
    for (const cookie of [null, userCookie]) {
      expect((await saveDraft(uri, 'Hackad', cookie)).statusCode).toBe(403);
      expect((await publishDraft(uri, cookie)).statusCode).toBe(403);
      expect((await discardDraft(uri, cookie)).statusCode).toBe(403);
      expect((await get('/djedi/cms/drafts/', cookie)).statusCode).toBe(403);
      expect((await get('/api/djedi_pages/editor/footer/', cookie)).statusCode).toBe(403);
    }
    expect((await node(uri)).draft.value).toBe('Redaktörens utkast');
    await discardDraft(uri);
  });
});

describe('the footer and the start page hero through drafts', () => {
  it('names the footer fields and publishes a contact text draft to the footer', async () => {
    const fields = (await get('/api/djedi_pages/editor/footer/')).json().fields as Array<{
      uri: string;
      label: string;
      value: string;
    }>;
    const contact = fields.find((f) => f.label === 'Sidfot: kontakt');
    const legal = fields.find((f) => f.label === 'Sidfot: juridisk rad');
    expect(contact?.value).toContain('Kundservice');
    expect(legal?.value).toContain('©');
    expect(fields.some((f) => /^Sidfot: rubrik ”.+”$/.test(f.label))).toBe(true);
    expect(fields.some((f) => /^Sidfot: länk ”.+”$/.test(f.label))).toBe(true);
    expect(fields.every((f) => !f.label.includes('://'))).toBe(true);

    const before = await footer();
    expect(before.contact_node).toBe(contact?.uri);
    expect(before.legal_node).toBe(legal?.uri);
    expect(before.columns[0]?.node).toMatch(/^cms:\/\/node@\d+\/title\.txt$/);

    expect((await saveDraft(contact!.uri, 'Ring oss på 010-100 00 00')).statusCode).toBe(200);
    expect((await footer()).contact).toBe(before.contact);
    expect((await publishDraft(contact!.uri)).statusCode).toBe(200);
    expect((await footer()).contact).toBe('Ring oss på 010-100 00 00');
  });

  it("edits the start page's heading, text, image and link, live only once published", async () => {
    const page = await startPage();
    const nodes = page.hero!.nodes;
    const names = (await get('/api/djedi_pages/editor/page/?path=/')).json().fields as Array<{
      uri: string;
      label: string;
    }>;
    expect(names.find((f) => f.uri === nodes.title)?.label).toBe('Startsidans rubrik');
    expect(names.find((f) => f.uri === nodes.description)?.label).toBe('Startsidans ingress');
    const hrefUri = names.find((f) => f.label === 'Startsidans topp: knappens länk')!.uri;

    await saveDraft(nodes.title, 'Allt för bygget');
    await saveDraft(nodes.image, '/media/hero/altan.jpg');
    await saveDraft(nodes.link_label, 'Se altanvirke');
    await saveDraft(hrefUri, '/sortiment/altan');
    const unchanged = await startPage();
    expect(unchanged.values.content.title).toBe(page.values.content.title);
    expect(unchanged.values.content.featured_image).toBe(page.values.content.featured_image);
    expect(unchanged.hero?.link).toBe(page.hero?.link);

    for (const uri of [nodes.title, nodes.image, nodes.link_label, hrefUri]) {
      expect((await publishDraft(uri)).statusCode, uri).toBe(200);
    }
    const live = await startPage();
    expect(live.values.content.title).toBe('Allt för bygget');
    expect(live.values.content.featured_image?.url).toBe('/media/hero/altan.jpg');
    expect(live.hero?.link).toEqual({ label: 'Se altanvirke', href: '/sortiment/altan' });
  });

  it('rejects bad drafts with 400 naming the field, and unknown nodes with 404', async () => {
    const { hero } = await startPage();
    const hrefUri = hero!.nodes.image.replace('image.txt', 'link-href.txt');
    const cases: Array<[string, unknown, string]> = [
      [hrefUri, 'javascript:alert(1)', 'body.value'],
      [hrefUri, '//evil.example/x', 'body.value'],
      [hero!.nodes.image, 'http://evil.example/a.jpg', 'body.value'],
      [hero!.nodes.title, '   ', 'body.value'],
      [hero!.nodes.title, 5, 'body.value'],
      ['cms://node@1/blocks.json', '[]', 'body.uri'],
      ['header/bild.png', 'x', 'uri'],
    ];
    for (const [uri, value, path] of cases) {
      const response = await saveDraft(uri, value);
      expect(response.statusCode, `${uri} ${String(value)}`).toBe(400);
      expect(response.json().fields[0].path).toBe(path);
    }
    expect((await saveDraft('cms://node@999999/title.txt', 'x')).statusCode).toBe(404);
    expect((await post('/djedi/cms/draft/publish/', {})).statusCode).toBe(400);
  });
});
