import type { OrganisationId } from '@bygg/contracts/common';
import { PRODUCT_COUNT_CAP } from '@bygg/domain/limits';
import type { SearchItem, SearchQuery, SearchResult } from '@bygg/contracts/search';
import { BadRequestError } from '../../errors.ts';
import type { ProductsRepository } from '../products/repository.ts';
import type { ProductSearchFilter } from './product-search.ts';
import type { DocumentKind, SearchRepository } from './repository.ts';

const DOCUMENT_KINDS: DocumentKind[] = ['bk04_categories', 'cms_pages', 'brands', 'stores'];

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

/**
 * GET search/ (storefront spec §3 search result, §4 preview): five groups with counts. Products
 * go through the catalogue listing with the same matching and ranking as products/?q=, so
 * hidden and non-sellable articles are left out by the same availability rules.
 */
export class SearchService {
  constructor(
    private readonly products: ProductsRepository,
    private readonly documents: SearchRepository,
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
    const [plan, unlisted] = await Promise.all([
      this.products.searchPlan(q),
      this.documents.unlistedInStore(store),
    ]);
    if (plan.terms.length === 0) return emptyResult(q);
    const filter: ProductSearchFilter = {
      organisation,
      store,
      unlisted,
      assortment: query.assortment,
      plan,
    };
    const prefix = query.b2b ? '/foretag' : '';
    const [ids, productCount, ...documents] = await Promise.all([
      this.documents.productIds(filter, { limit: query.count, offset: 0 }),
      this.documents.productCount(filter, PRODUCT_COUNT_CAP),
      ...DOCUMENT_KINDS.map((kind) =>
        this.documents.documents(kind, organisation, plan, query.count),
      ),
    ]);
    const hits = await this.documents.productHits(ids);
    const products: SearchItem[] = hits.map((p) => ({
      text: p.title,
      url: `${prefix}/produkt/${p.slug}`,
      path: p.path,
      tracking_code: `product:${p.id}`,
    }));
    const result = emptyResult(q);
    result.products = products;
    result.counts.products = Math.max(productCount, products.length);
    DOCUMENT_KINDS.forEach((kind, i) => {
      const group = documents[i] as { items: SearchItem[]; count: number };
      result[kind] =
        kind === 'bk04_categories' && prefix
          ? group.items.map((item) => ({ ...item, url: `${prefix}${item.url}` }))
          : group.items;
      result.counts[kind] = group.count;
    });
    return result;
  }
}
