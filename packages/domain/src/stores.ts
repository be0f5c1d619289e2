/**
 * Store rules: display names, membership, the preferred store, regions and distances
 * (storefront.md §3–§6, trade-area.md §3–§6).
 */
import type { SessionPayload } from './session-cookie.ts';

/** Characters that may separate the organisation prefix from the store's own name. */
const SEPARATORS = '\\s\\-\u2013\u2014:,|';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function collapseSpaces(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * 'Timmerkedjan Borås', 'TIMMERKEDJAN - Borås' and ' Timmerkedjan  Borås' all show as
 * 'Borås'. The prefix matches case-insensitively, only as whole words, and is kept when
 * nothing would be left of the name.
 */
export function stripOrganisationPrefix(name: string, prefix: string): string {
  const clean = collapseSpaces(name);
  const pattern = prefixPattern(prefix);
  if (pattern === null) return clean;
  const stripped = collapseSpaces(clean.replace(pattern, ''));
  return stripped === '' ? clean : stripped;
}

// A page lists every store with stock (one call per store, one prefix): each prefix's
// expression is compiled once.
const prefixPatterns = new Map<string, RegExp | null>();

function prefixPattern(prefix: string): RegExp | null {
  let pattern = prefixPatterns.get(prefix);
  if (pattern === undefined) {
    const words = prefix.trim().split(/\s+/).filter(Boolean);
    pattern =
      words.length === 0
        ? null
        : new RegExp(
            `^${words.map(escapeRegExp).join('\\s+')}(?=$|[${SEPARATORS}])[${SEPARATORS}]*`,
            'iu',
          );
    // Prefixes are one per organisation; the bound only guards against a caller passing many.
    if (prefixPatterns.size >= 64) prefixPatterns.clear();
    prefixPatterns.set(prefix, pattern);
  }
  return pattern;
}

/**
 * A user belongs to a store when its external_id is in proffs_stores or in stores;
 * with no session or no store selected the answer is false.
 */
export function belongsToStore(
  session: Pick<SessionPayload, 'proffs_stores' | 'stores'> | null | undefined,
  storeExternalId: string | null | undefined,
): boolean {
  if (!session || !storeExternalId) return false;
  return (
    session.proffs_stores.includes(storeExternalId) ||
    session.stores.some((store) => store.external_id === storeExternalId)
  );
}

/**
 * The store a proffs user works in: the host store when the user belongs to it, else the
 * last stored preference if it is still one of the user's stores, else the first store.
 */
export function preferredStore<T extends { external_id: string }>(input: {
  hostStore: string | null | undefined;
  userStores: readonly T[];
  lastPreference: string | null | undefined;
}): T | null {
  const find = (id: string | null | undefined) =>
    id ? input.userStores.find((store) => store.external_id === id) : undefined;
  return find(input.hostStore) ?? find(input.lastPreference) ?? input.userStores[0] ?? null;
}

/** The user is warned when the store lookup found a different number of stores than they have. */
export function storeCountMismatch(lookupCount: number, userCount: number): boolean {
  return lookupCount !== userCount;
}

/** Store regions (storefront.md §3, trade-area.md §9). */
export const REGIONS = {
  1: 'Norra Norrland',
  2: 'Södra Norrland',
  3: 'Mellansverige',
  4: 'Stockholm',
  5: 'Östra Götaland',
  6: 'Västsverige',
  7: 'Skåne & Blekinge',
} as const;
export type RegionId = keyof typeof REGIONS;
export const REGION_IDS: readonly RegionId[] = [1, 2, 3, 4, 5, 6, 7];

export function isRegionId(value: unknown): value is RegionId {
  return typeof value === 'number' && (REGION_IDS as readonly number[]).includes(value);
}

export function regionName(id: number): string | undefined {
  return isRegionId(id) ? REGIONS[id] : undefined;
}

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** IUGG mean Earth radius. */
const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine formula). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Items nearest to `from` first, each with its distance; items without a location last. */
export function sortByDistance<T extends { location?: GeoPoint | null }>(
  items: readonly T[],
  from: GeoPoint,
): (T & { distanceKm: number | null })[] {
  return items
    .map((item) => ({
      ...item,
      distanceKm: item.location ? haversineKm(from, item.location) : null,
    }))
    .sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
}
