import { z } from 'zod';
import { STOCK_STATUSES } from '@bygg/domain/stock';

export const StockStatusSchema = z.enum(STOCK_STATUSES);

/** The store a stock entry belongs to (storefront spec §3 "Stock entry": store). */
export const StockStoreSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  is_central: z.boolean(),
  name: z.string(),
  slug: z.string(),
});
export type StockStore = z.infer<typeof StockStoreSchema>;

/**
 * Stock of one article in one warehouse (storefront spec §3 "Stock entry").
 *
 * - status: from quantity_on_hand (domain/stock.ts stockStatusFromQuantity).
 * - availability: the availability bit flags in effect for the article there
 *   (domain/availability.ts); stock_type: stocked 1, unstocked 2, temp_out_of_stock 4.
 * - store: the store whose own warehouse this is; null for a warehouse that only supplies
 *   (e.g. the central warehouse seen from a local store), which sorts first.
 *
 * Where the stock is hidden (availability bit 32) the quantity is not sent: quantity_on_hand
 * is null and status UNKNOWN, the bit tells the shop to show 'Butiksvara, kontakta din butik'.
 */
export const StockEntrySchema = z.object({
  article_id: z.number().int(),
  status: StockStatusSchema,
  availability: z.number().int().min(0).max(127),
  stock_type: z.number().int().min(0).max(7),
  quantity_on_hand: z.number().int().nullable(),
  warehouse: z.string(),
  store: StockStoreSchema.nullable(),
});
export type StockEntry = z.infer<typeof StockEntrySchema>;
