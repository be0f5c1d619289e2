/**
 * CMS page blocks (storefront.md §2 "CMS page blocks", §3 "CMS block fields", §5): each
 * block type's fields and rules as pure functions. The CMS stores blocks as
 * `{ type, id, props }` with free-form props; `parseBlock` turns one into a typed model or a
 * rejection with a reason. A rejected block is not drawn (and the caller logs the reason):
 * a broken block never breaks the page.
 */

export type RawCmsBlock = { type: string; id: string; props: Record<string, unknown> };

export const CMS_BLOCK_TYPES = [
  'accordion',
  'anchor-links',
  'article',
  'brand',
  'button-link',
  'grid',
  'custom-product',
  'iframe-embed',
  'image',
  'image-grid',
  'form-embed',
  'page',
  'product-link',
  'publication',
  'recommendations',
  'rich-text',
  'split-container',
  'subpages',
  'table',
  'video',
] as const;
export type CmsBlockType = (typeof CMS_BLOCK_TYPES)[number];

/** Other spellings editors and older content use for the same block. */
const ALIASES: Readonly<Record<string, CmsBlockType>> = {
  accordion: 'accordion',
  anchorlinks: 'anchor-links',
  anchors: 'anchor-links',
  article: 'article',
  brand: 'brand',
  brandtile: 'brand',
  buttonlink: 'button-link',
  button: 'button-link',
  grid: 'grid',
  customproduct: 'custom-product',
  iframeembed: 'iframe-embed',
  embeddedhtml: 'iframe-embed',
  htmlembed: 'iframe-embed',
  image: 'image',
  singleimage: 'image',
  imagegrid: 'image-grid',
  formembed: 'form-embed',
  form: 'form-embed',
  page: 'page',
  productlink: 'product-link',
  publication: 'publication',
  publicationembed: 'publication',
  recommendations: 'recommendations',
  richtext: 'rich-text',
  splitcontainer: 'split-container',
  splitcolumns: 'split-container',
  subpages: 'subpages',
  subpagelist: 'subpages',
  table: 'table',
  video: 'video',
};

/** 'rich_text', 'richText' and 'rich-text' all name the rich-text block. */
export function canonicalBlockType(type: string): CmsBlockType | null {
  return ALIASES[type.toLowerCase().replace(/[^a-z]/g, '')] ?? null;
}

// Spec §3: article appearances and widths.
export const ARTICLE_APPEARANCES = [
  'light',
  'dark',
  'gray',
  'sand',
  'orange',
  'light-orange',
  'dark-gray',
] as const;
export type ArticleAppearance = (typeof ARTICLE_APPEARANCES)[number];
export const ARTICLE_WIDTHS = ['normal', 'wide'] as const;
export type ArticleWidth = (typeof ARTICLE_WIDTHS)[number];

/** Spec §5: an image without alt text is described with this text. */
export const MISSING_ALT_TEXT = 'Bildbeskrivning saknas';

export type Align = 'left' | 'center' | 'right';
export type Thumbnail = { url: string; width: number };
export type ImageModel = {
  url: string;
  alt: string;
  thumbnails: Thumbnail[];
  /** A short label drawn over the image, e.g. 'Nyhet'. */
  tag: string | null;
  caption: string | null;
};

