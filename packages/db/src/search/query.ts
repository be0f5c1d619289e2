import { sql, type SQL } from 'drizzle-orm';
import {
  planFromVocabulary,
  isCode,
  PART_MARK,
  SCORE,
  scoreSets,
  vocabularyLookups,
  type SearchPlan,
  type SearchTerm,
  type VocabularyEntry,
} from '@bygg/domain/search-text';
import { type Database, queryRows } from '../client.ts';
import { swedishMorphology } from './lexicon.ts';
import { textArraySql } from './sql-arrays.ts';

// The SQL half of the search: the vocabulary lookup of a query and a plan as match and
// relevance expressions over a token column. The rules are @bygg/domain/search-text.

export type { SearchPlan, SearchTerm } from '@bygg/domain/search-text';

/**
 * Turns a query into index tokens with one vocabulary lookup: stems, base forms from the
 * Swedish dictionary (lexicon.ts), compound parts (from the catalogue's vocabulary),
 * å/ä/ö-folded forms and one-edit corrections of unknown words.
 */
export async function planSearch(db: Database, q: string): Promise<SearchPlan> {
  const morphology = await swedishMorphology();
  const lookups = vocabularyLookups(q, morphology);
  const list = textArraySql(lookups);
  const rows =
    lookups.length === 0
      ? []
      : await queryRows<VocabularyEntry>(
          db,
          sql`select term, stem, folded from search_vocabulary
            where term = any(${list}) or stem = any(${list}) or folded = any(${list})`,
        );
  return planFromVocabulary(q, rows, morphology);
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
 * Relevance, per term (SCORE in @bygg/domain/search-text): the word itself in the title 16,
 * its stem in the title 12, its stem as a compound part in the title or every part of one
 * of its part groups there 10, a part group, folded or corrected form in the title 6, an exact hit in the category, brand or codes 4, anything
 * else 0; plus 3, once, when a word or its stem is the title's head noun (HEAD_MARK tokens).
 * Exact beats folded and corrected; title beats category beats the rest; and since the head
 * bonus is less than the step from a stem to the word as typed, the products with every word
 * as typed in the title still outscore all others (the first tier of product-search.ts).
 */
export function planScore(plan: SearchPlan, tokens: SQL, titleTokens: SQL): SQL {
  // Typed, so that ORDER BY never reads a bare 0 as a column position.
  if (plan.terms.length === 0) return sql`0::int`;
  const n = (points: number) => sql.raw(String(points));
  return sql`(${sql.join(
    plan.terms.map((term) => {
      const sets = scoreSets(term);
      const surface = textArraySql(sets.surface);
      // An empty set becomes {''}, which no document has.
      const exact = textArraySql(sets.exact.length > 0 ? sets.exact : ['']);
      const asPart = textArraySql(sets.exactPart.length > 0 ? sets.exactPart : ['']);
      const all = textArraySql([...sets.other, '']);
      return sql`(case when ${titleTokens} && ${surface} then ${n(SCORE.surface)}
        when ${titleTokens} && ${exact} then ${n(SCORE.stem)}
        when ${titleTokens} && ${asPart} then ${n(SCORE.part)}
        when ${groupInTitle(term, titleTokens)} then ${n(SCORE.part)}
        when ${titleTokens} && ${all} then ${n(SCORE.other)}
        when ${tokens} && ${exact} then ${n(SCORE.offTitle)} else 0 end)`;
    }),
    sql` + `,
  )} + ${headBonus(plan, titleTokens)})`;
}

/**
 * Every part of one of the term's compound groups is in the title, whole or as a part
 * ("granpanel": Innerpanel gran …), which ranks with the stem as a part.
 */
export function groupInTitle(term: SearchTerm, titleTokens: SQL): SQL {
  if (term.groups.length === 0) return sql`false`;
  return sql`(${sql.join(
    term.groups.map(
      (group) =>
        sql`(${sql.join(
          group.map((part) => sql`${titleTokens} && ${textArraySql([part, PART_MARK + part])}`),
          sql` and `,
        )})`,
    ),
    sql` or `,
  )})`;
}

/** The head tokens of the plan's words (none for codes: a title's head noun is a word). */
export function planHeadTokens(plan: SearchPlan): string[] {
  return [...new Set(plan.terms.filter((t) => !isCode(t.word)).flatMap((t) => scoreSets(t).head))];
}

/** SCORE.head when a word of the plan is the title's head noun (HEAD_MARK tokens), else 0. */
export function headBonus(plan: SearchPlan, titleTokens: SQL): SQL {
  const head = planHeadTokens(plan);
  if (head.length === 0) return sql`0`;
  return sql`(case when ${titleTokens} && ${textArraySql(head)} then ${sql.raw(
    String(SCORE.head),
  )} else 0 end)`;
}
