import { useEffect, useState } from 'react';
import { LOADING_INDICATOR_DELAY_MS, SEARCH_DEBOUNCE_MS } from '@bygg/domain/limits';
import type { StoreSummary } from './store-model.ts';
import { searchStores } from './stores-client.ts';

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * True once `key` (a piece of work in progress, or null for none) has lasted `delayMs`:
 * spec §5 shows the loading indicator only for searches slower than 300 ms.
 */
export function useDelayedIndicator(key: string | null, delayMs: number): boolean {
  const [shownFor, setShownFor] = useState<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const timer = setTimeout(() => setShownFor(key), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return key !== null && shownFor === key;
}

export type StoreSearchState = {
  /** The latest answer (kept while a newer search runs), or null before the first. */
  stores: StoreSummary[] | null;
  /** The search text the shown stores answer. */
  answeredQuery: string | null;
  /** Issue 22: the town the shown stores are nearest to, when none is in the town itself. */
  nearestTo: string | null;
  failed: boolean;
  /** A search is running and has taken longer than the indicator delay. */
  showSpinner: boolean;
};

type Answer = { key: string; query: string } & (
  | { stores: StoreSummary[]; nearestTo: string | null; failed: false }
  | { stores: null; failed: true }
);

/**
 * Store search as the selector and the drawer use it: debounced 300 ms, cached (stores-client),
 * the previous answer kept on screen while the next one loads.
 */
export function useStoreSearch(
  query: string,
  options: {
    count: number;
    enabled: boolean;
    /** An empty box lists all stores (the drawer) or asks nothing (the selector). */
    emptyMeansAll: boolean;
  },
): StoreSearchState {
  const { count, emptyMeansAll } = options;
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = options.enabled && (emptyMeansAll || debounced !== '');
  const key = `${count}:${debounced}`;
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    searchStores(debounced, count, controller.signal).then(
      (result) => setAnswer({ key, query: debounced, ...result, failed: false }),
      () => {
        if (!controller.signal.aborted) {
          setAnswer({ key, query: debounced, stores: null, failed: true });
        }
      },
    );
    return () => controller.abort();
  }, [debounced, count, enabled, key]);

  const loading = enabled && answer?.key !== key;
  const showSpinner = useDelayedIndicator(loading ? key : null, LOADING_INDICATOR_DELAY_MS);
  const latest = answer && !answer.failed ? answer : null;
  return {
    stores: latest?.stores ?? null,
    answeredQuery: latest?.query ?? null,
    nearestTo: latest?.nearestTo ?? null,
    failed: answer?.key === key && answer.failed,
    showSpinner,
  };
}
