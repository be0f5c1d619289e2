import { z } from 'zod';
import { paginated, QueryInt } from './common.ts';
import { PathIdSchema, QueryIdListSchema } from './input.ts';

/** Opening-hours entry (storefront spec §3): day_num 0–6 Monday–Sunday, 98 special day, 99 daily lunch. */
export const OpeningHoursEntrySchema = z.object({
  day: z.string(),
  day_num: z.number().int(),
  date: z.string().nullable(),
  times: z.object({ open: z.string(), close: z.string() }).nullable(),
  holiday: z.string().nullable(),
});
export type OpeningHoursEntry = z.infer<typeof OpeningHoursEntrySchema>;

export const StockedWarehouseSchema = z.object({
  warehouse: z.string(),
  /** Availability bit flags (domain/availability.ts). */
  availability: z.number().int().nonnegative(),
});

export const RegionSchema = z.object({ id: z.number().int().min(1).max(7), name: z.string() });

export const StoreSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  slug: z.string(),
  /** Full name including the organisation prefix; the UI strips it (domain/stores.ts). */
  name: z.string(),
  is_central: z.boolean(),
  proffs_enabled: z.boolean(),
  warehouse: z.string(),
  group: z.string().nullable(),
  phone: z.string().nullable(),
  cellphone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string(),
  zip_code: z.string(),
  city: z.string(),
  county: z.string(),
  region: RegionSchema,
  web: z.string().nullable(),
  svg_url: z.string().nullable(),
  /** The store's note about its local assortment (shown on the store page), if any. */
  local_assortment_notice: z.string().nullable(),
  location: z.object({ lat: z.number(), lon: z.number() }),
  hours: z.array(OpeningHoursEntrySchema),
  stocked_warehouses: z.array(StockedWarehouseSchema),
  /** Set on replies that were ranked by distance (closest, postcode search), in kilometres. */
  distance_km: z.number().nonnegative().optional(),
});
export type Store = z.infer<typeof StoreSchema>;

export const StorePageSchema = paginated(StoreSchema).extend({
  /**
   * Issue 22: the free text named a town with no store of the organisation; the results are
   * the stores nearest to that town (nearest first, with distance_km), and this is its name.
   */
  nearest_to: z.string().optional(),
});
export type StorePage = z.infer<typeof StorePageSchema>;

/** GET /api/v2.0/stores/ — count up to 10,000 (spec §9), zip_code or free-text query, ids, external_id. */
export const StoreListQuerySchema = z.object({
  count: QueryInt(1, 10_000).optional(),
  page: QueryInt(1, 10_000).optional(),
  zip_code: z
    .string()
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{5}$/, 'Postnumret ska vara exakt 5 siffror'))
    .optional(),
  query: z.string().trim().max(200).optional(),
  /** Comma-separated store ids. */
  ids: QueryIdListSchema.optional(),
  external_id: z.string().max(64).optional(),
});
export type StoreListQuery = z.infer<typeof StoreListQuerySchema>;

export const ClosestStoreQuerySchema = z.object({
  longitude: z.coerce.number().min(-180).max(180),
  latitude: z.coerce.number().min(-90).max(90),
});

/** GET /api/v2.0/stores/{id}/ — the store's numeric id (Store.id). */
export const StoreIdParamsSchema = z.object({
  id: PathIdSchema,
});
