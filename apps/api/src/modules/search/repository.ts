import type { OrganisationId } from '@bygg/contracts/common';
import type { SearchItem } from '@bygg/contracts/search';
import { type Database, queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { planMatch, planScore, type SearchPlan } from '@bygg/db/search/query';
import type { StoreContext } from '../products/listing-query.ts';
import {
  productSearchCountQuery,
  productSearchPage,
  type ProductSearchFilter,
  unlistedInStore,
  withSearchSettings,
} from './product-search.ts';

export type DocumentKind = 'bk04_categories' | 'cms_pages' | 'brands' | 'stores';

export type ProductHitRow = { id: number; slug: string; title: string; path: string };

/** Reads search_documents (categories, brands, stores, CMS pages) and product hit details. */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  async documents(
    kind: DocumentKind,
    organisation: OrganisationId,
    plan: SearchPlan,
    limit: number,
  ): Promise<{ items: SearchItem[]; count: number }> {
    const where = sql`d.kind = ${kind}
      and (d.organisation_id is null or d.organisation_id = ${organisation})
      and ${planMatch(plan, sql`d.tokens`)}`;
    const [items, counted] = await Promise.all([
      queryRows<SearchItem>(
        this.db,
        sql`select d.text, d.url, d.path, d.tracking_code from search_documents d where ${where}
          order by ${planScore(plan, sql`d.tokens`, sql`d.title_tokens`)} desc, d.sort_key, d.text
          limit ${limit}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from search_documents d where ${where}`,
      ),
    ]);
    return { items, count: Number(counted[0]?.n ?? 0) };
  }

  /** Ids of the best matching products (product-search.ts). */
  productIds(filter: ProductSearchFilter, page: { limit: number; offset: number }) {
    return withSearchSettings(this.db, (tx) => productSearchPage(tx, filter, page));
  }

  productCount(filter: ProductSearchFilter, cap: number): Promise<number> {
    return withSearchSettings(this.db, async (tx) => {
      const [row] = await queryRows<{ total: number }>(tx, productSearchCountQuery(filter, cap));
      return Number(row?.total ?? 0);
    });
  }

  /** Products the store unlists (product-search.ts); none without a store. */
  unlistedInStore(store: StoreContext | null): Promise<number[]> {
    return store ? unlistedInStore(this.db, store) : Promise.resolve([]);
  }

  /** Slug, title and category path of products, in the order of ids. */
  async productHits(ids: readonly number[]): Promise<ProductHitRow[]> {
    if (ids.length === 0) return [];
    const rows = await queryRows<ProductHitRow>(
      this.db,
      sql`select p.id, p.slug, p.title, concat_ws(' / ', c3.name, c2.name, c.name) as path
        from products p
        join categories c on c.id = p.category_id
        left join categories c2 on c2.id = c.parent_id
        left join categories c3 on c3.id = c2.parent_id
        where p.id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
