import { type Database, queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import type { SwedishMorphology, VocabularyEntry } from '@bygg/domain/search-text';
import { swedishMorphology } from '@bygg/db/search/lexicon';
import { refreshQueuedDocuments } from '@bygg/db/search/refresh';
import {
  type GroupedRow,
  type GroupedSearch,
  groupedSearchQuery,
  type ProductSearchFilter,
  productSearchTotalQuery,
} from '../products/product-search.ts';

export type DocumentKind = 'bk04_categories' | 'cms_pages' | 'brands' | 'stores';

/** Reads the search index: the grouped statement, the vocabulary, capped product counts. */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  /** The whole grouped search in one statement (product-search.ts groupedSearchQuery). */
  async grouped(input: GroupedSearch): Promise<GroupedRow> {
    const [row] = await queryRows<GroupedRow>(this.db, groupedSearchQuery(input));
    if (!row) throw new Error('The grouped search statement returned no row');
    return row;
  }

  /**
   * The whole vocabulary and the counter it is current for. The counter is read first: a
   * word added in between makes the counter look older than the words, so the next search
   * reloads once more, never the reverse.
   */
  async vocabulary(): Promise<{ version: number; entries: VocabularyEntry[] }> {
    const [state] = await queryRows<{ vocabulary: number | string }>(
      this.db,
      sql`select vocabulary from search_index_state where id = 1`,
    );
    const entries = await queryRows<VocabularyEntry>(
      this.db,
      sql`select term, stem, folded from search_vocabulary`,
    );
    return { version: Number(state?.vocabulary ?? -1), entries };
  }

  /** The Swedish dictionary's morphology (read once per process, lexicon.ts). */
  morphology(): Promise<SwedishMorphology> {
    return swedishMorphology();
  }

  /** Re-tokenises the stores and CMS pages queued by their triggers (refresh.ts). */
  refreshQueuedDocuments(): Promise<number> {
    return refreshQueuedDocuments(this.db);
  }

  /**
   * How many products match, up to `cap`, and the search_products counter in the same
   * snapshot (so the count is kept only for the index state it was made from).
   */
  async productTotal(
    filter: ProductSearchFilter,
    cap: number,
  ): Promise<{ total: number; version: number }> {
    const [row] = await queryRows<{ total: number; version: number | string | null }>(
      this.db,
      sql`select (${productSearchTotalQuery(filter, cap)}) as total,
        (select products from search_index_state where id = 1) as version`,
    );
    return { total: Number(row?.total ?? 0), version: Number(row?.version ?? -1) };
  }
}
