import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations, regions } from './organisations.ts';

/** Each store has its own warehouse; the central store's warehouse serves the whole country. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    isCentral: boolean('is_central').notNull().default(false),
  },
  (t) => [uniqueIndex('warehouses_org_code_uq').on(t.organisationId, t.code)],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** The ERP store number, e.g. '1042'; 'central' for the nationwide store. */
    externalId: text('external_id').notNull(),
    slug: text('slug').notNull(),
    /** Full name with the organisation prefix, e.g. 'Timmerkedjan Uppsala'. */
    name: text('name').notNull(),
    isCentral: boolean('is_central').notNull().default(false),
    proffsEnabled: boolean('proffs_enabled').notNull().default(false),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    groupSlug: text('group_slug'),
    phone: text('phone'),
    cellphone: text('cellphone'),
    email: text('email'),
    address: text('address').notNull(),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    county: text('county').notNull(),
    regionId: smallint('region_id')
      .notNull()
      .references(() => regions.id),
    web: text('web'),
    svgUrl: text('svg_url'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    localAssortmentNotice: text('local_assortment_notice'),
  },
  (t) => [
    uniqueIndex('stores_org_external_id_uq').on(t.organisationId, t.externalId),
    uniqueIndex('stores_org_slug_uq').on(t.organisationId, t.slug),
  ],
);

/**
 * Opening hours (storefront spec §3): day_num 0–6 Monday–Sunday, 98 a special day (with date),
 * 99 a lunch hour every day. Null times mean closed.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    dayNum: smallint('day_num').notNull(),
    date: date('date', { mode: 'string' }),
    /** 'HH:MM' */
    openTime: text('open_time'),
    /** 'HH:MM' */
    closeTime: text('close_time'),
    holiday: text('holiday'),
  },
  (t) => [
    index('opening_hours_store_idx').on(t.storeId, t.dayNum),
    check('opening_hours_day_num_ck', sql`${t.dayNum} between 0 and 6 or ${t.dayNum} in (98, 99)`),
  ],
);

/** Warehouses a store sells from, with availability bit flags (domain/availability.ts). */
export const storeStockedWarehouses = pgTable(
  'store_stocked_warehouses',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    availability: integer('availability').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.warehouseId] })],
);
