import { describe, expect, it } from 'vitest';
import {
  blockDataNeeds,
  blockIds,
  canonicalBlockType,
  CMS_BLOCK_TYPES,
  decodeBase64Utf8,
  encodeBase64Utf8,
  MAX_BLOCK_DEPTH,
  MISSING_ALT_TEXT,
  parseBlock,
  parseBlocks,
  reachableAnchorLinks,
  safeHref,
  tableLayout,
  videoSource,
  type CmsBlockModel,
  type RawCmsBlock,
} from './cms-blocks.ts';

const block = (type: string, props: Record<string, unknown>, id = 'b1'): RawCmsBlock => ({
  type,
  id,
  props,
});

function ok(raw: RawCmsBlock): CmsBlockModel {
  const result = parseBlock(raw);
  if (!result.ok) throw new Error(`rejected: ${result.reason}`);
  return result.block;
}

function reason(raw: RawCmsBlock): string {
  const result = parseBlock(raw);
  if (result.ok) throw new Error('accepted');
  return result.reason;
}

const rich = (id: string) => block('rich-text', { text: 'Hej' }, id);

describe('canonicalBlockType', () => {
  it('accepts every spelling of a type and refuses unknown ones', () => {
    expect(canonicalBlockType('rich_text')).toBe('rich-text');
    expect(canonicalBlockType('richText')).toBe('rich-text');
    expect(canonicalBlockType('SplitContainer')).toBe('split-container');
    expect(canonicalBlockType('subpageList')).toBe('subpages');
    expect(canonicalBlockType('marquee')).toBeNull();
    for (const type of CMS_BLOCK_TYPES) expect(canonicalBlockType(type)).toBe(type);
  });
});

describe('shared rules', () => {
  it('refuses a block without id, an unknown type and a non-object', () => {
    expect(reason(block('rich-text', { text: 'x' }, ''))).toBe('needs an id');
    expect(reason(block('marquee', {}))).toBe('unknown block type');
    expect(parseBlocks([42, null, 'x']).rejected).toHaveLength(3);
  });

  it('allows site paths, anchors, http(s), mailto and tel links only', () => {
    expect(safeHref('/kundservice')).toBe('/kundservice');
    expect(safeHref('#leveranser')).toBe('#leveranser');
    expect(safeHref('https://example.se/a')).toBe('https://example.se/a');
    expect(safeHref('mailto:kundservice@example.se')).toBe('mailto:kundservice@example.se');
    expect(safeHref('tel:+46101234500')).toBe('tel:+46101234500');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example/x')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('/a b')).toBeNull();
  });

  it('lists rejected inner blocks and stops nesting past the limit', () => {
    let nested: RawCmsBlock = rich('leaf');
    for (let depth = 0; depth <= MAX_BLOCK_DEPTH + 1; depth++) {
      nested = block('grid', { blocks: [nested] }, `g${depth}`);
    }
    const { blocks, rejected } = parseBlocks([nested]);
    expect(rejected.map((r) => r.reason)).toContain('nested too deep');
    expect(blocks).toEqual([]);
  });
});

describe('accordion', () => {
  it('keeps items with title and content and needs at least one', () => {
    const model = ok(
      block('accordion', {
        items: [
          { id: 'q1', title: 'Fråga', content: 'Svar' },
          { id: 'q2', title: '', content: 'Svar' },
          { title: 'Utan id', content: 'Svar' },
        ],
      }),
    );
    expect(model).toMatchObject({
      items: [
        { id: 'q1', title: 'Fråga' },
        { id: 'b1-3', title: 'Utan id' },
      ],
    });
    expect(reason(block('accordion', { items: [] }))).toMatch(/item/);
  });
});

describe('anchor links', () => {
  it('needs a valid target and label, and drops links to ids not on the page', () => {
    const model = ok(
      block('anchor-links', {
        links: [
          { id: 'l1', target: '#leveranser', label: 'Leveranser' },
          { id: 'l2', target: 'returer', label: 'Returer' },
          { id: 'l3', target: '1-bad', label: 'Ogiltig' },
          { id: 'l4', target: 'x', label: '' },
        ],
      }),
    );
    if (model.type !== 'anchor-links') throw new Error('type');
    expect(model.links.map((l) => l.target)).toEqual(['leveranser', 'returer']);
    expect(reachableAnchorLinks(model, new Set(['leveranser'])).map((l) => l.label)).toEqual([
      'Leveranser',
    ]);
  });
});

