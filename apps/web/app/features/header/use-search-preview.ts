import { useEffect, useState } from 'react';
import type { SearchResult } from '@bygg/contracts/search';
import {
  LOADING_INDICATOR_DELAY_MS,
  RESULT_CACHE_ENTRIES,
  RESULT_CACHE_TTL_MS,
  SEARCH_DEBOUNCE_MS,
} from '@bygg/domain/limits';

/** The preview's reply: the grouped search with links for the page's variant (resource route). */
export type PreviewResult = SearchResult & { base: string };

export type PreviewState =
  | { status: 'idle' }
  /** `slow`: the reply has taken longer than the loading delay; say 'Söker efter …'. */
  | { status: 'loading'; query: string; slow: boolean }
  | { status: 'loaded'; query: string; result: PreviewResult }
  | { status: 'error'; query: string };

/** Recent replies (spec §9: 100 entries for 5 minutes), shared by both header search boxes. */
const cache = new Map<string, { at: number; result: PreviewResult }>();

function cached(key: string): PreviewResult | null {
  const hit = cache.get(key);
  if (!hit || Date.now() - hit.at > RESULT_CACHE_TTL_MS) return null;
  return hit.result;
}

function remember(key: string, result: PreviewResult): void {
  cache.delete(key);
  cache.set(key, { at: Date.now(), result });
  while (cache.size > RESULT_CACHE_ENTRIES) {
    const oldest = cache.keys().next();
    if (oldest.done) break;
    cache.delete(oldest.value);
  }
}

function isPreviewResult(value: unknown): value is PreviewResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'counts' in value &&
    'products' in value &&
    'base' in value
  );
}

/**
 * The header preview's data: the query is sent 300 ms after the last keystroke (spec §5, §9
 * debounce), 'Söker efter …' shows only when the reply takes longer than 300 ms (loading
 * delay), an older reply never overwrites a newer query, and replies are cached.
 */
export function useSearchPreview(query: string, pathname: string): PreviewState {
  const q = query.trim();
  const key = `${pathname}\n${q}`;
  // Only callbacks set state: what the hook returns is derived from the current key.
  const [reply, setReply] = useState<{ key: string; result: PreviewResult | null } | null>(null);
  const [slowKey, setSlowKey] = useState<string | null>(null);
  const hit = q ? cached(key) : null;

  useEffect(() => {
    if (!q || cached(key)) return;
    const controller = new AbortController();
    const slow = window.setTimeout(
      () => setSlowKey(key),
      SEARCH_DEBOUNCE_MS + LOADING_INDICATOR_DELAY_MS,
    );
    const debounce = window.setTimeout(() => {
      const params = new URLSearchParams({ q, sida: pathname });
      fetch(`/resurser/sok?${params.toString()}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`Search preview: HTTP ${response.status}`);
          const body: unknown = await response.json();
          if (!isPreviewResult(body)) throw new Error('Search preview: unexpected reply');
          remember(key, body);
          setReply({ key, result: body });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('Could not load the search preview:', error);
          setReply({ key, result: null });
        })
        .finally(() => window.clearTimeout(slow));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(debounce);
      window.clearTimeout(slow);
    };
  }, [q, key, pathname]);

  if (!q) return { status: 'idle' };
  if (hit) return { status: 'loaded', query: q, result: hit };
  if (reply?.key === key) {
    return reply.result
      ? { status: 'loaded', query: q, result: reply.result }
      : { status: 'error', query: q };
  }
  return { status: 'loading', query: q, slow: slowKey === key };
}
