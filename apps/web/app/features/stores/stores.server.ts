import type { OrganisationId } from '@bygg/contracts/common';
import { COOKIE_NAMES, ConsentCookieSchema, StoreCookieSchema } from '@bygg/contracts/cookies';
import type { Store } from '@bygg/contracts/stores';
import { STORE_DRAWER_QUERY_COUNT } from '@bygg/domain/limits';
import { isEnabled, ORGANISATIONS, resolveFlags } from '@bygg/domain/organisations';
import { ApiResponseError, apiFor, createApiClient } from '~/lib/api.server.ts';
import { parseCookieHeader } from '~/lib/cookies.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import { readVisitor } from '~/lib/visitor.server.ts';
import { toStoreDetail, toStoreSummary } from './store-model.ts';
import type { StoreChoice, StoreDetail, StoreSearchResult, StoreSummary } from './store-model.ts';
import { storeSearchQuery } from './store-search.ts';

/**
 * Every store of the organisation, shared by all visitors for a minute: the store list and
 * the store pages (found by slug, which the API has no lookup for) read it instead of asking
 * the API on every page view. Stores change rarely; a minute is the longest a change waits.
 */
const DIRECTORY_TTL_MS = 60_000;
const directories = new Map<OrganisationId, { expires: number; stores: Promise<Store[]> }>();

export function loadAllStores(): Promise<Store[]> {
  const env = getEnv();
  const organisation = env.organisation;
  const now = Date.now();
  const cached = directories.get(organisation);
  if (cached && cached.expires > now) return cached.stores;
  // Shared by every visitor, so neither one visitor's cookies nor the abort of their request
  // (a closed tab) may reach this call.
  const stores = createApiClient({ baseUrl: env.apiBaseUrl, organisation, cookie: null })
    .stores({ count: STORE_DRAWER_QUERY_COUNT })
    .then((page) => page.results);
  directories.set(organisation, { expires: now + DIRECTORY_TTL_MS, stores });
  // A failure is not kept: the next visitor asks again.
  stores.catch(() => {
    if (directories.get(organisation)?.stores === stores) directories.delete(organisation);
  });
  return stores;
}

/** The prefix stripped from store names (spec §3); the built-in one if the API is down. */
export function storeNamePrefix(request: Request): Promise<string> {
  return apiFor(request)
    .organisation()
    .then(
      (organisation) => organisation.store_name_prefix,
      () => ORGANISATIONS[getEnv().organisation].storeNamePrefix,
    );
}

// Made once: a DateTimeFormat with a time zone costs about a millisecond to construct.
const SWEDISH_DATE = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' });

/** Today's date in Sweden (YYYY-MM-DD): the day opening hours are read against. */
export function storeToday(now: Date = new Date()): string {
  return SWEDISH_DATE.format(now);
}

async function findInDirectory(
  request: Request,
  matches: (store: Store) => boolean,
): Promise<StoreDetail | null> {
  const [stores, prefix] = await Promise.all([loadAllStores(), storeNamePrefix(request)]);
  const store = stores.find(matches);
  return store ? toStoreDetail(store, prefix) : null;
}

export function findStoreBySlug(request: Request, slug: string): Promise<StoreDetail | null> {
  return findInDirectory(request, (store) => store.slug === slug);
}

export async function storeDetail(request: Request, id: number): Promise<StoreDetail | null> {
  const [store, prefix] = await Promise.all([
    apiFor(request)
      .store(id)
      .catch((error: unknown) => {
        if (error instanceof ApiResponseError && error.status === 404) return null;
        throw error;
      }),
    storeNamePrefix(request),
  ]);
  return store ? toStoreDetail(store, prefix) : null;
}

/**
 * Spec §5 store search: all stores for an empty input, nearest first for a postcode, free
 * text otherwise; a town without a store, nearest first from the town (issue 22). A postcode
 * the API cannot place (400) finds no stores rather than failing.
 */
export async function searchStoreSummaries(
  request: Request,
  input: string,
  count: number,
): Promise<StoreSearchResult> {
  const query = storeSearchQuery(input, count);
  const prefix = storeNamePrefix(request);
  if (query.zip_code === undefined && query.query === undefined) {
    const [stores, namePrefix] = await Promise.all([loadAllStores(), prefix]);
    return {
      stores: stores.slice(0, count).map((store) => toStoreSummary(store, namePrefix)),
      nearestTo: null,
    };
  }
  const [page, namePrefix] = await Promise.all([
    apiFor(request)
      .stores(query)
      .catch((error: unknown) => {
        if (error instanceof ApiResponseError && error.status === 400 && query.zip_code) {
          return null;
        }
        throw error;
      }),
    prefix,
  ]);
  return {
    stores: page ? page.results.map((store) => toStoreSummary(store, namePrefix)) : [],
    nearestTo: page?.nearest_to ?? null,
  };
}

/** The physical store nearest to a position (spec §7 geolocation), or none. */
export async function closestStoreSummaries(
  request: Request,
  position: { latitude: number; longitude: number },
): Promise<StoreSummary[]> {
  const [store, prefix] = await Promise.all([
    apiFor(request)
      .closestStore(position)
      .catch((error: unknown) => {
        if (error instanceof ApiResponseError && error.status === 404) return null;
        throw error;
      }),
    storeNamePrefix(request),
  ]);
  return store ? [toStoreSummary(store, prefix)] : [];
}

/** The root loader's store data: the chosen store is shown in the header on every page. */
export async function loadStoreChoice(request: Request): Promise<StoreChoice> {
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const storeId = StoreCookieSchema.safeParse(cookies.get(COOKIE_NAMES.store));
  const consent = ConsentCookieSchema.safeParse(cookies.get(COOKIE_NAMES.consent));
  const env = getEnv();
  const [chosen, selectorEnabled] = await Promise.all([
    storeId.success
      ? findInDirectory(request, (store) => store.id === storeId.data).catch((error: unknown) => {
          console.error('Could not load the chosen store; the page continues without it:', error);
          return null;
        })
      : Promise.resolve(null),
    apiFor(request)
      .organisation()
      .then(
        (organisation) => isEnabled(organisation.flags, 'storeSelectorModal'),
        () => isEnabled(resolveFlags(env.organisation, 'live'), 'storeSelectorModal'),
      ),
  ]);
  return {
    chosen,
    today: storeToday(),
    selectorEnabled,
    consentGiven: consent.success && consent.data,
    signedIn: readVisitor(request, env.sessionSecret).session !== null,
    mapTiles: env.mapTiles,
  };
}
