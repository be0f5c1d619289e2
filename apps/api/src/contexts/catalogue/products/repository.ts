import type { OrganisationId } from '@bygg/contracts/common';
import type { ProductSort } from '@bygg/contracts/products';
import { type Database, queryRows } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import type { articles, ChoiceTreeEntry, ProductSpecification } from '@bygg/db/schema/catalog';
import { SQL_FOLD_FROM, SQL_FOLD_TO, escapeLike, foldSearchText } from '@bygg/domain/search-text';
import { LISTED_MASK } from '@bygg/domain/availability-rules';
import { productSearchPageQuery, productSearchTotalQuery } from './product-search.ts';
import {
  availabilityByRank,
  availabilityRankCount,
  availabilityRankQuery,
  listingCountQuery,
  listingMatchesQuery,
  STOCK_RANKS,
  listingPageQuery,
  type ListingFilter,
  type ListingPage,
  type StoreContext,
  searchTableServes,
} from './listing-query.ts';
import {
  productTextMatch,
  productTextScore,
  resolveProductSearch,
  type SearchPlan,
} from './search-match.ts';
import { intArray, textArray, timestamp } from '../../../lib/sql-values.ts';
import {
  productsWithPriceChanges,
  availabilityRankKeyCount,
  availabilityRankKeyQuery,
  readSortKeyState,
  refreshSortKeys,
  sortKeyCountQuery,
  sortKeyPageQuery,
  type SortKeyState,
  type SortKeyWindow,
} from './sort-keys.ts';

export type ProductRow = {
  id: number;
  slug: string;
  title: string;
  unit: string;
  vatRateBp: number;
  popularity: number;
  categoryId: number;
  isWebAssortment: boolean;
  isCentralAssortment: boolean;
  brandName: string | null;
  brandSlug: string | null;
};

export type ProductDetailRow = ProductRow & {
  description: string;
  supplierId: number | null;
  supplierName: string | null;
  supplierSlug: string | null;
  choiceTree: ChoiceTreeEntry[] | null;
  sustainabilityRating: string | null;
  sustainabilityGrade: string | null;
  sustainabilityLabels: string[] | null;
  specifications: ProductSpecification[] | null;
};

/** One article row as the table stores it (raw SQL selects every column under its TS name). */
export type ArticleRow = typeof articles.$inferSelect;

export type ImageRow = {
  productId: number;
  position: number;
  imageKey: string;
  alt: string;
  width: number;
  height: number;
};

export type StockRow = {
  articleId: number;
  warehouseId: number;
  quantityOnHand: number | null;
  availability: number;
  stockType: number;
};

/** A stock row with the warehouse's store and the store's link bits to that warehouse. */
export type WarehouseStockRow = StockRow & {
  warehouseCode: string;
  storeId: number | null;
  storeExternalId: string | null;
  storeIsCentral: boolean | null;
  storeName: string | null;
  storeSlug: string | null;
  link: number | null;
};

/** A stock row of one of the warehouses a store sells from. */
export type StoreWarehouseStockRow = StockRow & { warehouseCode: string; link: number };

export type CategoryRow = {
  id: number;
  parentId: number | null;
  level: number;
  slug: string;
  path: string;
  name: string;
};

export type Suggestion = { text: string; key: string };

const PRODUCT_COLUMNS = sql`p.id, p.slug, p.title, p.unit, p.vat_rate_bp as "vatRateBp",
  p.popularity, p.category_id as "categoryId", p.is_web_assortment as "isWebAssortment",
  p.is_central_assortment as "isCentralAssortment", b.name as "brandName", b.slug as "brandSlug"`;

const ARTICLE_COLUMNS = sql`a.id, a.product_id as "productId", a.position, a.title, a.options,
  a.erp_article_numbers as "erpArticleNumbers", a.source_code as "sourceCode", a.availability,
  a.stock_type as "stockType", a.gtin, a.comparison_unit as "comparisonUnit",
  a.comparison_quantity_milli as "comparisonQuantityMilli"`;

const STOCK_COLUMNS = sql`s.article_id as "articleId", s.warehouse_id as "warehouseId",
  s.quantity_on_hand as "quantityOnHand", s.availability, s.stock_type as "stockType"`;

