import { z } from 'zod';

/**
 * GET price/?article_ids=1,2,3 (trade-area spec §7 "Other"): the trade user's own prices in
 * this store, excl. VAT (spec §6: trade users see prices excluding VAT).
 */
export const TradePriceQuerySchema = z.object({
  article_ids: z
    .string()
    .trim()
    .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'article_ids är en kommaseparerad lista med högst 100 id'),
});

export const TradePriceSchema = z.object({
  article_id: z.number().int(),
  /** What the user pays, öre excl. VAT. */
  price_ore: z.number().int(),
  /** The same incl. VAT. */
  price_incl_vat_ore: z.number().int(),
  /** The ordinary price excl. VAT when the user's price is lower (net price or campaign). */
  ordinary_ore: z.number().int().nullable(),
  vat_rate_bp: z.number().int(),
  /** The company's negotiated net price applies. */
  is_net_price: z.boolean(),
});
export type TradePrice = z.infer<typeof TradePriceSchema>;

/** Articles without a price in this store are left out. */
export const TradePriceReplySchema = z.object({ results: z.array(TradePriceSchema) });
export type TradePriceReply = z.infer<typeof TradePriceReplySchema>;
