import { z } from 'zod';

/**
 * GET /api/v1.0/cart/current/ (storefront spec §3 "Cart", §7). Only what the mini cart shows
 * so far; the cart issue extends it. Amounts are integer öre like everywhere else. A 404 on
 * this path means the visitor has no cart (spec §4), which is not an error.
 */
export const CartLineSchema = z.object({
  id: z.union([z.number().int(), z.string()]),
  article_id: z.string(),
  quantity: z.number().int().nonnegative(),
  title: z.string(),
  brand: z.string().nullable(),
  price: z.number().int().nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

export const CartSchema = z.object({
  summary: z.object({ price: z.number().int(), quantity: z.number().int().nonnegative() }),
  items: z.array(CartLineSchema),
});
export type Cart = z.infer<typeof CartSchema>;