/** translate() folds å/ä/ö before lower(), which on a C-collation database only knows ASCII. */
function folded(column: SQL): SQL {
  return sql`lower(translate(${column}, ${SQL_FOLD_FROM}, ${SQL_FOLD_TO}))`;
}

/** jsonb and text[] arrive parsed from node-postgres, as text from some PGlite paths. */
function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** The search index's filter for a listing filter that searchTableServes. */
function searchFilter(filter: ListingFilter, plan: SearchPlan) {
  return {
    organisation: filter.organisation,
    store: filter.store,
    assortment: filter.assortment,
    plan,
  };
}

/**
 * The only code of the products module that reads the database. Every method is one query
 * whatever the number of ids, and takes an optional executor (a transaction).
 */
export class ProductsRepository {
  constructor(private readonly db: Database) {}

  /** The Swedish search plan of a text query (one vocabulary lookup). */
  searchPlan(q: string, executor: Database = this.db): Promise<SearchPlan> {
    return resolveProductSearch(executor, q);
  }

  async storeContext(storeId: number, executor: Database = this.db): Promise<StoreContext | null> {
    const [row] = await queryRows<StoreContext>(
      executor,
      sql`select st.id, st.organisation_id as "organisationId", st.external_id as "externalId",
          st.slug, st.name, st.is_central as "isCentral", st.warehouse_id as "warehouseId",
          w.code as "warehouseCode", l.availability as "ownLink"
        from stores st
        join warehouses w on w.id = st.warehouse_id
        left join store_stocked_warehouses l on l.store_id = st.id and l.warehouse_id = st.warehouse_id
        where st.id = ${storeId}`,
    );
    return row ?? null;
  }

  async categories(treeId: string, executor: Database = this.db): Promise<CategoryRow[]> {
    return queryRows<CategoryRow>(
      executor,
      sql`select id, parent_id as "parentId", level, slug, path, name from categories
        where tree_id = ${treeId} order by level, sort_order, name`,
    );
  }

  async campaignIdsBySlug(
    organisation: OrganisationId,
    slugs: readonly string[],
    executor: Database = this.db,
  ): Promise<number[]> {
    if (slugs.length === 0) return [];
    const rows = await queryRows<{ id: number }>(
      executor,
      sql`select id from campaigns where organisation_id = ${organisation}
        and slug = any(${textArray(slugs)})`,
    );
    return rows.map((row) => row.id);
  }

