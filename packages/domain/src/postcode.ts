/**
 * Swedish postal codes (storefront.md §5, trade-area.md §5): spaces removed, exactly 5 digits.
 */

/** Removes every kind of whitespace, including non-breaking spaces: ' 112 50 ' → '11250'. */
export function normalisePostcode(input: string): string {
  return input.replace(/\s/g, '');
}

export function isValidPostcode(input: string): boolean {
  return /^\d{5}$/.test(normalisePostcode(input));
}

/** '11250' → '112 50'. Input that is not a valid postcode is returned trimmed, unchanged. */
export function formatPostcode(input: string): string {
  const digits = normalisePostcode(input);
  return isValidPostcode(digits) ? `${digits.slice(0, 3)} ${digits.slice(3)}` : input.trim();
}

/** Whether a store-search query is zip-shaped and should be sent as zip_code. */
export function looksLikePostcode(query: string): boolean {
  return isValidPostcode(query);
}

/** The store-search parameters: a zip-shaped input as zip_code, anything else as free text. */
export function storeSearchParams(query: string): { zip_code: string } | { query: string } {
  return looksLikePostcode(query)
    ? { zip_code: normalisePostcode(query) }
    : { query: query.trim() };
}
