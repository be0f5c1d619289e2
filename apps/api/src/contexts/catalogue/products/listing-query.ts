import type { OrganisationId } from '@bygg/contracts/common';
import type { AssortmentFilter, ProductSort } from '@bygg/contracts/products';
import { sql, type SQL } from '@bygg/db/orm';
import { AVAILABILITY } from '@bygg/domain/availability';
import { LOW_STOCK_THRESHOLD } from '@bygg/domain/stock';
import {
  FLAGGED_MASK,
  IN_STOCK_MASK,
  LISTED_MASK,
  isListed,
} from '@bygg/domain/availability-rules';
import { productTextMatch, productTextScore, type SearchPlan } from './search-match.ts';
import { intArray, textArray, timestamp } from '../../../lib/sql-values.ts';
import { shelfDiscountSql, shelfPriceSql } from '../../pricing/index.ts';

/** The store a request is priced and stocked for. */
export type StoreContext = {
  id: number;
  organisationId: string;
  externalId: string;
  slug: string;
  name: string;
  isCentral: boolean;
  warehouseId: number;
  warehouseCode: string;
  /** Availability bits of the store's link to its own warehouse; null when it has none. */
  ownLink: number | null;
};

export type ListingFilter = {
  organisation: OrganisationId;
  store: StoreContext | null;
  assortment: AssortmentFilter;
  categoryIds?: number[] | undefined;
  brandSlugs?: string[] | undefined;
  supplierIds?: number[] | undefined;
  /** A resolved text query (search-match.ts); with the default sort it orders by relevance. */
  text?: SearchPlan | undefined;
  /** Only products with an article in stock (and the stock not hidden) in the store. */
  inStock?: boolean | undefined;
  /** Best offer in öre incl. VAT. */
  priceMinOre?: number | undefined;
  priceMaxOre?: number | undefined;
  /** Campaign and category pages: products in these categories or on these campaigns now. */
  pages?: { categoryIds: number[]; campaignIds: number[] } | undefined;
  excludeProductIds?: number[] | undefined;
  /** Only these products (the sort-key refresh of a store's exceptions). */
  productIds?: number[] | undefined;
  /** Campaign pages: products on these campaigns now (in the store, or chain-wide). */
  campaignIds?: number[] | undefined;
  /** A store's local assortment: an article kept in stock (stock type bit 1) in its warehouse. */
  localAssortment?: boolean | undefined;
};

export type ListingPage = { limit: number; offset: number };

const PRICE_HIDDEN = AVAILABILITY.HIDDEN_PRICE;
const STOCK_HIDDEN = AVAILABILITY.HIDDEN_STOCK;
const SHIPPABLE = AVAILABILITY.SHIPPABLE;

/** Ids of the products with a price of one of the campaigns in effect now. */
function onCampaignNow(campaignIds: number[], store: StoreContext | null, now: SQL): SQL {
  const storeRow = store
    ? sql`(cp.store_id is null or cp.store_id = ${store.id})`
    : sql`cp.store_id is null`;
  return sql`select ca.product_id from prices cp
    join articles ca on ca.id = cp.article_id
    where cp.campaign_id = any(${intArray(campaignIds)}) and ${storeRow}
      and cp.valid_from <= ${now} and (cp.end_date is null or cp.end_date > ${now})`;
}

/**
 * The assortment, category and brand conditions on a row with the products row's columns of
 * those names: the products row (alias p) or a sort key row (alias k, sort-keys.ts).
 */
export function assortmentConditions(filter: ListingFilter, alias: 'p' | 'k'): SQL[] {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const where: SQL[] = [];
  if (filter.assortment === 'web') where.push(column('is_web_assortment'));
  if (filter.assortment === 'central') where.push(column('is_central_assortment'));
  if (filter.categoryIds) {
    where.push(sql`${column('category_id')} = any(${intArray(filter.categoryIds)})`);
  }
  if (filter.brandSlugs) {
    where.push(
      sql`${column('brand_id')} in (select b.id from brands b where b.slug = any(${textArray(filter.brandSlugs)}))`,
    );
  }
  return where;
}