export type CmsBlockModel =
  | { type: 'accordion'; id: string; items: Array<{ id: string; title: string; content: string }> }
  | {
      type: 'anchor-links';
      id: string;
      links: Array<{ id: string; target: string; label: string }>;
    }
  | {
      type: 'article';
      id: string;
      title: string | null;
      appearance: ArticleAppearance;
      /** Light text on dark appearances (dark, dark-gray); dark text otherwise. */
      inverted: boolean;
      backgroundImage: string | null;
      /** CSS pixels, 0 to 1200. */
      minHeight: number | null;
      width: ArticleWidth;
      blocks: CmsBlockModel[];
    }
  | {
      type: 'brand';
      id: string;
      href: string;
      image: string | null;
      name: string;
      size: 'small' | 'medium' | 'large';
      /** The logo is fitted inside the tile with padding instead of filling it. */
      contained: boolean;
    }
  | { type: 'button-link'; id: string; href: string; label: string; align: Align }
  | { type: 'grid'; id: string; columns: 2 | 3 | 4; blocks: CmsBlockModel[] }
  | {
      type: 'custom-product';
      id: string;
      brand: string | null;
      name: string;
      /** Kronor including VAT (decimal), as the product API serves prices; null: no price shown. */
      price: number | null;
      image: string | null;
      href: string | null;
    }
  | { type: 'iframe-embed'; id: string; html: string; title: string }
  | {
      type: 'image';
      id: string;
      image: ImageModel;
      href: string | null;
      size: 'small' | 'medium' | 'large' | 'wide';
    }
  | { type: 'image-grid'; id: string; images: ImageModel[] }
  | { type: 'form-embed'; id: string; formId: string; title: string }
  | { type: 'page'; id: string; path: string }
  | { type: 'product-link'; id: string; slug: string; label: string | null }
  | { type: 'publication'; id: string; publicationId: string; title: string }
  | { type: 'recommendations'; id: string; key: string; title: string | null }
  | { type: 'rich-text'; id: string; text: string; align: Align }
  | {
      type: 'split-container';
      id: string;
      hasBackground: boolean;
      align: 'top' | 'center' | 'bottom';
      columns: [CmsBlockModel[], CmsBlockModel[]];
    }
  | { type: 'subpages'; id: string; layout: 'grid' | 'list'; variant: 'card' | 'button' }
  | {
      type: 'table';
      id: string;
      columns: Array<{ value: string; alignment: Align }>;
      /** Every row has exactly one cell per column (short rows padded, long rows cut). */
      rows: string[][];
      layout: TableLayout;
    }
  | {
      type: 'video';
      id: string;
      /** 'embed': a privacy-enhanced player page for an iframe; 'file': a video file. */
      source: { kind: 'embed' | 'file'; url: string };
      title: string;
      caption: string | null;
    };

export type CmsBlockRejection = { id: string; type: string; reason: string };
export type ParsedBlock = { ok: true; block: CmsBlockModel } | ({ ok: false } & CmsBlockRejection);

// ---------------------------------------------------------------------------------------------
// Field readers: props are untrusted JSON.

function text(props: Record<string, unknown>, name: string): string | null {
  const value = props[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function align(props: Record<string, unknown>): Align {
  return oneOf(props.align, ['left', 'center', 'right'] as const, 'left');
}

/**
 * Links editors may enter: a site path ('/kundservice'), an in-page anchor, or an absolute
 * http(s), mailto or tel address. Anything else (javascript:, data:, protocol-relative) is
 * refused so a block can never carry script.
 */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const href = value.trim();
  if (href === '' || /\s/.test(href)) return null;
  if (href.startsWith('//')) return null;
  if (href.startsWith('/') || href.startsWith('#')) return href;
  return /^(https?:\/\/[^/]|mailto:|tel:)/i.test(href) ? href : null;
}

/** Image addresses: site paths or https (plain http would be mixed content). */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https:\/\/[^/\s]+\/\S*$/i.test(url) ? url : null;
}

function thumbnails(value: unknown): Thumbnail[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const thumb = record(item);
    const url = safeImageUrl(thumb?.url);
    const width = thumb?.width;
    return url && typeof width === 'number' && Number.isInteger(width) && width > 0
      ? [{ url, width }]
      : [];
  });
}

/** Spec §5: an image needs a url; alt falls back to 'Bildbeskrivning saknas'. */
export function parseImage(props: Record<string, unknown>): ImageModel | null {
  const url = safeImageUrl(props.url);
  if (!url) return null;
  return {
    url,
    alt: text(props, 'alt') ?? MISSING_ALT_TEXT,
    thumbnails: thumbnails(props.thumbnails),
    tag: text(props, 'tag'),
    caption: text(props, 'caption'),
  };
}

/** An HTML id usable as an anchor target: letters first, then letters, digits, - and _. */
export function anchorId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim().replace(/^#/, '');
  return /^[A-Za-z][\w-]{0,99}$/.test(id) ? id : null;
}

/** Spec §3: table layout class by column count: 1 single, 2 double, 3 triple, otherwise full. */
export type TableLayout = 'single' | 'double' | 'triple' | 'full';
export function tableLayout(columnCount: number): TableLayout {
  if (columnCount === 1) return 'single';
  if (columnCount === 2) return 'double';
  return columnCount === 3 ? 'triple' : 'full';
}

/** Dark appearances carry light text; every other appearance is light enough for dark text. */
export function isInvertedAppearance(appearance: ArticleAppearance): boolean {
  return appearance === 'dark' || appearance === 'dark-gray';
}

/** External form and publication identifiers: what the embedding services accept. */
const EXTERNAL_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/;

