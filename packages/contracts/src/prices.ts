import { z } from 'zod';

/**
 * An amount in kronor (SEK) with at most two decimals, e.g. 1295 or 19.9. The database and
 * the domain rules keep integer öre; the API converts once, at the edge (öre / 100), so a
 * client never sees a rounding artefact such as 19.899999.
 */
export const SekSchema = z.number().describe('Kronor (SEK), at most two decimals');

/**
 * A price offer (storefront spec §3 "Price offer"), per store: a store's own price beats the
 * chain's list price. Every amount is SEK incl. VAT unless the name says excl_vat.
 *
 * - unit_price / unit_label: the comparison price, e.g. per m² for a pack of flooring; for an
 *   article without a comparison unit, the price per sales unit (unit_label 'st', 'lpm', …).
 * - reduced_from: the ordinary price while a campaign price applies, else null.
 * - end_date: when a limited-time price ends (ISO 8601), else null.
 * - is_net_price: the logged-in trade customer's negotiated price replaced the list price.
 * - lowest_*_last_30_days: the lowest price of the 30 days before the reduction (Omnibus
 *   rule), computed from the price history; null when the history has no row for it.
 *
 * An article whose price is hidden in the store (availability bit 16) has no offer at all:
 * the field holding it is null, and lists of offers leave the article out.
 */
export const PriceOfferSchema = z.object({
  article_id: z.number().int(),
  price: SekSchema,
  price_excl_vat: SekSchema,
  unit_price: SekSchema,
  unit_price_excl_vat: SekSchema,
  unit_label: z.string(),
  reduced_from: SekSchema.nullable(),
  unit_price_reduced_from: SekSchema.nullable(),
  is_limited_time: z.boolean(),
  end_date: z.string().nullable(),
  is_net_price: z.boolean(),
  lowest_price_last_30_days: SekSchema.nullable(),
  lowest_price_excl_vat_last_30_days: SekSchema.nullable(),
  lowest_unit_price_last_30_days: SekSchema.nullable(),
  lowest_unit_price_excl_vat_last_30_days: SekSchema.nullable(),
  /** VAT rate of the article, e.g. 0.25 (the purchase event computes tax per line from it). */
  vat_rate: z.number().min(0).max(1),
});
export type PriceOffer = z.infer<typeof PriceOfferSchema>;
