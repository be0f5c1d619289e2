import { z } from 'zod';
import { GiftCardNumberSchema, GiftCardPinSchema } from './cart.ts';

/**
 * GET /api/v1.0/giftcards/{id}/balance/?pin=1234 (storefront spec §7). {id} is the 16-digit
 * card number. The PIN is required so a number alone reveals nothing, and the call is rate
 * limited per client (428 when over the limit) so numbers cannot be found by trying.
 * A wrong check digit is 400 with reason INVALID_CHECKSUM; an unknown card or a wrong PIN is
 * the same 404, so a reply never tells which of the two was wrong.
 */
export const GiftCardBalanceParamsSchema = z.object({ id: GiftCardNumberSchema });
export const GiftCardBalanceQuerySchema = z.object({ pin: GiftCardPinSchema });

export const GiftCardBalanceSchema = z.object({
  /** The last four digits. */
  last4: z.string(),
  /** Öre: what is left on the card. */
  balance: z.number().int(),
  currency: z.literal('SEK'),
  /** ISO 8601 date the card expires (a Swedish gift card is valid at least a year). */
  expires_at: z.string(),
  /** Expired cards keep their balance on record but cannot pay. */
  is_expired: z.boolean(),
});
export type GiftCardBalance = z.infer<typeof GiftCardBalanceSchema>;

/** The 400 body for a number whose check digit is wrong. */
export const GiftCardChecksumErrorSchema = z.object({
  statusCode: z.literal(400),
  error: z.string(),
  message: z.string(),
  reason: z.literal('INVALID_CHECKSUM'),
});
