/**
 * Folds text for forgiving search: lower case and the Swedish letters to their base letter, so
 * 'goteborg' finds 'Göteborg' and 'malmo' finds 'Malmö'. SQL_FOLD_FROM/TO do the same in SQL
 * with translate(), which (unlike lower()) does not depend on the database's collation.
 */
export const SQL_FOLD_FROM = 'ÅÄÖÉÈÜÆØåäöéèüæø';
export const SQL_FOLD_TO = 'aaoeeuaoaaoeeuao';

const FOLD = new Map([...SQL_FOLD_FROM].map((ch, i) => [ch, SQL_FOLD_TO[i] ?? ch]));

/** The Swedish (and a few other) letters to their base letter, case kept otherwise. */
export function foldLetters(text: string): string {
  return [...text].map((ch) => FOLD.get(ch) ?? ch).join('');
}

export function foldSearchText(text: string): string {
  return foldLetters(text).toLowerCase();
}

/** Escapes LIKE wildcards so a user's '%' or '_' matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
