import { z } from 'zod';
import { PICKLIST_MAX_LINES, PICKLIST_MAX_QUANTITY } from './constants.ts';
import { SekSchema } from './prices.ts';
import { BrandRefSchema, ProductImageSchema } from './products.ts';
import { StockEntrySchema } from './stock.ts';

/**
 * The picklist (storefront spec §3 "Picklist item", "Derived entry", "Picklist"; §4). The lines
 * live in the browser's local storage; the API only prices them for a store and a price mode.
 */

// Zod-free constants browser code needs live in constants.ts (issue 3); re-exported here.
export { PICKLIST_MAX_LINES, PICKLIST_MAX_QUANTITY };

/** Spec §8: the reply when none of the picklist's articles exists any more (404). */
export const NO_PRODUCTS_FOUND_MESSAGE = 'No products found';

/** Price mode (spec §4): incl. VAT, or excl. VAT on b2b paths. */
export const PicklistVatModeSchema = z.enum(['incl', 'excl']);
export type PicklistVatMode = z.infer<typeof PicklistVatModeSchema>;

const ArticleIdSchema = z.number().int().min(1).max(2_147_483_647);

export const PicklistPriceLineSchema = z.object({
  article_id: ArticleIdSchema,
  quantity: z.number().int().min(1, 'minst 1').max(PICKLIST_MAX_QUANTITY, 'för högt antal'),
});

/** POST /api/v2.0/picklist/prices/ — price the browser's picklist lines. */
export const PicklistPriceRequestSchema = z
  .object({
    /** The chosen store; without one the chain-wide list prices apply and no stock is sent. */
    store_id: ArticleIdSchema.nullable().default(null),
    vat: PicklistVatModeSchema.default('incl'),
    lines: z
      .array(PicklistPriceLineSchema)
      .min(1, 'ange minst en rad')
      .max(PICKLIST_MAX_LINES, `högst ${PICKLIST_MAX_LINES} rader`),
  })
  .superRefine((body, ctx) => {
    // The browser's store keeps one line per article; a repeat would make the reply ambiguous.
    const seen = new Set<number>();
    body.lines.forEach((line, index) => {
      if (seen.has(line.article_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'article_id'],
          message: 'artikeln finns redan på en annan rad',
        });
      }
      seen.add(line.article_id);
    });
  });
export type PicklistPriceRequest = z.input<typeof PicklistPriceRequestSchema>;

/**
 * One priced line (the spec's "derived entry"). price and sum are kronor in the reply's price
 * mode (incl. or excl. VAT); both are null when the store hides the price or has none.
 */
export const PicklistEntrySchema = z.object({
  article_id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  brand: BrandRefSchema.nullable(),
  cover_image: ProductImageSchema.nullable(),
  /** The variant's own options (e.g. Längd 3,6 m), so two variants of one product differ. */
  variant: z.string().nullable(),
  erp_article_numbers: z.array(z.string()),
  /** Sales unit: st, pkt, lpm, … */
  unit: z.string(),
  quantity: z.number().int(),
  /** Kronor per sales unit, in the reply's price mode; null when not shown. */
  price: SekSchema.nullable(),
  /** Kronor, price × quantity, in the reply's price mode; null when price is null. */
  sum: SekSchema.nullable(),
  /** Stock in the store's own warehouse; null without a store or without a record there. */
  stock: StockEntrySchema.nullable(),
});
export type PicklistEntry = z.infer<typeof PicklistEntrySchema>;

export const PicklistSchema = z.object({
  store_id: z.number().int().nullable(),
  vat: PicklistVatModeSchema,
  /** The found lines, in the order they were sent. */
  articles: z.array(PicklistEntrySchema),
  /** Articles that no longer exist or are not sold here: left out of `articles` (spec §8). */
  missing: z.array(z.number().int()),
  /** Units over all found lines. */
  quantity: z.number().int(),
  /** Kronor in the price mode; null (undefined in the spec) when any line lacks a price. */
  sum: SekSchema.nullable(),
});
export type Picklist = z.infer<typeof PicklistSchema>;
