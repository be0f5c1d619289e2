import type { OpeningHoursEntry, Store } from '@bygg/contracts/stores';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { MapTiles } from './map-projection.ts';

/**
 * What the storefront shows of a store in lists, the selector and on the map. Built on the
 * server from the API's Store, with the organisation prefix already stripped from the name
 * (spec §3), so the browser needs neither the prefix nor the full API shape.
 */
export type StoreSummary = {
  id: number;
  slug: string;
  /** The display name: 'Timmerkedjan Göteborg' → 'Göteborg'. */
  name: string;
  address: string;
  zipCode: string;
  city: string;
  region: { id: number; name: string };
  location: { lat: number; lon: number };
  isCentral: boolean;
  proffsEnabled: boolean;
  /** Kilometres from the searched postcode or position; null when not ranked by distance. */
  distanceKm: number | null;
};

/** Everything the store page and the drawer's store view show. */
export type StoreDetail = StoreSummary & {
  /** The full name, for structured data and page titles. */
  fullName: string;
  phone: string | null;
  cellphone: string | null;
  email: string | null;
  county: string;
  /** The API's entries: `holiday` is the holiday's name or null. */
  hours: OpeningHoursEntry[];
  localAssortmentNotice: string | null;
};

/** A store search's answer (spec §5; issue 22: a town without a store, nearest first). */
export type StoreSearchResult = {
  stores: StoreSummary[];
  /** The town the stores are ranked from when no store matched its name; else null. */
  nearestTo: string | null;
};

export type StoreChoice = {
  /** The store in the visitor's store cookie; null when none is chosen or it no longer exists. */
  chosen: StoreDetail | null;
  today: string;
  /** The organisation has the store selector modal (flag storeSelectorModal, spec §6). */
  selectorEnabled: boolean;
  /** The cookie dialog has been answered with consent (spec §2: no selector before that). */
  consentGiven: boolean;
  /** A logged-in (trade) visitor: the selector never opens by itself for them (issue 22). */
  signedIn: boolean;
  mapTiles: MapTiles | null;
};

export function toStoreSummary(store: Store, namePrefix: string): StoreSummary {
  return {
    id: store.id,
    slug: store.slug,
    name: stripOrganisationPrefix(store.name, namePrefix),
    address: store.address,
    zipCode: store.zip_code,
    city: store.city,
    region: store.region,
    location: store.location,
    isCentral: store.is_central,
    proffsEnabled: store.proffs_enabled,
    distanceKm: store.distance_km ?? null,
  };
}

export function toStoreDetail(store: Store, namePrefix: string): StoreDetail {
  return {
    ...toStoreSummary(store, namePrefix),
    fullName: store.name,
    phone: store.phone,
    cellphone: store.cellphone,
    email: store.email,
    county: store.county,
    hours: store.hours,
    localAssortmentNotice: store.local_assortment_notice,
  };
}

/** '031-123 45 67' → 'tel:0311234567' (digits and a leading +, nothing else). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** '1.27' → '1,3 km', '56.75' → '57 km': Swedish decimals, whole km from 10 km up. */
export function formatDistance(km: number): string {
  const rounded = km < 10 ? Math.round(km * 10) / 10 : Math.round(km);
  return `${String(rounded).replace('.', ',')} km`;
}
