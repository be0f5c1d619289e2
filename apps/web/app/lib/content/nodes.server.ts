import { CONTENT_CHANGED_EVENT } from '@bygg/contracts/cms';
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import { apiFetch } from '../api-transport.server.ts';
import { getEnv } from '../env.server.ts';
import { createNodeBatcher, type NodeBatcher } from './batch.ts';
import { NodeCache, SERVER_NODE_TTL_MS } from './node-cache.ts';

/**
 * Server-side node values (trade-area spec §9: 20000 ms TTL on the server). Labels are the
 * same for every visitor of an organisation, so one cache serves all requests of this
 * process; a publish through /resurser/innehall drops the node at once, so the editor and
 * every later visitor see the new text without waiting out the TTL. Another web process
 * (scaled out) sees it within the TTL.
 */
const cache = new NodeCache(SERVER_NODE_TTL_MS);

/**
 * CONTENT_CHANGED_EVENT, emitted by the API when it renders this app in its own process: the
 * changed nodes are dropped here; an unnamed change drops every label.
 */
function onContentChanged(change: unknown): void {
  const uris =
    typeof change === 'object' && change !== null && 'uris' in change && Array.isArray(change.uris)
      ? change.uris.filter((uri): uri is string => typeof uri === 'string')
      : [];
  const labels = uris.filter((uri) => !uri.startsWith('cms://'));
  if (uris.length === 0) cache.invalidate();
  else labels.forEach(invalidateNode);
}

// One listener per process: a module loaded again (development) replaces the earlier one.
const LISTENER = Symbol.for('bygg.web.content-changed-listener');
type Listener = (change: unknown) => void;
const emitter = process as unknown as Record<symbol, Listener | undefined> & {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
};
const previous = emitter[LISTENER];
if (previous) emitter.off(CONTENT_CHANGED_EVENT, previous);
emitter[LISTENER] = onContentChanged;
emitter.on(CONTENT_CHANGED_EVENT, onContentChanged);
const API_TIMEOUT_MS = 10_000;
let batcher: NodeBatcher | null = null;

const cacheKey = (organisation: string, uri: string) => `${organisation} ${uri}`;

function serverBatcher(): NodeBatcher {
  const env = getEnv();
  batcher ??= createNodeBatcher({
    endpoint: `${env.apiBaseUrl}/djedi/nodes/`,
    // A slow content service must not hold a server render forever.
    fetch: (input, init) =>
      apiFetch(input, { ...init, signal: AbortSignal.timeout(API_TIMEOUT_MS) }),
    // Labels are not personal: no cookie, so one batch can serve many visitors' renders.
    headers: { [ORGANISATION_HEADER]: env.organisation },
  });
  return batcher;
}

/**
 * Values of the given nodes (uri → default), from the cache or one batched content-service
 * call. A node that fails to load is left out: the caller shows its default.
 */
export async function loadNodes(
  defaults: Record<string, string | null>,
  options: { batcher?: NodeBatcher; organisation?: string } = {},
): Promise<Record<string, string | null>> {
  const organisation = options.organisation ?? getEnv().organisation;
  const source = options.batcher ?? serverBatcher();
  const entries = await Promise.all(
    Object.entries(defaults).map(async ([uri, fallback]) => {
      const key = cacheKey(organisation, uri);
      const cached = cache.get(key);
      if (cached !== undefined) return [uri, cached] as const;
      try {
        const value = await source.get(uri, fallback);
        cache.set(key, value);
        return [uri, value] as const;
      } catch (error) {
        console.error('Could not load content node; showing its default:', uri, error);
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

/**
 * Drops every cached spelling of a published node. Spellings differ in defaults (no scheme,
 * no extension), so the cache is matched on the node's path part.
 */
export function invalidateNode(uri: string): void {
  const path = nodePath(uri);
  cache.invalidate((key) => nodePath(key.slice(key.indexOf(' ') + 1)) === path);
}

/** 'i18n://sv-se@header/x.txt#2' → 'header/x': enough to match two spellings of one node. */
function nodePath(uri: string): string {
  const withoutScheme = uri.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const afterNamespace = withoutScheme.includes('@')
    ? withoutScheme.slice(withoutScheme.indexOf('@') + 1)
    : withoutScheme;
  return afterNamespace
    .replace(/#.*$/, '')
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/^\/+/, '');
}

/** For tests: start from an empty cache. */
export function resetNodeCache(): void {
  cache.invalidate();
}
