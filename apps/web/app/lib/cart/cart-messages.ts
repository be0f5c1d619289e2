import { TOO_MANY_PRODUCTS_MESSAGE } from '@bygg/domain/quantity';

/**
 * The cart's Swedish texts (storefront spec §8) and how they are put together. The spec gives
 * the failure texts literally; the 428 text and the self-clearing delay are not shown there,
 * so they are ours.
 */

export { TOO_MANY_PRODUCTS_MESSAGE };

/**
 * Spec §4: cart errors clear themselves after a timeout whose value the spec leaves open.
 * 6 s: long enough to read two lines at a slow pace, and longer than the 5 s toasts, so an
 * error next to a button is never gone before the toast that repeats it.
 */
export const CART_ERROR_CLEAR_MS = 6000;

/** Spec §8 reply 428: "a dedicated too-many-requests cart message"; the wording is ours. */
export const TOO_MANY_REQUESTS_MESSAGE =
  'Du har gjort många ändringar i varukorgen på kort tid. Vänta en liten stund och försök sedan igen.';

/** 428 on the gift-card calls, which are limited hard so card numbers cannot be guessed. */
export const GIFT_CARD_TOO_MANY_TRIES_MESSAGE =
  'Du har gjort för många försök med presentkort. Vänta några minuter och försök sedan igen.';

export const CART_LOAD_FAILED_MESSAGE =
  'Vi kunde tyvärr inte hämta varukorgen. Försök igen senare.';

/** Before the cookie question is answered there is no cart (spec §6). */
export const CONSENT_REQUIRED_MESSAGE =
  'Varukorgen använder cookies. Svara på frågan om cookies för att kunna handla.';

/** The product's name, or 'produkten' when the caller does not know it (spec §8). */
function productName(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? trimmed : 'produkten';
}

/** Spec §8 "Cart add fails". */
export function addFailedMessage(title?: string | null): string {
  return `Vi kunde tyvärr inte lägga ${productName(title)} i varukorgen. Försök igen senare.`;
}

/** Spec §8 "Cart update fails" (a quantity change or a removal). */
export function updateFailedMessage(title?: string | null): string {
  return `Vi kunde tyvärr inte uppdatera ${productName(title)}. Försök igen senare.`;
}

/**
 * Spec §4: the messages a successful add returns are shown joined by line breaks. Blank and
 * repeated messages are dropped, so a reply that repeats a notice per line shows it once.
 */
export function joinMessages(messages: readonly string[]): string {
  const seen = new Set<string>();
  for (const message of messages) {
    const text = message.trim();
    if (text) seen.add(text);
  }
  return [...seen].join('\n');
}