  async activeCampaignIds(
    organisation: OrganisationId,
    now: Date,
    executor: Database = this.db,
  ): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      executor,
      sql`select id from campaigns where organisation_id = ${organisation}
        and starts_at <= ${timestamp(now)} and ends_at > ${timestamp(now)}`,
    );
    return rows.map((row) => row.id);
  }

  /** `fromSortKeys`: answer from the precomputed sort keys (sort-keys.ts decides when). */
  async listingPage(
    filter: ListingFilter,
    sort: ProductSort,
    page: ListingPage,
    now: Date,
    executor: Database = this.db,
    fromSortKeys = false,
  ): Promise<number[]> {
    if (filter.store && availabilityByRank(filter, sort)) {
      return this.availabilityPage(filter, filter.store, page, now, executor, fromSortKeys);
    }
    if (filter.text && sort === 'popular' && searchTableServes(filter)) {
      // A text query in relevance order: the search index's tiered page, as search/ ranks.
      const rows = await queryRows<{ id: number }>(
        executor,
        productSearchPageQuery(searchFilter(filter, filter.text), page),
      );
      return rows.map((row) => Number(row.id));
    }
    const rows = await queryRows<{ id: number }>(
      executor,
      fromSortKeys
        ? sortKeyPageQuery(filter, sort, page, now)
        : listingPageQuery(filter, sort, page, now),
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * sort=availability in a store, rank by rank (listing-query.ts): a rank that ends inside
   * the page tells where the next one starts; one that has nothing at this offset is counted
   * to find it (deep pages only).
   */
  private async availabilityPage(
    filter: ListingFilter,
    store: StoreContext,
    page: ListingPage,
    now: Date,
    executor: Database,
    fromSortKeys: boolean,
  ): Promise<number[]> {
    const [rankPage, rankCount] = fromSortKeys
      ? [availabilityRankKeyQuery, availabilityRankKeyCount]
      : [availabilityRankQuery, availabilityRankCount];
    const ids: number[] = [];
    let { offset } = page;
    for (const rank of STOCK_RANKS) {
      const limit = page.limit - ids.length;
      if (limit <= 0) break;
      const rows = await queryRows<{ id: number }>(
        executor,
        rankPage(filter, store, rank, { limit, offset }, now),
      );
      ids.push(...rows.map((row) => Number(row.id)));
      if (rows.length === limit) break;
      if (rows.length > 0 || offset === 0) {
        offset = 0;
        continue;
      }
      const [counted] = await queryRows<{ total: number }>(
        executor,
        rankCount(filter, store, rank, now),
      );
      offset = Math.max(0, offset - Number(counted?.total ?? 0));
    }
    return ids;
  }

  /** Products per brand among the filter's matches, most first (then by name). */
  async brandFacets(
    filter: ListingFilter,
    now: Date,
    executor: Database = this.db,
  ): Promise<Array<{ slug: string; name: string; count: number }>> {
    const rows = await queryRows<{ slug: string; name: string; count: number }>(
      executor,
      sql`select b.slug, b.name, count(*)::int as count
        from (${listingMatchesQuery(filter, now)}) c
        join products bp on bp.id = c.id
        join brands b on b.id = bp.brand_id
        group by b.slug, b.name
        order by count(*) desc, b.name`,
    );
    return rows.map((row) => ({ slug: row.slug, name: row.name, count: Number(row.count) }));
  }

  sortKeyState(organisation: OrganisationId): Promise<SortKeyState> {
    return readSortKeyState(this.db, organisation);
  }

  /** Products whose prices started or ended between two instants. */
  productsWithPriceChanges(organisation: OrganisationId, from: Date, to: Date): Promise<number[]> {
    return productsWithPriceChanges(this.db, organisation, from, to);
  }

  /** Rebuilds the organisation's sort keys as of `now` (all, or only `productIds`). */
  async refreshSortKeys(
    organisation: OrganisationId,
    now: Date,
    productIds?: readonly number[],
  ): Promise<SortKeyWindow> {
    const stores = await queryRows<StoreContext>(
      this.db,
      sql`select st.id, st.organisation_id as "organisationId", st.external_id as "externalId",
          st.slug, st.name, st.is_central as "isCentral", st.warehouse_id as "warehouseId",
          w.code as "warehouseCode", l.availability as "ownLink"
        from stores st
        join warehouses w on w.id = st.warehouse_id
        left join store_stocked_warehouses l on l.store_id = st.id and l.warehouse_id = st.warehouse_id
        where st.organisation_id = ${organisation}`,
    );
    return refreshSortKeys(this.db, organisation, stores, now, productIds);
  }

  /** `fromSortKeys`: count from the precomputed sort keys (sort-keys.ts sortKeysCount). */
  async listingCount(
    filter: ListingFilter,
    now: Date,
    cap: number,
    executor: Database = this.db,
    fromSortKeys = false,
  ): Promise<number> {
    const [row] = await queryRows<{ total: number }>(
      executor,
      filter.text && searchTableServes(filter)
        ? productSearchTotalQuery(searchFilter(filter, filter.text), cap)
        : fromSortKeys
          ? sortKeyCountQuery(filter, now, cap)
          : listingCountQuery(filter, now, cap),
    );
    return Number(row?.total ?? 0);
  }

  /** Products of an organisation by id, with their brand. Order is not kept. */
  async products(
    organisation: OrganisationId,
    ids: readonly number[],
    executor: Database = this.db,
  ): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    return queryRows<ProductRow>(
      executor,
      sql`select ${PRODUCT_COLUMNS} from products p left join brands b on b.id = p.brand_id
        where p.id = any(${intArray(ids)}) and ${organisation}::text = any(p.organisation_ids)`,
    );
  }

  /**
   * Products by id with their first picture, in one statement (a card needs both). Order is
   * not kept.
   */
  async productsWithCovers(
    organisation: OrganisationId,
    ids: readonly number[],
    executor: Database = this.db,
  ): Promise<{ rows: ProductRow[]; covers: ImageRow[] }> {
    if (ids.length === 0) return { rows: [], covers: [] };
    const found = await queryRows<
      ProductRow & {
        coverPosition: number | null;
        coverKey: string | null;
        coverAlt: string | null;
        coverWidth: number | null;
        coverHeight: number | null;
      }
    >(
      executor,
      sql`select ${PRODUCT_COLUMNS}, c.position as "coverPosition", c.image_key as "coverKey",
          c.alt as "coverAlt", c.width as "coverWidth", c.height as "coverHeight"
        from products p
        left join brands b on b.id = p.brand_id
        left join lateral (
          select i.position, i.image_key, i.alt, i.width, i.height from product_images i
          where i.product_id = p.id order by i.position limit 1
        ) c on true
        where p.id = any(${intArray(ids)}) and ${organisation}::text = any(p.organisation_ids)`,
    );
    const rows: ProductRow[] = [];
    const covers: ImageRow[] = [];
    for (const { coverPosition, coverKey, coverAlt, coverWidth, coverHeight, ...row } of found) {
      rows.push(row);
      if (coverKey !== null) {
        covers.push({
          productId: row.id,
          position: coverPosition as number,
          imageKey: coverKey,
          alt: coverAlt as string,
          width: coverWidth as number,
          height: coverHeight as number,
        });
      }
    }
    return { rows, covers };
  }

  /** One product by id or slug with everything the product page needs beyond its articles. */
  async productDetail(
    organisation: OrganisationId,
    ref: { id: number } | { slug: string },
    executor: Database = this.db,
  ): Promise<ProductDetailRow | null> {
    const match = 'id' in ref ? sql`p.id = ${ref.id}` : sql`p.slug = ${ref.slug}`;
    const [row] = await queryRows<ProductDetailRow>(
      executor,
      sql`select ${PRODUCT_COLUMNS}, p.description, p.supplier_id as "supplierId",
          su.name as "supplierName", su.slug as "supplierSlug", t.tree as "choiceTree",
          ps.rating as "sustainabilityRating", ps.grade as "sustainabilityGrade",
          ps.labels as "sustainabilityLabels", sp.attributes as "specifications"
        from products p
        left join brands b on b.id = p.brand_id
        left join suppliers su on su.id = p.supplier_id
        left join product_choice_trees t on t.product_id = p.id
        left join product_sustainability ps on ps.product_id = p.id
        left join product_specifications sp on sp.product_id = p.id
        where ${match} and ${organisation}::text = any(p.organisation_ids)`,
    );
    if (!row) return null;
    return {
      ...row,
      choiceTree: row.choiceTree === null ? null : parsed(row.choiceTree),
      specifications: row.specifications === null ? null : parsed(row.specifications),
    };
  }

  /**
   * What a recommendation's page slug names besides a category, in one statement: the
   * organisation's campaigns with that slug and, when `product` is asked for, the product.
   */
  async pageSlugTargets(
    organisation: OrganisationId,
    slug: string,
    product: boolean,
    executor: Database = this.db,
  ): Promise<{ campaignIds: number[]; product: { id: number; categoryId: number } | null }> {
    const productColumns = product
      ? sql`p.id as "productId", p.category_id as "categoryId"`
      : sql`null::int as "productId", null::int as "categoryId"`;
    const productJoin = product
      ? sql`left join products p on p.slug = ${slug} and ${organisation}::text = any(p.organisation_ids)`
      : sql``;
    const [row] = await queryRows<{
      campaignIds: number[] | string;
      productId: number | null;
      categoryId: number | null;
    }>(
      executor,
      sql`select array(select c.id from campaigns c where c.organisation_id = ${organisation}
            and c.slug = ${slug} order by c.id) as "campaignIds", ${productColumns}
        from (select 1) one ${productJoin}`,
    );
    const campaignIds = parsed<number[]>(row?.campaignIds ?? []).map(Number);
    return {
      campaignIds,
      product:
        row?.productId == null
          ? null
          : { id: Number(row.productId), categoryId: Number(row.categoryId) },
    };
  }

  async productIdBySlug(
    organisation: OrganisationId,
    slug: string,
    executor: Database = this.db,
  ): Promise<{ id: number; categoryId: number } | null> {
    const [row] = await queryRows<{ id: number; categoryId: number }>(
      executor,
      sql`select id, category_id as "categoryId" from products
        where slug = ${slug} and ${organisation}::text = any(organisation_ids)`,
    );
    return row ?? null;
  }

  /** A product's articles (id and own availability bits) in position order; none: no product. */
  async articleAvailabilities(
    organisation: OrganisationId,
    ref: { id: number } | { slug: string },
    executor: Database = this.db,
  ): Promise<Array<{ id: number; availability: number }>> {
    const match = 'id' in ref ? sql`p.id = ${ref.id}` : sql`p.slug = ${ref.slug}`;
    return queryRows<{ id: number; availability: number }>(
      executor,
      sql`select a.id, a.availability from products p
        join articles a on a.product_id = p.id
        where ${match} and ${organisation}::text = any(p.organisation_ids)
        order by a.position, a.id`,
    );
  }

  /** Every article of the products, in product and position order. */
  async articles(
    productIds: readonly number[],
    executor: Database = this.db,
  ): Promise<ArticleRow[]> {
    if (productIds.length === 0) return [];
    const rows = await queryRows<ArticleRow>(
      executor,
      sql`select ${ARTICLE_COLUMNS} from articles a
        where a.product_id = any(${intArray(productIds)}) order by a.product_id, a.position, a.id`,
    );
    return rows.map((row) => ({ ...row, options: parsed(row.options) }));
  }

  /**
   * The products' articles (as articles()) and, with a warehouse, their stock rows there: one
   * statement instead of two, since a card or a product page in a store needs both.
   */
  async articlesWithStock(
    productIds: readonly number[],
    warehouseId: number | null,
    executor: Database = this.db,
  ): Promise<{ articles: ArticleRow[]; stock: StockRow[] }> {
    if (warehouseId === null)
      return { articles: await this.articles(productIds, executor), stock: [] };
    if (productIds.length === 0) return { articles: [], stock: [] };
    const found = await queryRows<
      ArticleRow & {
        stockWarehouseId: number | null;
        stockQuantityOnHand: number | null;
        stockAvailability: number | null;
        stockType_: number | null;
      }
    >(
      executor,
      sql`select ${ARTICLE_COLUMNS}, s.warehouse_id as "stockWarehouseId",
          s.quantity_on_hand as "stockQuantityOnHand", s.availability as "stockAvailability",
          s.stock_type as "stockType_"
        from articles a
        left join stock s on s.article_id = a.id and s.warehouse_id = ${warehouseId}
        where a.product_id = any(${intArray(productIds)}) order by a.product_id, a.position, a.id`,
    );
    const articles: ArticleRow[] = [];
    const stock: StockRow[] = [];
    for (const {
      stockWarehouseId,
      stockQuantityOnHand,
      stockAvailability,
      stockType_,
      ...article
    } of found) {
      articles.push({ ...article, options: parsed(article.options) });
      if (stockWarehouseId !== null) {
        stock.push({
          articleId: article.id,
          warehouseId: stockWarehouseId,
          quantityOnHand: stockQuantityOnHand,
          availability: stockAvailability as number,
          stockType: stockType_ as number,
        });
      }
    }
    return { articles, stock };
  }

  async articleProductId(articleId: number, executor: Database = this.db): Promise<number | null> {
    const [row] = await queryRows<{ productId: number }>(
      executor,
      sql`select product_id as "productId" from articles where id = ${articleId}`,
    );
    return row ? Number(row.productId) : null;
  }

  /** The products the articles belong to (distinct; unknown article ids add nothing). */
  async articleProductIds(
    articleIds: readonly number[],
    executor: Database = this.db,
  ): Promise<number[]> {
    if (articleIds.length === 0) return [];
    const rows = await queryRows<{ productId: number }>(
      executor,
      sql`select distinct product_id as "productId" from articles
        where id = any(${intArray(articleIds)})`,
    );
    return rows.map((row) => Number(row.productId));
  }

  /** The first picture of each product. */
  async coverImages(
    productIds: readonly number[],
    executor: Database = this.db,
  ): Promise<ImageRow[]> {
    if (productIds.length === 0) return [];
    return queryRows<ImageRow>(
      executor,
      sql`select distinct on (product_id) product_id as "productId", position,
          image_key as "imageKey", alt, width, height
        from product_images where product_id = any(${intArray(productIds)})
        order by product_id, position`,
    );
  }

  async images(productId: number, executor: Database = this.db): Promise<ImageRow[]> {
    return queryRows<ImageRow>(
      executor,
      sql`select product_id as "productId", position, image_key as "imageKey", alt, width, height
        from product_images where product_id = ${productId} order by position`,
    );
  }

  /** An article's stock in every warehouse of the organisation, with the warehouse's store. */
  async stockAcrossStores(
    organisation: OrganisationId,
    articleId: number,
    executor: Database = this.db,
  ): Promise<WarehouseStockRow[]> {
    return queryRows<WarehouseStockRow>(
      executor,
      sql`select ${STOCK_COLUMNS}, w.code as "warehouseCode", st.id as "storeId",
          st.external_id as "storeExternalId", st.is_central as "storeIsCentral",
          st.name as "storeName", st.slug as "storeSlug", l.availability as link
        from stock s
        join warehouses w on w.id = s.warehouse_id and w.organisation_id = ${organisation}
        left join stores st on st.warehouse_id = w.id and st.organisation_id = ${organisation}
        left join store_stocked_warehouses l on l.store_id = st.id and l.warehouse_id = w.id
        where s.article_id = ${articleId}
        order by st.name nulls first, w.code`,
    );
  }

  /** The articles' stock in every warehouse the store sells from, with the store's link bits. */
  async stockForStore(
    storeId: number,
    articleIds: readonly number[],
    executor: Database = this.db,
  ): Promise<StoreWarehouseStockRow[]> {
    if (articleIds.length === 0) return [];
    return queryRows<StoreWarehouseStockRow>(
      executor,
      sql`select ${STOCK_COLUMNS}, w.code as "warehouseCode", l.availability as link
        from store_stocked_warehouses l
        join warehouses w on w.id = l.warehouse_id
        join stock s on s.warehouse_id = l.warehouse_id and s.article_id = any(${intArray(articleIds)})
        where l.store_id = ${storeId}
        order by s.article_id, w.code`,
    );
  }

  /** Titles of listed products matching q, prefix matches first, then by popularity. */
  async suggestProducts(
    organisation: OrganisationId,
    q: string,
    limit: number,
    executor: Database = this.db,
  ): Promise<Suggestion[]> {
    const plan = await resolveProductSearch(executor, q);
    if (plan.terms.length === 0) return [];
    const prefix = `${escapeLike(q.toLowerCase())}%`;
    return queryRows<Suggestion>(
      executor,
      sql`select p.title as text, p.slug as key from products p
        where ${organisation}::text = any(p.organisation_ids)
          and ${productTextMatch(plan)}
          and exists (select 1 from articles a where a.product_id = p.id
            and (a.availability & ${sql.raw(String(LISTED_MASK))}) = 1)
        order by ${productTextScore(plan)} desc, (p.search_text like ${prefix}) desc,
          p.popularity desc, p.id
        limit ${limit}`,
    );
  }

  /** Brands with products in the organisation whose name contains q. */
  async suggestBrands(
    organisation: OrganisationId,
    q: string,
    limit: number,
    executor: Database = this.db,
  ): Promise<Suggestion[]> {
    const needle = escapeLike(foldSearchText(q));
    const name = folded(sql`b.name`);
    return queryRows<Suggestion>(
      executor,
      sql`select b.name as text, b.slug as key from brands b
        where ${name} like ${`%${needle}%`}
          and exists (select 1 from products p where p.brand_id = b.id
            and ${organisation}::text = any(p.organisation_ids))
        order by (${name} like ${`${needle}%`}) desc, b.name
        limit ${limit}`,
    );
  }

  async suggestCategories(
    treeId: string,
    q: string,
    limit: number,
    executor: Database = this.db,
  ): Promise<Suggestion[]> {
    const needle = escapeLike(foldSearchText(q));
    const name = folded(sql`name`);
    return queryRows<Suggestion>(
      executor,
      sql`select name as text, path as key from categories
        where tree_id = ${treeId} and ${name} like ${`%${needle}%`}
        order by (${name} like ${`${needle}%`}) desc, level, name
        limit ${limit}`,
    );
  }
}
