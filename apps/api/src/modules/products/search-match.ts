import { sql, type SQL } from '@bygg/db/orm';
import { escapeLike } from '../../lib/search-text.ts';

/**
 * The product text match of products/ (q) and suggest/. For now every word of the query must
 * occur in products.search_text (lower-cased title, brand and category names), which the
 * trigram index products_search_trgm_idx answers. The Swedish search (issue 4) replaces this
 * one function.
 */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
}

export function productTextMatch(searchText: SQL, q: string): SQL {
  const words = searchWords(q);
  if (words.length === 0) return sql`true`;
  return sql.join(
    words.map((word) => sql`${searchText} like ${`%${escapeLike(word)}%`}`),
    sql` and `,
  );
}
