import { ContentFetchError, FETCH_ERROR } from './errors.ts';

/** The element the API's embed markup carries (apps/api/src/contexts/content/content-service/embed.ts). */
export const EMBED_CONFIG_ID = 'djedi-embed-config';

export type EmbedConfig = {
  editor: { name: string; username: string };
  /** Base of the editor's calls, '/djedi/cms/'. */
  api: string;
  extensions: string[];
};

/**
 * GET {base}/embed/ with credentials (trade-area spec §7): 204 or 403 mean no overlay (null);
 * any other status from 200 to 399 is the overlay markup to insert; anything else is an error.
 */
export async function fetchEmbed(
  doFetch: typeof fetch = fetch,
  endpoint = '/djedi/embed/',
): Promise<string | null> {
  let response: Response;
  try {
    response = await doFetch(endpoint, { credentials: 'include', cache: 'no-store' });
  } catch {
    throw new ContentFetchError(FETCH_ERROR, -1);
  }
  if (response.status === 204 || response.status === 403) {
    // An unread body keeps the request open in the browser (and the page never network-idle).
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (response.status < 200 || response.status > 399) {
    throw new ContentFetchError(await response.text().catch(() => ''), response.status);
  }
  return response.text();
}

/** Reads the overlay's configuration out of inserted embed markup; null when it has none. */
export function readEmbedConfig(container: ParentNode): EmbedConfig | null {
  const script = container.querySelector(`script#${EMBED_CONFIG_ID}`);
  if (!script?.textContent) return null;
  try {
    const config = JSON.parse(script.textContent) as Partial<EmbedConfig>;
    if (!config.editor?.name || typeof config.api !== 'string') return null;
    return config as EmbedConfig;
  } catch {
    return null;
  }
}
