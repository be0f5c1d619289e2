import type { OrganisationId } from '@bygg/contracts/common';
import { PRODUCT_COUNT_CAP } from '@bygg/domain/limits';
import type { SearchItem, SearchQuery, SearchResult } from '@bygg/contracts/search';
import {
  planFromVocabulary,
  type SearchPlan,
  VocabularyIndex,
  vocabularyLookups,
} from '@bygg/domain/search-text';
import { BadRequestError } from '../../../kernel/errors.ts';
import type { ProductsRepository } from '../products/repository.ts';
import type { GroupedRow } from '../products/product-search.ts';
import type { DocumentKind, SearchRepository } from './repository.ts';

const DOCUMENT_KINDS: DocumentKind[] = ['bk04_categories', 'cms_pages', 'brands', 'stores'];

/** How long a product count may be reused while the index counter stays the same. */
const COUNT_TTL_MS = 60_000;
const COUNT_ENTRIES = 1000;

function emptyResult(q: string): SearchResult {
  return {
    q,
    counts: { products: 0, bk04_categories: 0, cms_pages: 0, brands: 0, stores: 0 },
    products: [],
    bk04_categories: [],
    cms_pages: [],
    brands: [],
    stores: [],
  };
}

/** jsonb and json arrive parsed from node-postgres, as text from some PGlite paths. */
function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export type SearchCacheStats = {
  /** Product counts answered from the count cache / counted by the statement or anew. */
  countHits: number;
  countMisses: number;
  /** Times the vocabulary was (re)loaded, and stores or CMS pages re-tokenised. */
  vocabularyLoads: number;
  documentRefreshes: number;
};

type CachedCount = { total: number; version: number; expires: number };

/** Off: every search counts its products (the latency benchmark's uncached figures). */
export const searchCountCache = { enabled: true };

/** Every SearchService of the process adds to these (the latency benchmark reports them). */
export const searchCacheStats: SearchCacheStats = {
  countHits: 0,
  countMisses: 0,
  vocabularyLoads: 0,
  documentRefreshes: 0,
};

/**
 * GET search/ (storefront spec §3 search result, §4 preview): five groups with counts, in one
 * statement (product-search.ts groupedSearchQuery). Products are matched and ranked with the
 * same planMatch/planScore as products/?q=, from the search_products table whose listed flag
 * follows the same availability rules.
 *
 * Two things are kept in memory, both checked against the index's change counters that the
 * statement itself returns (search_index_state, bumped by triggers):
 * - the vocabulary (a few thousand words), so planning a query needs no lookup query; when
 *   the statement reports a newer vocabulary, it is reloaded and the search runs again;
 * - the capped product count per plan (store-free searches only, at most COUNT_TTL_MS), used
 *   only while the search_products counter is unchanged: counting up to 10,000 matches of a
 *   broad word is the most expensive part of a search, and the count cannot change unless the
 *   counter does. Pages and document groups are never cached.
 * Stores and CMS pages queued by their triggers are re-tokenised before the search answers.
 */
export class SearchService {
  private vocab: Promise<{ index: VocabularyIndex; version: number }> | null = null;
  private readonly counts = new Map<string, CachedCount>();
  private readonly stats = searchCacheStats;