/**
 * Video addresses: YouTube and Vimeo links become their privacy-enhanced player pages
 * (youtube-nocookie, Vimeo with dnt=1); a direct .mp4 or .webm file over https or on the site
 * plays in the browser's own player. Anything else is refused.
 */
export function videoSource(value: unknown): { kind: 'embed' | 'file'; url: string } | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  const youtube =
    /^https:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/|youtube-nocookie\.com\/embed\/)([\w-]{11})/.exec(
      url,
    );
  if (youtube)
    return { kind: 'embed', url: `https://www.youtube-nocookie.com/embed/${youtube[1]}` };
  const vimeo = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{4,12})/.exec(url);
  if (vimeo) return { kind: 'embed', url: `https://player.vimeo.com/video/${vimeo[1]}?dnt=1` };
  const file = safeImageUrl(url);
  return file && /\.(mp4|webm)(\?\S*)?$/i.test(file) ? { kind: 'file', url: file } : null;
}

/**
 * The embedded-HTML block carries its markup base64-encoded (UTF-8). The API sanitises it
 * before serving; this only decodes.
 */
export function decodeBase64Utf8(value: string): string | null {
  try {
    const binary = atob(value.replace(/\s+/g, ''));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeBase64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

// ---------------------------------------------------------------------------------------------
// Parsers, one per block type.

/** Containers (article, grid, split columns) may nest, but not without bound. */
export const MAX_BLOCK_DEPTH = 3;

type Context = { depth: number; rejected: CmsBlockRejection[] };
type Parser = (block: RawCmsBlock, ctx: Context) => CmsBlockModel | string;

function children(value: unknown, ctx: Context): CmsBlockModel[] {
  if (!Array.isArray(value)) return [];
  const inner = { ...ctx, depth: ctx.depth + 1 };
  return value.flatMap((item) => {
    const parsed = parseWithin(item, inner);
    return parsed ? [parsed] : [];
  });
}

const PARSERS: Readonly<Record<CmsBlockType, Parser>> = {
  accordion: ({ id, props }) => {
    const items = (Array.isArray(props.items) ? props.items : []).flatMap((item, index) => {
      const fields = record(item);
      const title = fields && text(fields, 'title');
      const content = fields && text(fields, 'content');
      if (!title || !content) return [];
      return [{ id: anchorId(fields.id) ?? `${id}-${index + 1}`, title, content }];
    });
    return items.length > 0
      ? { type: 'accordion', id, items }
      : 'needs an item with title and content';
  },
  'anchor-links': ({ id, props }) => {
    const links = (Array.isArray(props.links) ? props.links : []).flatMap((item, index) => {
      const fields = record(item);
      const target = anchorId(fields?.target);
      const label = fields && text(fields, 'label');
      if (!target || !label) return [];
      return [{ id: anchorId(fields.id) ?? `${id}-${index + 1}`, target, label }];
    });
    return links.length > 0
      ? { type: 'anchor-links', id, links }
      : 'needs a link with target and label';
  },
  article: ({ id, props }, ctx) => {
    const blocks = children(props.blocks, ctx);
    if (blocks.length === 0) return 'needs at least one inner block';
    const appearance = oneOf(props.appearance, ARTICLE_APPEARANCES, 'light');
    const minHeight =
      typeof props.minHeight === 'number' && Number.isFinite(props.minHeight)
        ? Math.min(1200, Math.max(0, Math.round(props.minHeight)))
        : null;
    return {
      type: 'article',
      id,
      title: text(props, 'title'),
      appearance,
      inverted: isInvertedAppearance(appearance),
      backgroundImage: safeImageUrl(props.backgroundImage),
      minHeight: minHeight === 0 ? null : minHeight,
      width: oneOf(props.width, ARTICLE_WIDTHS, 'normal'),
      blocks,
    };
  },
  brand: ({ id, props }) => {
    const name = text(props, 'name');
    const href = safeHref(props.href);
    if (!name) return 'needs a name';
    if (!href) return 'needs a link';
    return {
      type: 'brand',
      id,
      href,
      name,
      image: safeImageUrl(props.image),
      size: oneOf(props.size, ['small', 'medium', 'large'] as const, 'medium'),
      contained: props.contained === true,
    };
  },
  'button-link': ({ id, props }) => {
    const label = text(props, 'label');
    const href = safeHref(props.href);
    if (!label) return 'needs a label';
    if (!href) return 'needs a link';
    return { type: 'button-link', id, label, href, align: align(props) };
  },
  grid: ({ id, props }, ctx) => {
    const blocks = children(props.blocks, ctx);
    if (blocks.length === 0) return 'needs at least one inner block';
    const columns = props.columns === 2 || props.columns === 4 ? props.columns : 3;
    return { type: 'grid', id, columns, blocks };
  },
  'custom-product': ({ id, props }) => {
    const name = text(props, 'name');
    if (!name) return 'needs a name';
    const price =
      typeof props.price === 'number' && Number.isFinite(props.price) && props.price >= 0
        ? props.price
        : null;
    return {
      type: 'custom-product',
      id,
      name,
      brand: text(props, 'brand'),
      price,
      image: safeImageUrl(props.image),
      href: safeHref(props.href),
    };
  },
  'iframe-embed': ({ id, props }) => {
    const encoded = text(props, 'base64EncodedEmbed');
    const html = encoded ? decodeBase64Utf8(encoded) : null;
    if (!html || html.trim() === '') return 'needs base64EncodedEmbed with markup';
    return { type: 'iframe-embed', id, html, title: text(props, 'title') ?? 'Inbäddat innehåll' };
  },
  image: ({ id, props }) => {
    const image = parseImage(props);
    if (!image) return 'needs a url';
    return {
      type: 'image',
      id,
      image,
      href: safeHref(props.href),
      size: oneOf(props.size, ['small', 'medium', 'large', 'wide'] as const, 'wide'),
    };
  },
  'image-grid': ({ id, props }) => {
    const images = (Array.isArray(props.images) ? props.images : []).flatMap((item) => {
      const fields = record(item);
      const image = fields && parseImage(fields);
      return image ? [image] : [];
    });
    return images.length > 0 ? { type: 'image-grid', id, images } : 'needs an image with a url';
  },
  'form-embed': ({ id, props }) => {
    const formId = text(props, 'id') ?? text(props, 'formId');
    if (!formId || !EXTERNAL_ID.test(formId)) return 'needs a form id';
    return { type: 'form-embed', id, formId, title: text(props, 'title') ?? 'Formulär' };
  },
  page: ({ id, props }) => {
    const path = safeHref(props.path);
    return path?.startsWith('/') ? { type: 'page', id, path } : 'needs a page path';
  },
  'product-link': ({ id, props }) => {
    const slug = text(props, 'slug');
    if (!slug || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return 'needs a product slug';
    return { type: 'product-link', id, slug, label: text(props, 'label') };
  },
  publication: ({ id, props }) => {
    const publicationId = text(props, 'id') ?? text(props, 'publicationId');
    if (!publicationId || !EXTERNAL_ID.test(publicationId)) return 'needs a publication id';
    return { type: 'publication', id, publicationId, title: text(props, 'title') ?? 'Publikation' };
  },
  recommendations: ({ id, props }) => {
    const key = text(props, 'key') ?? text(props, 'recommendationsKey');
    if (!key || !/^[a-z0-9_-]{1,50}$/.test(key)) return 'needs a recommendations key';
    return { type: 'recommendations', id, key, title: text(props, 'title') };
  },
  'rich-text': ({ id, props }) => {
    const value = text(props, 'text');
    if (!value) return 'needs text';
    return { type: 'rich-text', id, text: value, align: align(props) };
  },
  'split-container': ({ id, props }, ctx) => {
    const raw = Array.isArray(props.columns) ? props.columns : [];
    if (raw.length !== 2) return 'needs exactly two columns';
    const columns: [CmsBlockModel[], CmsBlockModel[]] = [
      children(raw[0], ctx),
      children(raw[1], ctx),
    ];
    if (columns[0].length + columns[1].length === 0) return 'needs content in a column';
    return {
      type: 'split-container',
      id,
      hasBackground: props.hasBackground === true,
      align: oneOf(props.align, ['top', 'center', 'bottom'] as const, 'top'),
      columns,
    };
  },
  subpages: ({ id, props }) => ({
    type: 'subpages',
    id,
    layout: props.layout === 'list' ? 'list' : 'grid',
    variant: props.variant === 'button' ? 'button' : 'card',
  }),
  table: ({ id, props }) => {
    const columns = (Array.isArray(props.columns) ? props.columns : []).flatMap((item) => {
      const fields = record(item);
      const value = typeof fields?.value === 'string' ? fields.value.trim() : null;
      return value === null
        ? []
        : [
            {
              value,
              alignment: oneOf(fields?.alignment, ['left', 'center', 'right'] as const, 'left'),
            },
          ];
    });
    if (columns.length === 0) return 'needs at least one column';
    const rows = (Array.isArray(props.rows) ? props.rows : [])
      .filter((row): row is unknown[] => Array.isArray(row))
      .map((row) =>
        columns.map((_, index) => {
          const cell = row[index];
          return typeof cell === 'string' || typeof cell === 'number' ? String(cell) : '';
        }),
      );
    return { type: 'table', id, columns, rows, layout: tableLayout(columns.length) };
  },
  video: ({ id, props }) => {
    const source = videoSource(props.url);
    if (!source) return 'needs a YouTube, Vimeo, .mp4 or .webm url';
    return {
      type: 'video',
      id,
      source,
      title: text(props, 'title') ?? 'Video',
      caption: text(props, 'caption'),
    };
  },
};

function rawBlock(value: unknown): RawCmsBlock | null {
  const fields = record(value);
  if (!fields || typeof fields.type !== 'string') return null;
  const id =
    typeof fields.id === 'string' || typeof fields.id === 'number' ? String(fields.id) : '';
  return { type: fields.type, id, props: record(fields.props) ?? {} };
}

function parseWithin(value: unknown, ctx: Context): CmsBlockModel | null {
  const raw = rawBlock(value);
  const result = raw
    ? parseOne(raw, ctx)
    : ({ ok: false, id: '', type: '', reason: 'not a block' } as const);
  if (result.ok) return result.block;
  ctx.rejected.push({ id: result.id, type: result.type, reason: result.reason });
  return null;
}

function parseOne(raw: RawCmsBlock, ctx: Context): ParsedBlock {
  const reject = (reason: string): ParsedBlock => ({
    ok: false,
    id: raw.id,
    type: raw.type,
    reason,
  });
  if (raw.id.trim() === '') return reject('needs an id');
  const type = canonicalBlockType(raw.type);
  if (!type) return reject('unknown block type');
  if (ctx.depth > MAX_BLOCK_DEPTH) return reject('nested too deep');
  const result = PARSERS[type](raw, ctx);
  return typeof result === 'string' ? reject(result) : { ok: true, block: result };
}

/** One block (its inner blocks' rejections are dropped; use parseBlocks to see them). */
export function parseBlock(raw: RawCmsBlock): ParsedBlock {
  return parseOne(raw, { depth: 0, rejected: [] });
}

/** A page body: the blocks that can be drawn, and why the others cannot (to log). */
export function parseBlocks(raw: readonly unknown[]): {
  blocks: CmsBlockModel[];
  rejected: CmsBlockRejection[];
} {
  const ctx: Context = { depth: 0, rejected: [] };
  const blocks = raw.flatMap((item) => {
    const block = parseWithin(item, ctx);
    return block ? [block] : [];
  });
  return { blocks, rejected: ctx.rejected };
}

/** Every block id on the page, inner blocks included (anchor-link targets). */
export function blockIds(blocks: readonly CmsBlockModel[]): Set<string> {
  const ids = new Set<string>();
  const visit = (list: readonly CmsBlockModel[]) => {
    for (const block of list) {
      ids.add(block.id);
      if (block.type === 'accordion') block.items.forEach((item) => ids.add(item.id));
      if (block.type === 'article' || block.type === 'grid') visit(block.blocks);
      if (block.type === 'split-container') block.columns.forEach(visit);
    }
  };
  visit(blocks);
  return ids;
}

/** Anchor links whose target is not on the page are dropped (a link that goes nowhere). */
export function reachableAnchorLinks(
  block: Extract<CmsBlockModel, { type: 'anchor-links' }>,
  ids: ReadonlySet<string>,
): Array<{ id: string; target: string; label: string }> {
  return block.links.filter((link) => ids.has(link.target));
}

/** The product slugs and recommendation keys a page needs fetched to draw its blocks. */
export function blockDataNeeds(blocks: readonly CmsBlockModel[]): {
  productSlugs: string[];
  recommendationKeys: string[];
  pagePaths: string[];
} {
  const slugs = new Set<string>();
  const keys = new Set<string>();
  const paths = new Set<string>();
  const visit = (list: readonly CmsBlockModel[]) => {
    for (const block of list) {
      if (block.type === 'product-link') slugs.add(block.slug);
      if (block.type === 'recommendations') keys.add(block.key);
      if (block.type === 'page') paths.add(block.path);
      if (block.type === 'article' || block.type === 'grid') visit(block.blocks);
      if (block.type === 'split-container') block.columns.forEach(visit);
    }
  };
  visit(blocks);
  return { productSlugs: [...slugs], recommendationKeys: [...keys], pagePaths: [...paths] };
}
