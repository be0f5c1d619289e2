import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text allow-list of the API: what an editor's rich-text toolbar produces
 * (paragraphs, headings, emphasis, lists, links, quotes, tables). Content-service .html nodes
 * are stored through it and CMS rich-text blocks are served through it, so every reader (server
 * render, the spec's client, the overlay) can insert the markup as it is. Scripts, event
 * handlers, styles and iframes never pass (embedded media are separate blocks).
 */

export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'];

/** External links open in a new tab without handing the opener over; others stay as written. */
export function safeLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  return /^https?:\/\//i.test(attribs.href ?? '')
    ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
    : { tagName, attribs };
}

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], th: ['scope'] },
  allowedSchemes: RICH_TEXT_SCHEMES,
  allowProtocolRelative: false,
  transformTags: {
    // The browser's bold and italic commands write <b> and <i>; the stored text says what
    // they mean, so screen readers and the page's styles treat them as emphasis.
    b: 'strong',
    i: 'em',
    a: safeLink,
  },
};

export function sanitiseRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT_OPTIONS).trim();
}
