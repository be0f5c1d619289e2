import type { Database } from '@bygg/db/client';
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from '@bygg/db/orm';
import {
  openingHours,
  regions,
  storeStockedWarehouses,
  stores,
  warehouses,
} from '@bygg/db/schema/index';
import type { OrganisationId } from '@bygg/contracts/common';
import { EARTH_RADIUS_KM, type LatLon } from './geo.ts';
import { SQL_FOLD_FROM, SQL_FOLD_TO, escapeLike, foldSearchText } from '@bygg/domain/search-text';

export type StoreFilter = {
  organisation: OrganisationId;
  ids?: number[] | undefined;
  externalId?: string | undefined;
  /** Whitespace-separated words; every word must occur in name, city, address, zip or county. */
  text?: string | undefined;
  /** Rank by great-circle distance from here (nearest first) and leave out the central store. */
  near?: LatLon | undefined;
};

export type StoreRow = typeof stores.$inferSelect & {
  regionName: string;
  warehouseCode: string;
  distanceKm: number | null;
};

export type OpeningHoursRow = typeof openingHours.$inferSelect;
export type StockedWarehouseRow = { storeId: number; warehouse: string; availability: number };

/** Great-circle distance (haversine) from a point to each store, in kilometres, in SQL. */
function distanceKm(from: LatLon): SQL<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(${stores.lat} - ${from.lat}::float8) / 2), 2)
    + cos(radians(${from.lat}::float8)) * cos(radians(${stores.lat}))
    * power(sin(radians(${stores.lon} - ${from.lon}::float8) / 2), 2)))))`;
}

/** translate() folds å/ä/ö before lower(), which on a C-collation database only knows ASCII. */
function folded(column: SQL): SQL {
  return sql`lower(translate(${column}, ${SQL_FOLD_FROM}, ${SQL_FOLD_TO}))`;
}

const searchable = sql`concat_ws(' ', ${stores.name}, ${stores.city}, ${stores.address},
  replace(${stores.zipCode}, ' ', ''), ${stores.zipCode}, ${stores.county})`;

function conditions(filter: StoreFilter): SQL[] {
  const where: SQL[] = [eq(stores.organisationId, filter.organisation)];
  if (filter.ids) where.push(inArray(stores.id, filter.ids));
  if (filter.externalId !== undefined) where.push(eq(stores.externalId, filter.externalId));
  if (filter.near) where.push(eq(stores.isCentral, false));
  const words = foldSearchText(filter.text ?? '')
    .split(/\s+/)
    .filter(Boolean);
  for (const word of words) {
    where.push(sql`${folded(searchable)} like ${`%${escapeLike(word)}%`}`);
  }
  return where;
}

/**
 * The only code that reads stores. Each method takes an optional executor so a caller can run
 * it inside a transaction.
 */
export class StoresRepository {
  constructor(private readonly db: Database) {}

  async count(filter: StoreFilter, executor: Database = this.db): Promise<number> {
    const [row] = await executor
      .select({ total: count() })
      .from(stores)
      .where(and(...conditions(filter)));
    return row?.total ?? 0;
  }

  /** One page of stores, nearest first when `near` is set, otherwise by name. */
  async list(
    filter: StoreFilter,
    page: { limit: number; offset: number },
    executor: Database = this.db,
  ): Promise<StoreRow[]> {
    const distance = filter.near ? distanceKm(filter.near) : sql<null>`null::float8`;
    return executor
      .select({
        ...getTableColumns(stores),
        regionName: regions.name,
        warehouseCode: warehouses.code,
        distanceKm: sql<number | null>`${distance}`.mapWith(Number),
      })
      .from(stores)
      .innerJoin(regions, eq(regions.id, stores.regionId))
      .innerJoin(warehouses, eq(warehouses.id, stores.warehouseId))
      .where(and(...conditions(filter)))
      .orderBy(...(filter.near ? [asc(distance)] : []), asc(stores.name), asc(stores.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  async openingHours(storeIds: number[], executor: Database = this.db) {
    if (storeIds.length === 0) return [];
    return executor
      .select()
      .from(openingHours)
      .where(inArray(openingHours.storeId, storeIds))
      .orderBy(
        asc(openingHours.storeId),
        asc(openingHours.dayNum),
        asc(openingHours.date),
        asc(openingHours.id),
      );
  }

  async stockedWarehouses(
    storeIds: number[],
    executor: Database = this.db,
  ): Promise<StockedWarehouseRow[]> {
    if (storeIds.length === 0) return [];
    return executor
      .select({
        storeId: storeStockedWarehouses.storeId,
        warehouse: warehouses.code,
        availability: storeStockedWarehouses.availability,
      })
      .from(storeStockedWarehouses)
      .innerJoin(warehouses, eq(warehouses.id, storeStockedWarehouses.warehouseId))
      .where(inArray(storeStockedWarehouses.storeId, storeIds))
      .orderBy(asc(storeStockedWarehouses.storeId), asc(warehouses.code));
  }
}