/** Conditions on the products row (alias p). */
export function productConditions(filter: ListingFilter, now: SQL): SQL[] {
  const where: SQL[] = [
    sql`${filter.organisation}::text = any(p.organisation_ids)`,
    ...assortmentConditions(filter, 'p'),
  ];
  if (filter.supplierIds) where.push(sql`p.supplier_id = any(${intArray(filter.supplierIds)})`);
  if (filter.text) where.push(productTextMatch(filter.text));
  if (filter.productIds) where.push(sql`p.id = any(${intArray(filter.productIds)})`);
  if (filter.campaignIds) {
    where.push(sql`p.id in (${onCampaignNow(filter.campaignIds, filter.store, now)})`);
  }
  if (filter.localAssortment && filter.store) {
    where.push(sql`exists (select 1 from articles la join stock ls on ls.article_id = la.id
      and ls.warehouse_id = ${filter.store.warehouseId}
      where la.product_id = p.id and (ls.stock_type & 1) <> 0)`);
  }
  if (filter.excludeProductIds && filter.excludeProductIds.length > 0) {
    where.push(sql`p.id <> all(${intArray(filter.excludeProductIds)})`);
  }
  if (filter.pages) {
    const { categoryIds, campaignIds } = filter.pages;
    // IN (subquery) is hashed once per query; an EXISTS beside an OR would run per product.
    const onCampaign = sql`p.id in (${onCampaignNow(campaignIds, filter.store, now)})`;
    const inCategory = sql`p.category_id = any(${intArray(categoryIds)})`;
    const parts = [
      ...(categoryIds.length > 0 ? [inCategory] : []),
      ...(campaignIds.length > 0 ? [onCampaign] : []),
    ];
    where.push(parts.length > 0 ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
  }
  return where;
}

/** The store's own link hides or withholds everything: nothing is listed there. */
export function storeLists(store: StoreContext | null): boolean {
  return store === null || store.ownLink === null || isListed(store.ownLink);
}

/** The store's own link hides all its stock: nothing counts as in stock there. */
export function storeShowsStock(store: StoreContext): boolean {
  return store.ownLink === null || (store.ownLink & STOCK_HIDDEN) === 0;
}

/**
 * Stock rows that can hide an article in the store's warehouse. The literal mask condition
 * lets PostgreSQL use the partial index stock_flagged_idx (see the module README).
 */
function flaggedRow(alias: SQL, store: StoreContext): SQL {
  return sql`${alias}.warehouse_id = ${store.warehouseId} and (${alias}.availability & ${sql.raw(String(FLAGGED_MASK))}) <> 1`;
}

/** "Product p has an article listed in the shop (in the store)": the cheap form for sorting by popularity. */
function listedArticleExists(store: StoreContext | null): SQL {
  const mask = sql.raw(String(LISTED_MASK));
  const inStore = store
    ? sql`and not exists (select 1 from stock f where f.article_id = a.id and ${flaggedRow(sql`f`, store)}
        and (f.availability & ${mask}) <> 1)`
    : sql``;
  return sql`exists (select 1 from articles a where a.product_id = p.id and (a.availability & ${mask}) = 1 ${inStore})`;
}

/**
 * "Product p has an article listed and in stock in the store": stock on hand in the store's
 * own warehouse, and neither the article nor the stock hidden there.
 */
function inStockArticleExists(store: StoreContext): SQL {
  const shown = sql.raw(String(IN_STOCK_MASK));
  return sql`exists (select 1 from articles a
    join stock s on s.article_id = a.id and s.warehouse_id = ${store.warehouseId}
    where a.product_id = p.id and (a.availability & ${shown}) = 1
      and (s.availability & ${shown}) = 1 and s.quantity_on_hand > 0)`;
}

type Needs = { price: boolean; discount: boolean; rank: boolean; stockRow: boolean };

function needsOf(filter: ListingFilter, sort: ProductSort): Needs {
  const key = sort.replace(/^-/, '');
  const price =
    key === 'price' || filter.priceMinOre !== undefined || filter.priceMaxOre !== undefined;
  const discount = key === 'discounts';
  const rank = key === 'availability' || Boolean(filter.inStock);
  return { price, discount, rank, stockRow: rank && filter.store !== null };
}

/**
 * products_popularity_idx is (popularity desc nulls last, id): the order must name the same
 * null placement (popularity is never null, but the planner matches the index by its words),
 * or PostgreSQL reads and sorts every product instead of walking the index a page at a time.
 */
function orderBy(sort: ProductSort): SQL {
  switch (sort) {
    case 'popular':
      return sql`p.popularity desc nulls last, p.id`;
    case '-popular':
      // The reverse of the popularity index order, so the index serves both directions.
      return sql`p.popularity asc nulls first, p.id desc`;
    case 'price':
      return sql`best_price asc nulls last, p.popularity desc nulls last, p.id`;
    case '-price':
      return sql`best_price desc nulls last, p.popularity desc nulls last, p.id`;
    case 'discounts':
      return sql`best_discount desc nulls last, p.popularity desc nulls last, p.id`;
    case '-discounts':
      return sql`best_discount asc nulls last, p.popularity desc nulls last, p.id`;
    case 'availability':
      return sql`best_rank desc, p.popularity desc nulls last, p.id`;
    case '-availability':
      return sql`best_rank asc, p.popularity desc nulls last, p.id`;
  }
}

/**
 * The matching products as rows of (id [, sort keys]), unordered and unlimited: the caller
 * adds order and limit (a page) or wraps it (a count). Sorting by popularity needs nothing
 * per article beyond "is one listed", which the popularity index answers a page at a time;
 * the other sorts and the price and stock filters aggregate over the articles.
 */
export function candidates(filter: ListingFilter, sort: ProductSort, now: Date): SQL {
  const at = timestamp(now);
  const where = productConditions(filter, at);
  const store = filter.store;
  if (!storeLists(store)) where.push(sql`false`);
  const needs = needsOf(filter, sort);
  const score = filter.text ? productTextScore(filter.text) : sql`0`;
  // A text query in a store ranks what is in stock there before the rest.
  const inStore = filter.text && store ? inStockArticleExists(store) : sql`false`;
  if (!needs.price && !needs.discount && !(needs.rank && sort.endsWith('availability'))) {
    if (filter.inStock && store) {
      if (!storeShowsStock(store)) where.push(sql`false`);
      where.push(inStockArticleExists(store));
    } else {
      where.push(listedArticleExists(store));
    }
    return sql`select p.id, p.popularity, ${score} as search_score,
      ${inStore} as in_store from products p where ${sql.join(where, sql` and `)}`;
  }

  const listed = sql.raw(String(LISTED_MASK));
  const joins: SQL[] = [];
  if (store) {
    // Listed in the store: an anti-join on the flagged rows, which the planner estimates well
    // (a left join filtered on "row is null or sellable" is estimated at a few rows and
    // turns the plan into nested loops over the whole catalogue).
    where.push(sql`not exists (select 1 from stock f where f.article_id = a.id
      and ${flaggedRow(sql`f`, store)} and (f.availability & ${listed}) <> 1)`);
    joins.push(
      needs.stockRow
        ? sql`left join stock s on s.article_id = a.id and s.warehouse_id = ${store.warehouseId}`
        : sql`left join stock s on s.article_id = a.id and ${flaggedRow(sql`s`, store)}`,
    );
  }
  const link = sql.raw(String(store?.ownLink ?? 0));
  const markers = store
    ? sql`(a.availability | coalesce(s.availability, 0) | ${link})`
    : sql`a.availability`;
  const priceShown = sql`(${markers} & ${sql.raw(String(PRICE_HIDDEN))}) = 0`;
  const stockShown = sql`(${markers} & ${sql.raw(String(STOCK_HIDDEN))}) = 0`;

  const columns: SQL[] = [
    sql`p.id`,
    sql`p.popularity`,
    sql`${score} as search_score`,
    sql`${inStore} as in_store`,
  ];
  const having: SQL[] = [];
  if (needs.price || needs.discount) {
    joins.push(sql`left join prices pc on pc.organisation_id = ${filter.organisation}::text
      and pc.store_id is null and pc.article_id = a.id and pc.valid_from <= ${at}`);
    if (store) {
      joins.push(sql`left join prices ps on ps.store_id = ${store.id} and ps.article_id = a.id
        and ps.valid_from <= ${at}`);
    }
    const rows = { list: 'pc', store: store ? 'ps' : null };
    const price = shelfPriceSql(rows, at);
    const discount = shelfDiscountSql(rows, at);
    const bestPrice = sql`min(case when ${priceShown} then ${price} end)`;
    columns.push(sql`${bestPrice} as best_price`);
    columns.push(sql`max(case when ${priceShown} then ${discount} end) as best_discount`);
    if (filter.priceMinOre !== undefined) having.push(sql`${bestPrice} >= ${filter.priceMinOre}`);
    if (filter.priceMaxOre !== undefined) having.push(sql`${bestPrice} <= ${filter.priceMaxOre}`);
  }
  if (needs.rank) {
    const rank = needs.stockRow
      ? sql`case when not ${stockShown} or s.quantity_on_hand is null then 0
          when s.quantity_on_hand <= 0 then 1
          when s.quantity_on_hand < ${LOW_STOCK_THRESHOLD} then 2 else 3 end`
      : sql`case when (a.availability & ${sql.raw(String(SHIPPABLE))}) <> 0 then 1 else 0 end`;
    columns.push(sql`max(${rank}) as best_rank`);
    // In stock: an article with stock on hand whose quantity the store shows (rank low or high).
    if (filter.inStock) having.push(sql`max(${rank}) >= 2`);
  }

  return sql`select ${sql.join(columns, sql`, `)}
    from products p
    join articles a on a.product_id = p.id and (a.availability & ${listed}) = 1
    ${sql.join(joins, sql` `)}
    where ${sql.join(where, sql` and `)}
    group by p.id
    ${having.length > 0 ? sql`having ${sql.join(having, sql` and `)}` : sql``}`;
}

/** The stock ranks of sort=availability in a store, best first (listing-query.ts rank). */
export const STOCK_RANKS = [3, 2, 1, 0] as const;
export type StockRank = (typeof STOCK_RANKS)[number];

/**
 * "Product p has an article listed in the store with stock rank ≥ `rank`": 1 = a known
 * quantity, 2 = some on hand, 3 = at least LOW_STOCK_THRESHOLD; the stock not hidden.
 */
function rankAtLeast(store: StoreContext, rank: 1 | 2 | 3): SQL {
  const shown = sql.raw(String(IN_STOCK_MASK));
  const quantity =
    rank === 1
      ? sql`s.quantity_on_hand is not null`
      : rank === 2
        ? sql`s.quantity_on_hand > 0`
        : sql`s.quantity_on_hand >= ${LOW_STOCK_THRESHOLD}`;
  return sql`exists (select 1 from articles a
    join stock s on s.article_id = a.id and s.warehouse_id = ${store.warehouseId}
    where a.product_id = p.id and (a.availability & ${shown}) = 1
      and (s.availability & ${shown}) = 1 and ${quantity})`;
}

/**
 * sort=availability in a store, one rank at a time: the products whose best stock rank in
 * the store is exactly `rank`, most popular first. Each rank walks the popularity index and
 * stops after the page, where ordering by the aggregated rank reads every product; the
 * repository asks rank after rank until the page is full. Same order as orderBy().
 */
export function availabilityRankQuery(
  filter: ListingFilter,
  store: StoreContext,
  rank: StockRank,
  page: ListingPage,
  now: Date,
): SQL {
  const where = productConditions(filter, timestamp(now));
  if (!storeLists(store)) where.push(sql`false`);
  const hidesStock = !storeShowsStock(store);
  // A store whose link hides all stock ranks every product 0.
  if (hidesStock && rank > 0) where.push(sql`false`);
  if (rank > 0) where.push(rankAtLeast(store, rank as 1 | 2 | 3));
  else where.push(listedArticleExists(store));
  if (rank < 3 && !hidesStock) where.push(sql`not ${rankAtLeast(store, (rank + 1) as 1 | 2 | 3)}`);
  return sql`select p.id from products p where ${sql.join(where, sql` and `)}
    order by p.popularity desc nulls last, p.id limit ${page.limit} offset ${page.offset}`;
}

/** How many products have exactly this stock rank in the store (deep pages only). */
export function availabilityRankCount(
  filter: ListingFilter,
  store: StoreContext,
  rank: StockRank,
  now: Date,
): SQL {
  const query = availabilityRankQuery(
    filter,
    store,
    rank,
    { limit: 2_147_483_647, offset: 0 },
    now,
  );
  return sql`select count(*)::int as total from (${query}) r`;
}

/**
 * Whether the search index's narrow table (search_products, search/product-search.ts) answers
 * this text query's page in relevance order and its count: nothing but the organisation, the
 * store's listing and the assortment to filter on. Its rows carry the same listed rule and the
 * same tokens, and its tiered page reads a broad word's title hits instead of scoring tens of
 * thousands of wide products rows (products/?q=skruv, the /sok product tab).
 */
export function searchTableServes(filter: ListingFilter): boolean {
  return (
    filter.text !== undefined &&
    !filter.categoryIds &&
    !filter.brandSlugs &&
    !filter.supplierIds &&
    !filter.inStock &&
    filter.priceMinOre === undefined &&
    filter.priceMaxOre === undefined &&
    !filter.pages &&
    !filter.excludeProductIds?.length &&
    !filter.productIds &&
    !filter.campaignIds &&
    !filter.localAssortment
  );
}

/** Whether sort=availability in this request can go rank by rank (no price or stock filter). */
export function availabilityByRank(filter: ListingFilter, sort: ProductSort): boolean {
  return (
    sort === 'availability' &&
    filter.store !== null &&
    !filter.text &&
    !filter.inStock &&
    filter.priceMinOre === undefined &&
    filter.priceMaxOre === undefined
  );
}

/** One page of product ids in the requested order. */
export function listingPageQuery(
  filter: ListingFilter,
  sort: ProductSort,
  page: ListingPage,
  now: Date,
): SQL {
  // A text query in the default order ranks by relevance first (search-match.ts).
  const relevance =
    filter.text && sort === 'popular' ? sql`search_score desc, in_store desc, ` : sql``;
  return sql`select id from (${candidates(filter, sort, now)}) p
    order by ${relevance}${orderBy(sort)} limit ${page.limit} offset ${page.offset}`;
}

/** Every matching product id, unordered and uncapped (facet counts). */
export function listingMatchesQuery(filter: ListingFilter, now: Date): SQL {
  return sql`select id from (${candidates(filter, 'popular', now)}) m`;
}

/** How many products match, counted up to `cap` (the spec's product count cap). */
export function listingCountQuery(filter: ListingFilter, now: Date, cap: number): SQL {
  return sql`select count(*)::int as total from (${candidates(filter, 'popular', now)} limit ${cap}) c`;
}