describe('article', () => {
  it('reads appearance, width and height with safe defaults and needs inner blocks', () => {
    const model = ok(
      block('article', {
        appearance: 'dark-gray',
        width: 'wide',
        minHeight: 5000,
        backgroundImage: 'javascript:x',
        blocks: [rich('inner')],
      }),
    );
    expect(model).toMatchObject({
      appearance: 'dark-gray',
      inverted: true,
      width: 'wide',
      minHeight: 1200,
      backgroundImage: null,
    });
    const fallback = ok(
      block('article', { appearance: 'pink', width: 'huge', blocks: [rich('i')] }),
    );
    expect(fallback).toMatchObject({ appearance: 'light', inverted: false, width: 'normal' });
    expect(ok(block('article', { appearance: 'orange', blocks: [rich('i')] }))).toMatchObject({
      inverted: false,
    });
    expect(reason(block('article', { blocks: [] }))).toMatch(/inner block/);
  });
});

describe('brand tile', () => {
  it('needs a name and a link; size and contained have defaults', () => {
    expect(ok(block('brand', { name: 'Beckers', href: '/produkter?brand=beckers' }))).toMatchObject(
      {
        size: 'medium',
        contained: false,
        image: null,
      },
    );
    expect(reason(block('brand', { href: '/x' }))).toBe('needs a name');
    expect(reason(block('brand', { name: 'X', href: 'javascript:1' }))).toBe('needs a link');
  });
});

describe('button link', () => {
  it('needs a label (spec §5) and a safe link', () => {
    expect(
      ok(block('button-link', { label: 'Till kassan', href: '/kassa', align: 'center' })),
    ).toMatchObject({ align: 'center' });
    expect(reason(block('button-link', { href: '/kassa' }))).toBe('needs a label');
    expect(reason(block('button-link', { label: 'X', href: 'javascript:x' }))).toBe('needs a link');
  });
});

describe('grid', () => {
  it('takes 2, 3 or 4 columns (default 3) and drops broken inner blocks', () => {
    const { blocks, rejected } = parseBlocks([
      block('grid', { columns: 7, blocks: [rich('a'), block('image', {}, 'bad')] }),
    ]);
    expect(blocks[0]).toMatchObject({ columns: 3, blocks: [{ id: 'a' }] });
    expect(rejected).toEqual([{ id: 'bad', type: 'image', reason: 'needs a url' }]);
    expect(ok(block('grid', { columns: 2, blocks: [rich('a')] }))).toMatchObject({ columns: 2 });
  });
});

describe('custom product', () => {
  it('needs a name; the price is kronor or nothing', () => {
    expect(ok(block('custom-product', { name: 'Altanpaket', price: 12995.5 }))).toMatchObject({
      price: 12995.5,
    });
    expect(ok(block('custom-product', { name: 'Altanpaket', price: -1 }))).toMatchObject({
      price: null,
    });
    expect(reason(block('custom-product', { price: 10 }))).toBe('needs a name');
  });
});

describe('embedded HTML', () => {
  it('decodes UTF-8 base64 and refuses empty or broken input', () => {
    const html = '<p>Åäö – <strong>hej</strong></p>';
    expect(decodeBase64Utf8(encodeBase64Utf8(html))).toBe(html);
    expect(ok(block('iframe-embed', { base64EncodedEmbed: encodeBase64Utf8(html) }))).toMatchObject(
      {
        html,
      },
    );
    expect(reason(block('iframe-embed', { base64EncodedEmbed: '%%%' }))).toMatch(/base64/);
    expect(reason(block('iframe-embed', {}))).toMatch(/base64/);
  });
});

describe('single image', () => {
  it("needs a url and falls back to the alt text 'Bildbeskrivning saknas'", () => {
    const model = ok(
      block('image', {
        url: '/media/a.webp',
        thumbnails: [{ url: '/media/a-400.webp', width: 400 }, { url: 'x' }],
      }),
    );
    expect(model).toMatchObject({
      image: { alt: MISSING_ALT_TEXT, thumbnails: [{ width: 400 }] },
      size: 'wide',
    });
    expect(reason(block('image', { caption: 'x' }))).toBe('needs a url');
    expect(reason(block('image', { url: 'http://insecure.example/a.jpg' }))).toBe('needs a url');
  });
});

describe('image grid', () => {
  it('keeps the images that have a url', () => {
    const model = ok(
      block('image-grid', { images: [{ url: '/media/a.webp', alt: 'Altan' }, { caption: 'x' }] }),
    );
    expect(model).toMatchObject({ images: [{ url: '/media/a.webp', alt: 'Altan' }] });
    expect(reason(block('image-grid', { images: [{}] }))).toMatch(/image/);
  });
});

