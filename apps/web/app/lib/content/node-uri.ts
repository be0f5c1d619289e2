/**
 * The parts of a node uri the web app needs (trade-area spec §7: scheme default i18n,
 * extension default txt). The API parses uris fully; the web app only needs to know how to
 * display a value (by extension) and which node two spellings share.
 */
const EXT = /\.([a-z0-9]+)(?:#[^#\s]*)?$/i;

export type NodeExtension = 'txt' | 'md' | 'html';

/** txt unless the uri ends in .md or .html; other extensions are displayed as text. */
export function extensionOf(uri: string): NodeExtension {
  const ext = EXT.exec(uri.slice(uri.lastIndexOf('/') + 1))?.[1]?.toLowerCase();
  return ext === 'md' || ext === 'html' ? ext : 'txt';
}

/** The language all labels are asked in (spec §7: labels use sv-se). */
export const LABEL_LANGUAGE = 'sv-se';

/** A path-only uri as a Swedish label uri, e.g. 'login/intro.md' → 'i18n://sv-se@login/intro.md'. */
export function labelUri(path: string): string {
  return `i18n://${LABEL_LANGUAGE}@${path.replace(/^\/+/, '')}`;
}
