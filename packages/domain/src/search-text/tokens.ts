import { foldLetters } from './fold.ts';

/**
 * Text to search words, the same for catalogue text and queries: lower case, dimensions
 * joined ("45 x 95" → "45x95", "12,5 mm" → "12,5mm", "12.5" → "12,5"), words split on
 * anything that is neither a letter nor a digit. Words with a digit (dimensions, article and
 * ERP numbers, models such as c24) are codes: matched exactly, never stemmed or corrected.
 */

/** Words that carry no meaning on their own in a product title or a query. */
export const STOPWORDS = new Set([
  'och',
  'för',
  'med',
  'till',
  'i',
  'på',
  'av',
  'utan',
  'som',
  'en',
  'ett',
  'den',
  'det',
  'x',
  'st',
  'mm',
  'cm',
  'm',
  'l',
  'ml',
  'kg',
  'g',
  'pkt',
]);

const UNITS = 'mm|cm|m²|m2|m|ml|l|kg|g|v|w|ah|st';

/**
 * Folded index tokens carry this mark, so "tra" finds "trä" through "~tra" while an exact
 * "fast" never matches the folded "fäst" (exact beats folded).
 */
export const FOLDED_MARK = '~';

/** A word with å, ä, ö (é, è, ü, æ, ø) as their base letters: the same table as fold.ts. */
export function foldWord(word: string): string {
  return foldLetters(word);
}

export function isCode(word: string): boolean {
  return /\d/.test(word);
}

export function normalizeText(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/(\d)\.(\d)/g, '$1,$2')
    .replace(/(\d)\s*x\s*(?=\d)/g, '$1x')
    .replace(new RegExp(`(\\d)\\s+(${UNITS})(?![\\p{L}\\p{N}])`, 'gu'), '$1$2');
}

/** The words of a text, stopwords dropped, in order. */
export function textWords(text: string): string[] {
  const words: string[] = [];
  for (const raw of normalizeText(text).split(/[^\p{L}\p{N},²-]+/u)) {
    const trimmed = raw.replace(/^[,-]+|[,-]+$/g, '');
    if (!trimmed) continue;
    // A hyphen joins an ERP number ("123456-d") but separates words ("led-lampa").
    const parts = isCode(trimmed) ? [trimmed] : trimmed.split(/[-,]+/);
    for (const part of parts) if (part && !STOPWORDS.has(part)) words.push(part);
  }
  return words;
}

/**
 * A code plus the forms a shopper may type: without its unit ("45x95mm" → "45x95") and a
 * dimension without its letter prefix ("m8x100" → "8x100").
 */
export function codeVariants(code: string): string[] {
  const out = new Set([code]);
  for (const c of [...out]) out.add(c.replace(new RegExp(`(\\d)(${UNITS})$`, 'u'), '$1'));
  for (const c of [...out]) {
    const bare = /^\p{L}+(\d[\d,]*x\d.*)$/u.exec(c)?.[1];
    if (bare) out.add(bare);
  }
  return [...out];
}