describe('form embed and publication', () => {
  it('need an id (spec §5)', () => {
    expect(ok(block('form-embed', { id: 'kontakt-2026' }))).toMatchObject({
      formId: 'kontakt-2026',
    });
    expect(reason(block('form-embed', {}))).toBe('needs a form id');
    expect(reason(block('form-embed', { id: '../x' }))).toBe('needs a form id');
    expect(ok(block('publication', { id: 'katalog2026' }))).toMatchObject({
      publicationId: 'katalog2026',
    });
    expect(reason(block('publication', { id: '' }))).toBe('needs a publication id');
  });
});

describe('page, product link and recommendations', () => {
  it('need a site path, a product slug and a key', () => {
    expect(ok(block('page', { path: '/kundservice' }))).toMatchObject({ path: '/kundservice' });
    expect(reason(block('page', { path: 'https://x.example' }))).toBe('needs a page path');
    expect(ok(block('product-link', { slug: 'trall-28x120' }))).toMatchObject({ label: null });
    expect(reason(block('product-link', { slug: 'Trall 28' }))).toBe('needs a product slug');
    expect(ok(block('recommendations', { key: 'popular' }))).toMatchObject({ key: 'popular' });
    expect(reason(block('recommendations', {}))).toBe('needs a recommendations key');
  });

  it('collects what must be fetched, inner blocks included', () => {
    const { blocks } = parseBlocks([
      block('product-link', { slug: 'a' }, 'p1'),
      block(
        'grid',
        {
          blocks: [block('product-link', { slug: 'b' }, 'p2'), block('page', { path: '/x' }, 'p3')],
        },
        'g',
      ),
      block('recommendations', { key: 'popular' }, 'r'),
    ]);
    expect(blockDataNeeds(blocks)).toEqual({
      productSlugs: ['a', 'b'],
      recommendationKeys: ['popular'],
      pagePaths: ['/x'],
    });
    expect([...blockIds(blocks)].sort()).toEqual(['g', 'p1', 'p2', 'p3', 'r']);
  });
});

describe('rich text', () => {
  it('needs text and aligns left by default', () => {
    expect(ok(block('rich-text', { text: '<p>Hej</p>' }))).toMatchObject({ align: 'left' });
    expect(reason(block('rich-text', { text: '  ' }))).toBe('needs text');
  });
});

describe('split columns', () => {
  it('needs two columns with some content', () => {
    expect(
      ok(
        block('split-container', {
          hasBackground: true,
          align: 'center',
          columns: [[rich('a')], []],
        }),
      ),
    ).toMatchObject({ hasBackground: true, align: 'center', columns: [[{ id: 'a' }], []] });
    expect(reason(block('split-container', { columns: [[rich('a')]] }))).toMatch(/two columns/);
    expect(reason(block('split-container', { columns: [[], []] }))).toMatch(/content/);
  });
});

describe('subpages', () => {
  it('is a grid of cards or a list of buttons', () => {
    expect(ok(block('subpages', {}))).toMatchObject({ layout: 'grid', variant: 'card' });
    expect(ok(block('subpages', { layout: 'list', variant: 'button' }))).toMatchObject({
      layout: 'list',
      variant: 'button',
    });
  });
});

describe('table', () => {
  it('picks the layout class by column count (spec §3)', () => {
    expect([1, 2, 3, 4, 9].map(tableLayout)).toEqual([
      'single',
      'double',
      'triple',
      'full',
      'full',
    ]);
  });

  it('pads and cuts rows to the column count and needs a column', () => {
    const model = ok(
      block('table', {
        columns: [{ value: 'Sätt' }, { value: 'Pris', alignment: 'right' }],
        rows: [['Hämta'], ['Bud', 79, 'extra'], 'inte en rad'],
      }),
    );
    expect(model).toMatchObject({
      layout: 'double',
      columns: [{ alignment: 'left' }, { alignment: 'right' }],
      rows: [
        ['Hämta', ''],
        ['Bud', '79'],
      ],
    });
    expect(reason(block('table', { columns: [] }))).toMatch(/column/);
  });
});

describe('video', () => {
  it('turns YouTube and Vimeo links into privacy-enhanced players and accepts video files', () => {
    expect(videoSource('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'embed',
      url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(videoSource('https://youtu.be/dQw4w9WgXcQ')?.url).toContain('youtube-nocookie');
    expect(videoSource('https://vimeo.com/76979871')).toEqual({
      kind: 'embed',
      url: 'https://player.vimeo.com/video/76979871?dnt=1',
    });
    expect(videoSource('/media/film.mp4')).toEqual({ kind: 'file', url: '/media/film.mp4' });
    expect(videoSource('https://evil.example/x.html')).toBeNull();
    expect(reason(block('video', { url: 'ftp://x' }))).toMatch(/url/);
    expect(ok(block('video', { url: '/media/film.webm' }))).toMatchObject({ title: 'Video' });
  });
});
