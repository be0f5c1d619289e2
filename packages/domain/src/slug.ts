/**
 * URL slugs, by the rule of the reference data (categories, brands, towns):
 * lowercase; å/ä → a, ö → o, é → e, ü → u; '&' → 'och'; '²' → '2'; every other run of
 * characters outside a–z and 0–9 becomes '-'; no leading or trailing '-'.
 * Two additions make it reproduce every slug of the reference brands too: '+' is the word
 * 'plus' ('H+H' → 'h-plus-h'), and a colon or apostrophe inside a word is dropped, as in the
 * Swedish abbreviation 'S:t' ('S:t Eriks' → 'st-eriks').
 */

const REPLACEMENTS: Readonly<Record<string, string>> = {
  å: 'a',
  ä: 'a',
  ö: 'o',
  é: 'e',
  ü: 'u',
  '²': '2',
  // Symbols that are words of their own: "Mur & betong" → "mur-och-betong".
  '&': '-och-',
  '+': '-plus-',
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/(?<=[\p{L}\p{N}])[:'’](?=[\p{L}\p{N}])/gu, '')
    .replace(/[åäöéü²&+]/g, (char) => REPLACEMENTS[char]!)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
