import sanitizeHtml from 'sanitize-html';
import { canonicalBlockType, decodeBase64Utf8, encodeBase64Utf8 } from '@bygg/domain/cms-blocks';
import {
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
  safeLink,
  sanitiseRichText,
} from '../content-service/rich-text.ts';

type Block = { type: string; id: string; props: Record<string, unknown> };

/**
 * Markup in CMS blocks is sanitised here, on the way out of the API, so the web app can
 * insert it as it is (server render and browser alike) whatever an editor or an import
 * stored. Two allow-lists: rich text (content-service/rich-text.ts, shared with the content service) and
 * embedded HTML (rich text plus images and iframes from configured hosts only).
 */

/** Hosts whose iframes an embedded-HTML block may show (maps, video players, forms). */
export const DEFAULT_IFRAME_HOSTS = [
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'www.google.com',
] as const;

function embedOptions(iframeHosts: readonly string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      ...RICH_TEXT_TAGS,
      'h5',
      'h6',
      'div',
      'span',
      'figure',
      'figcaption',
      'img',
      'caption',
      'iframe',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['scope', 'colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
      iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
    },
    allowedSchemes: RICH_TEXT_SCHEMES,
    allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
    allowProtocolRelative: false,
    // An iframe from any other host (or with a relative src) loses its src and is then dropped.
    allowedIframeHostnames: [...iframeHosts],
    allowIframeRelativeUrls: false,
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
    transformTags: {
      a: safeLink,
      // Screen readers announce a frame by its title; a lazy frame costs nothing off-screen.
      iframe: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, title: attribs.title || 'Inbäddat innehåll', loading: 'lazy' },
      }),
      img: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
      }),
    },
  };
}

export function sanitiseEmbed(html: string, iframeHosts: readonly string[]): string {
  return sanitizeHtml(html, embedOptions(iframeHosts)).trim();
}

function sanitiseList(value: unknown, iframeHosts: readonly string[]): unknown {
  return Array.isArray(value)
    ? value.map((item) => sanitiseBlock(item as Block, iframeHosts))
    : value;
}

/** One block and its inner blocks, with every markup field passed through its allow-list. */
export function sanitiseBlock(block: Block, iframeHosts: readonly string[]): Block {
  if (typeof block !== 'object' || block === null || typeof block.props !== 'object') return block;
  const props = { ...block.props };
  switch (canonicalBlockType(String(block.type))) {
    case 'rich-text':
      if (typeof props.text === 'string') props.text = sanitiseRichText(props.text);
      break;
    case 'accordion':
      if (Array.isArray(props.items)) {
        props.items = props.items.map((item: unknown) =>
          typeof item === 'object' && item !== null && 'content' in item
            ? { ...item, content: sanitiseRichText(String(item.content)) }
            : item,
        );
      }
      break;
    case 'iframe-embed': {
      const html =
        typeof props.base64EncodedEmbed === 'string'
          ? decodeBase64Utf8(props.base64EncodedEmbed)
          : null;
      // Undecodable markup is dropped here; the web app then skips the block (it needs markup).
      props.base64EncodedEmbed = html ? encodeBase64Utf8(sanitiseEmbed(html, iframeHosts)) : '';
      break;
    }
    case 'article':
    case 'grid':
      props.blocks = sanitiseList(props.blocks, iframeHosts);
      break;
    case 'split-container':
      if (Array.isArray(props.columns)) {
        props.columns = props.columns.map((column: unknown) => sanitiseList(column, iframeHosts));
      }
      break;
    default:
      break;
  }
  return { ...block, props };
}
