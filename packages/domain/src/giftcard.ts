/**
 * Gift card numbers (issue 5): 16 digits whose last digit is a Luhn check digit, so a typo
 * is caught before any lookup (reason INVALID_CHECKSUM), plus a 4-digit PIN.
 */

export const GIFT_CARD_NUMBER_LENGTH = 16;
/** A Swedish gift card must be valid for at least one year (Konsumentverket); ours: two. */
export const GIFT_CARD_VALIDITY_YEARS = 2;
export const GIFT_CARD_CHECKSUM_MESSAGE =
  'Presentkortsnumret stämmer inte. Kontrollera numret och försök igen.';
export const GIFT_CARD_NOT_FOUND_MESSAGE =
  'Vi hittade inget presentkort med det numret och den PIN-koden.';
export const GIFT_CARD_EMPTY_MESSAGE = 'Presentkortet har inget saldo kvar och kan inte användas.';
export const GIFT_CARD_EXPIRED_MESSAGE = 'Presentkortet har gått ut och kan inte användas.';

/**
 * Why a card cannot pay (issue 22): one that is used up or expired is refused when applied,
 * not accepted into the cart to fail the checkout later. Null when the card can pay.
 */
export function giftCardUnusableMessage(
  card: { balanceOre: number; expiresAt: Date },
  now: Date,
): string | null {
  if (card.expiresAt <= now) return GIFT_CARD_EXPIRED_MESSAGE;
  if (card.balanceOre <= 0) return GIFT_CARD_EMPTY_MESSAGE;
  return null;
}

/** The Luhn check digit for a string of digits (the digits before the check digit). */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new RangeError('Luhn payload must be digits');
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // Doubling starts at the rightmost payload digit (it sits next to the check digit).
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 16 digits whose last digit is the Luhn check digit of the first 15. */
export function isValidGiftCardNumber(number: string): boolean {
  if (!new RegExp(`^\\d{${GIFT_CARD_NUMBER_LENGTH}}$`).test(number)) return false;
  return luhnCheckDigit(number.slice(0, -1)) === Number(number.slice(-1));
}

/** A full number from a 15-digit payload. */
export function withCheckDigit(payload: string): string {
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** '6037 1234 5678 9012': the number in groups of four, as printed on the card. */
export function formatGiftCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function last4(number: string): string {
  return number.slice(-4);
}
