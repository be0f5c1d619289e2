import type { SessionUser } from '../../trade/index.ts';

/** The element the web app looks for after inserting the embed markup (lib/content/embed.ts). */
export const EMBED_CONFIG_ID = 'djedi-embed-config';

/** JSON inside a <script> must not be able to close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
}

/**
 * The overlay bootstrap the spec's client inserts into the page (trade-area §7: "GET
 * {base}/embed/ … returns the editor overlay markup"). It is data, not code: the web app's own
 * overlay bundle reads it, so no script from the API runs in the shop's pages.
 */
export function embedMarkup(user: SessionUser): string {
  const config = {
    editor: { name: user.name, username: user.username },
    api: '/djedi/cms/',
    extensions: ['txt', 'md', 'html'],
  };
  return `<div data-djedi-embed hidden><script type="application/json" id="${EMBED_CONFIG_ID}">${scriptSafeJson(config)}</script></div>`;
}
