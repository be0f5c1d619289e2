/**
 * Quantity input rules (storefront.md §4 "Cart", §5 "Quantity input", §8).
 */

export const MIN_QUANTITY = 1;
export const TOO_MANY_PRODUCTS_MESSAGE =
  'För högt antal produkter, försök igen med ett lägre antal';

/**
 * The quantity a typed value stands for. An empty or non-numeric value, a fraction or a
 * negative number reverts to the previous value; '0' is kept because 0 removes the line.
 */
export function parseQuantityInput(raw: string, previous: number): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text)) return previous;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : previous;
}

/** The decrement button is disabled at 0 or below. */
export function canDecrement(quantity: number): boolean {
  return quantity > 0;
}

/** Whether a submitted quantity deletes the line (0 or less removes it). */
export function removesLine(quantity: number): boolean {
  return quantity <= 0;
}

export type QuantityChangeIntent = 'add' | 'remove' | 'delete' | 'unchanged';

/**
 * What a change means: 'delete' at 0 or below; otherwise an update counts as an add for
 * analytics when the new quantity is higher, else as a remove (storefront.md §4).
 * 'unchanged' lets callers skip a request when nothing changed.
 */
export function quantityChangeIntent(previous: number, next: number): QuantityChangeIntent {
  if (removesLine(next)) return 'delete';
  if (next === previous) return 'unchanged';
  return next > previous ? 'add' : 'remove';
}
