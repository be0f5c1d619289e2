import type { Database } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import { planMatch, planScore, planSearch, type SearchPlan } from '@bygg/db/search/query';

export type { SearchPlan } from '@bygg/db/search/query';

/**
 * The product text match of products/ (q), suggest/ and search/: the Swedish search of
 * @bygg/db/search (stems, compound parts, folded letters, one-typo corrections, exact codes)
 * over products.search_tokens, which the GIN index products_search_tokens_idx answers.
 */
export function resolveProductSearch(db: Database, q: string): Promise<SearchPlan> {
  return planSearch(db, q);
}

export function productTextMatch(plan: SearchPlan): SQL {
  return planMatch(plan, sql`p.search_tokens`);
}

/** Relevance of products row p: title and category hits first (higher is better). */
export function productTextScore(plan: SearchPlan): SQL {
  return planScore(plan, sql`p.search_tokens`, sql`p.search_title_tokens`);
}
