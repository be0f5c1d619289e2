import { sql, type SQL } from 'drizzle-orm';
import {
  planFromVocabulary,
  scoreSets,
  vocabularyLookups,
  type SearchPlan,
  type SearchTerm,
  type VocabularyEntry,
} from '@bygg/domain/search-text';
import { type Database, queryRows } from '../client.ts';
import { textArraySql } from './sql-arrays.ts';

// The SQL half of the search: the vocabulary lookup of a query and a plan as match and
// relevance expressions over a token column. The rules are @bygg/domain/search-text.

export type { SearchPlan, SearchTerm } from '@bygg/domain/search-text';

/**
 * Turns a query into index tokens with one vocabulary lookup: stems, compound parts (from the
 * catalogue's vocabulary), å/ä/ö-folded forms and one-edit corrections of unknown words.
 */
export async function planSearch(db: Database, q: string): Promise<SearchPlan> {
  const lookups = vocabularyLookups(q);
  const list = textArraySql(lookups);
  const rows =
    lookups.length === 0
      ? []
      : await queryRows<VocabularyEntry>(
          db,
          sql`select term, stem, folded from search_vocabulary
            where term = any(${list}) or stem = any(${list}) or folded = any(${list})`,
        );
  return planFromVocabulary(q, rows);
}

function termTokens(term: SearchTerm): string[] {
  return [...term.exact, ...term.loose];
}

/** Documents whose token column matches every term of the plan. */
export function planMatch(plan: SearchPlan, tokens: SQL): SQL {
  if (plan.terms.length === 0) return sql`false`;
  return sql.join(
    plan.terms.map((term) => {
      const alternatives: SQL[] = [];
      const single = termTokens(term);
      if (single.length > 0) alternatives.push(sql`${tokens} && ${textArraySql(single)}`);
      for (const group of term.groups) alternatives.push(sql`${tokens} @> ${textArraySql(group)}`);
      return alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : sql`false`;
    }),
    sql` and `,
  );
}

/**
 * Relevance, per term: the word itself in the title 8, its stem in the title 6, its stem as a
 * compound part in the title 5, a part group, folded or corrected form in the title 3, an
 * exact hit in the category, brand or codes 2, anything else 0. Exact beats folded and
 * corrected; title beats category beats the rest.
 */
export function planScore(plan: SearchPlan, tokens: SQL, titleTokens: SQL): SQL {
  // Typed, so that ORDER BY never reads a bare 0 as a column position.
  if (plan.terms.length === 0) return sql`0::int`;
  return sql`(${sql.join(
    plan.terms.map((term) => {
      const sets = scoreSets(term);
      const surface = textArraySql(sets.surface);
      // An empty set becomes {''}, which no document has.
      const exact = textArraySql(sets.exact.length > 0 ? sets.exact : ['']);
      const asPart = textArraySql(sets.exactPart.length > 0 ? sets.exactPart : ['']);
      const all = textArraySql([...sets.other, '']);
      return sql`(case when ${titleTokens} && ${surface} then 8 when ${titleTokens} && ${exact} then 6
        when ${titleTokens} && ${asPart} then 5 when ${titleTokens} && ${all} then 3
        when ${tokens} && ${exact} then 2 else 0 end)`;
    }),
    sql` + `,
  )})`;
}