  constructor(
    private readonly products: ProductsRepository,
    private readonly documents: SearchRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async search(organisation: OrganisationId, query: SearchQuery): Promise<SearchResult> {
    const q = query.q.trim();
    const store =
      query.store_id === undefined ? null : await this.products.storeContext(query.store_id);
    if (query.store_id !== undefined && (!store || store.organisationId !== organisation)) {
      const message = `Butiken ${query.store_id} finns inte`;
      throw new BadRequestError(message, [{ path: 'query.store_id', message }]);
    }
    if (!q) return emptyResult(q);
    const morphology = await this.documents.morphology();
    const lookups = vocabularyLookups(q, morphology);
    for (let attempt = 0; ; attempt++) {
      const vocab = await this.vocabulary();
      const plan = planFromVocabulary(q, vocab.index.lookup(lookups), morphology);
      if (plan.terms.length === 0) return emptyResult(q);
      const filter = { organisation, store, assortment: query.assortment, plan };
      const key = store ? null : countKey(organisation, query.assortment, plan);
      const cached = key ? this.cachedCount(key) : undefined;
      // The page and document groups in one statement; the count (when not known) on a
      // second pooled connection at the same time.
      const [row, counted] = await Promise.all([
        this.documents.grouped({ filter, limit: query.count }),
        cached ? null : this.documents.productTotal(filter, PRODUCT_COUNT_CAP),
      ]);
      const stale = Number(row.vocabulary_version ?? -1) !== vocab.version;
      if ((row.pending_documents || stale) && attempt === 0) {
        if (row.pending_documents) {
          this.stats.documentRefreshes += await this.documents.refreshQueuedDocuments();
        }
        this.vocab = null;
        continue;
      }
      const version = Number(row.products_version ?? -1);
      let total: number;
      if (counted) {
        total = counted.total;
        this.stats.countMisses++;
        if (key && searchCountCache.enabled) this.keepCount(key, counted.total, counted.version);
      } else if (cached && cached.version === version) {
        total = cached.total;
        this.stats.countHits++;
      } else {
        // The index changed since the cached count.
        const recount = await this.documents.productTotal(filter, PRODUCT_COUNT_CAP);
        total = recount.total;
        this.stats.countMisses++;
        if (key && searchCountCache.enabled) this.keepCount(key, recount.total, recount.version);
      }
      return this.reply(q, query.b2b, row, total);
    }
  }

  private reply(q: string, b2b: boolean, row: GroupedRow, total: number): SearchResult {
    const prefix = b2b ? '/foretag' : '';
    const result = emptyResult(q);
    result.products = (parsed(row.products) ?? []).map((p) => ({
      text: p.title,
      url: `${prefix}/produkt/${p.slug}`,
      path: p.path,
      tracking_code: `product:${p.id}`,
    }));
    result.counts.products = Math.max(total, result.products.length);
    for (const d of parsed(row.documents) ?? []) {
      const kind = d.kind as DocumentKind;
      if (!DOCUMENT_KINDS.includes(kind)) continue;
      const item: SearchItem = {
        text: d.text,
        url: kind === 'bk04_categories' && prefix ? `${prefix}${d.url}` : d.url,
        path: d.path,
        tracking_code: d.tracking_code,
      };
      result[kind].push(item);
      result.counts[kind] = Number(d.n);
    }
    return result;
  }

  private vocabulary(): Promise<{ index: VocabularyIndex; version: number }> {
    if (!this.vocab) {
      const loading = this.documents.vocabulary().then(({ version, entries }) => {
        this.stats.vocabularyLoads++;
        return { index: new VocabularyIndex(entries), version };
      });
      loading.catch(() => {
        if (this.vocab === loading) this.vocab = null;
      });
      this.vocab = loading;
    }
    return this.vocab;
  }

  private cachedCount(key: string): CachedCount | undefined {
    if (!searchCountCache.enabled) return undefined;
    const hit = this.counts.get(key);
    if (hit && hit.expires > this.now()) return hit;
    this.counts.delete(key);
    return undefined;
  }

  private keepCount(key: string, total: number, version: number): void {
    this.counts.delete(key);
    while (this.counts.size >= COUNT_ENTRIES) {
      const oldest = this.counts.keys().next();
      if (oldest.done) break;
      this.counts.delete(oldest.value);
    }
    this.counts.set(key, { total, version, expires: this.now() + COUNT_TTL_MS });
  }
}

/** The count depends on the organisation, the assortment and the plan's tokens, nothing else. */
function countKey(organisation: string, assortment: string, plan: SearchPlan): string {
  return JSON.stringify([
    organisation,
    assortment,
    plan.terms.map((t) => [t.exact, t.loose, t.groups]),
  ]);
}
