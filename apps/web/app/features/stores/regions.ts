import { REGION_IDS, REGIONS } from '@bygg/domain/stores';
import type { RegionId } from '@bygg/domain/stores';

export type RegionGroup<T> = { id: RegionId; name: string; stores: T[] };

type Groupable = { name: string; region: { id: number }; isCentral: boolean };

/**
 * Local stores in the spec's seven regions, in region order (1 Norra Norrland … 7 Skåne &
 * Blekinge), stores by name within a region. Empty regions are left out; the central store
 * is not a place and belongs to no region group (see splitCentral).
 */
export function groupByRegion<T extends Groupable>(stores: readonly T[]): RegionGroup<T>[] {
  const byName = new Intl.Collator('sv').compare;
  return REGION_IDS.map((id) => ({
    id,
    name: REGIONS[id],
    stores: stores
      .filter((store) => !store.isCentral && store.region.id === id)
      .sort((a, b) => byName(a.name, b.name)),
  })).filter((group) => group.stores.length > 0);
}

/** The nationwide central store apart from the local ones (it is never in a distance list). */
export function splitCentral<T extends { isCentral: boolean }>(
  stores: readonly T[],
): { central: T | null; local: T[] } {
  return {
    central: stores.find((store) => store.isCentral) ?? null,
    local: stores.filter((store) => !store.isCentral),
  };
}
