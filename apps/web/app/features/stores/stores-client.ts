import { GEOLOCATION_MAX_AGE_MS, GEOLOCATION_TIMEOUT_MS } from '@bygg/domain/limits';
import { ResultCache } from './result-cache.ts';
import type { StoreDetail, StoreSearchResult, StoreSummary } from './store-model.ts';
import { STORES_RESOURCE_PATH, storeSearchUrl } from './store-search.ts';

/** Replies of the stores resource route (routes/resources.stores.tsx). */
export type StoreListReply = { stores: StoreSummary[] };
export type StoreSearchReply = StoreSearchResult;
export type StoreDetailReply = { store: StoreDetail; today: string };

export class StoreRequestError extends Error {
  constructor(readonly status: number) {
    super(`Store request failed with status ${status}`);
    this.name = 'StoreRequestError';
  }
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new StoreRequestError(response.status);
  return (await response.json()) as T;
}

/** One cache for the browser session (spec §5: 100 entries, 5 minutes). */
const searchCache = new ResultCache<StoreSearchResult>();

export function cachedSearch(input: string, count: number): StoreSearchResult | undefined {
  return searchCache.get(storeSearchUrl(input, count));
}

export async function searchStores(
  input: string,
  count: number,
  signal?: AbortSignal,
): Promise<StoreSearchResult> {
  const url = storeSearchUrl(input, count);
  const cached = searchCache.get(url);
  if (cached) return cached;
  const reply = await getJson<StoreSearchReply>(url, signal);
  const result = { stores: reply.stores, nearestTo: reply.nearestTo ?? null };
  searchCache.set(url, result);
  return result;
}

export function fetchStoreDetail(id: number, signal?: AbortSignal): Promise<StoreDetailReply> {
  return getJson<StoreDetailReply>(`${STORES_RESOURCE_PATH}?id=${id}`, signal);
}

export function fetchClosestStore(
  position: { latitude: number; longitude: number },
  signal?: AbortSignal,
): Promise<StoreSummary[]> {
  const params = new URLSearchParams({
    latitude: String(position.latitude),
    longitude: String(position.longitude),
  });
  return getJson<StoreListReply>(`${STORES_RESOURCE_PATH}?${params.toString()}`, signal).then(
    (reply) => reply.stores,
  );
}

/** Spec §7: the browser position for the nearest store (max age 5 s, timeout 10 s, precise). */
export function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      reject,
      {
        maximumAge: GEOLOCATION_MAX_AGE_MS,
        timeout: GEOLOCATION_TIMEOUT_MS,
        enableHighAccuracy: true,
      },
    );
  });
}
