import { sanitiseRichText } from './rich-text.ts';

/**
 * A node value as it is stored: .html sanitised to the allow-list; markdown and plain text as
 * written (they are rendered escaped: markdown-it with raw HTML off in the web app). Line
 * endings are normalised so versions compare equal across browsers.
 */
export function sanitiseNodeValue(ext: string, value: string): string {
  const normalised = value.replace(/\r\n?/g, '\n');
  return ext === 'html' ? sanitiseRichText(normalised) : normalised;
}
