import type { OrganisationId } from '@bygg/contracts/common';
import type { OpeningHoursEntry, Store, StoreListQuery } from '@bygg/contracts/stores';
import { DAY_NAMES, LUNCH_DAY_NUM, LUNCH_LABEL, SPECIAL_DAY_NUM } from '@bygg/domain/opening-hours';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import type { LatLon } from './geo.ts';
import type { PostcodeLocator } from './postcodes.ts';
import type { TownLocator } from './towns.ts';
import type {
  OpeningHoursRow,
  StockedWarehouseRow,
  StoreFilter,
  StoreRow,
  StoresRepository,
} from './repository.ts';

/**
 * Store lists are small (about 200 stores), so a client that sends no count gets all of them in
 * one page, like the spec's drawer (count 10,000).
 */
export const DEFAULT_STORE_PAGE_SIZE = 10_000;

export type StoreListResult = {
  count: number;
  page: number;
  hasNext: boolean;
  results: Store[];
  /** The town the results are ranked from, nearest first, when no store matched its name. */
  nearestTo?: string;
};

function dayName(row: OpeningHoursRow): string {
  if (row.dayNum === LUNCH_DAY_NUM) return LUNCH_LABEL;
  if (row.dayNum === SPECIAL_DAY_NUM) {
    if (row.holiday) return row.holiday;
    if (!row.date) return '';
    // Noon UTC is the same calendar day in Sweden; getUTCDay has Sunday as 0.
    const weekday = (new Date(`${row.date}T12:00:00Z`).getUTCDay() + 6) % 7;
    return DAY_NAMES[weekday] ?? row.date;
  }
  return DAY_NAMES[row.dayNum] ?? '';
}

export function toOpeningHoursEntry(row: OpeningHoursRow): OpeningHoursEntry {
  return {
    day: dayName(row),
    day_num: row.dayNum,
    date: row.date,
    times: row.openTime && row.closeTime ? { open: row.openTime, close: row.closeTime } : null,
    holiday: row.holiday,
  };
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

function toStore(row: StoreRow, hours: OpeningHoursRow[], stocked: StockedWarehouseRow[]): Store {
  return {
    id: row.id,
    external_id: row.externalId,
    slug: row.slug,
    name: row.name,
    is_central: row.isCentral,
    proffs_enabled: row.proffsEnabled,
    warehouse: row.warehouseCode,
    group: row.groupSlug,
    phone: row.phone,
    cellphone: row.cellphone,
    email: row.email,
    address: row.address,
    zip_code: row.zipCode,
    city: row.city,
    county: row.county,
    region: { id: row.regionId, name: row.regionName },
    web: row.web,
    svg_url: row.svgUrl,
    local_assortment_notice: row.localAssortmentNotice,
    location: { lat: row.lat, lon: row.lon },
    hours: hours.map(toOpeningHoursEntry),
    stocked_warehouses: stocked.map(({ warehouse, availability }) => ({ warehouse, availability })),
    ...(row.distanceKm === null ? {} : { distance_km: Math.round(row.distanceKm * 100) / 100 }),
  };
}

export class StoresService {
  constructor(
    private readonly repository: StoresRepository,
    private readonly postcodes: PostcodeLocator,
    private readonly towns: TownLocator,
  ) {}

  /**
   * GET /api/v2.0/stores/: filters combine; a postcode ranks the stores by distance from it.
   * Issue 22: free text alone that finds no store but names a town ranks the stores by
   * distance from the town instead, so "Göteborg" finds the store 8 km away.
   */
  async list(organisation: OrganisationId, query: StoreListQuery): Promise<StoreListResult> {
    const filter: StoreFilter = {
      organisation,
      ids: query.ids,
      externalId: query.external_id,
      text: query.query,
      near: query.zip_code ? await this.locatePostcode(query.zip_code) : undefined,
    };
    const size = query.count ?? DEFAULT_STORE_PAGE_SIZE;
    const page = query.page ?? 1;
    const found = await this.page(filter, size, page);
    const textOnly =
      query.query && !query.zip_code && query.ids === undefined && query.external_id === undefined;
    if (found.count > 0 || !textOnly) return found;
    const town = await this.towns.locate(query.query ?? '');
    if (!town) return found;
    return {
      ...(await this.page({ organisation, near: town.position }, size, page)),
      nearestTo: town.name,
    };
  }

  private async page(filter: StoreFilter, size: number, page: number): Promise<StoreListResult> {
    const offset = (page - 1) * size;
    const rows = await this.repository.list(filter, { limit: size, offset });
    // A page that is neither full nor past the end tells the total without a count query.
    const total =
      rows.length < size && (rows.length > 0 || offset === 0)
        ? offset + rows.length
        : await this.repository.count(filter);
    const results = await this.withDetails(rows);
    return { count: total, page, hasNext: page * size < total, results };
  }

  async get(organisation: OrganisationId, id: number): Promise<Store> {
    const [row] = await this.repository.list({ organisation, ids: [id] }, { limit: 1, offset: 0 });
    if (!row) throw new NotFoundError(`Butiken ${id} finns inte`);
    const [store] = await this.withDetails([row]);
    return store as Store;
  }

  /** The nearest physical store by great-circle distance (the central store is not a place). */
  async closest(organisation: OrganisationId, position: LatLon): Promise<Store> {
    const [row] = await this.repository.list(
      { organisation, near: position },
      { limit: 1, offset: 0 },
    );
    if (!row) throw new NotFoundError('Ingen butik hittades');
    const [store] = await this.withDetails([row]);
    return store as Store;
  }

  private async locatePostcode(zip: string): Promise<LatLon> {
    const position = await this.postcodes.locate(zip);
    if (!position) {
      const message = `Postnumret ${zip.slice(0, 3)} ${zip.slice(3)} finns inte`;
      throw new BadRequestError(message, [{ path: 'query.zip_code', message }]);
    }
    return position;
  }

  /** Hours and stocked warehouses for every store of the page in one query each (no N+1). */
  private async withDetails(rows: StoreRow[]): Promise<Store[]> {
    const ids = rows.map((row) => row.id);
    const [hours, stocked] = await Promise.all([
      this.repository.openingHours(ids),
      this.repository.stockedWarehouses(ids),
    ]);
    const hoursByStore = groupBy(hours, (row) => row.storeId);
    const stockedByStore = groupBy(stocked, (row) => row.storeId);
    return rows.map((row) =>
      toStore(row, hoursByStore.get(row.id) ?? [], stockedByStore.get(row.id) ?? []),
    );
  }
}
