import type { OrganisationId } from '@bygg/contracts/common';
import type { ProductSort } from '@bygg/contracts/products';
import { type Database, queryRows } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import { AVAILABILITY } from '@bygg/domain/availability';
import { LISTED_MASK } from '@bygg/domain/availability-rules';
import {
  assortmentConditions,
  availabilityByRank,
  candidates,
  productConditions,
  storeLists,
  storeShowsStock,
  type ListingFilter,
  type ListingPage,
  type StockRank,
  type StoreContext,
} from './listing-query.ts';
import { intArray, timestamp } from '../../../lib/sql-values.ts';
import { rowDiscountSql, rowPriceSql } from '../../pricing/index.ts';

/**
 * Precomputed sort keys (packages/db/src/schema/sort-keys.ts). Sorting by price, discount or
 * availability aggregates every product's articles and prices: ~350 ms a page at 100,000
 * products. The keys are that aggregate stored once per organisation, so a sorted page walks
 * one index. A store sees the chain-wide keys except for its few exception products (its own
 * price overrides, stock rows that hide an article or its price), which have rows of their own.
 * Availability in a store depends on every stock quantity there and keeps the live query.
 */

/** The sorts the keys have an index for (product_sort_keys). */
export const KEYED_SORTS = ['price', '-price', 'discounts', 'availability'] as const;

/** The instants the stored keys hold for; null when none were built. */
export type SortKeyWindow = { validFrom: Date; validUntil: Date | null };

export function windowHolds(window: SortKeyWindow | null, now: Date): boolean {
  if (!window) return false;
  return window.validFrom <= now && (window.validUntil === null || now < window.validUntil);
}

/**
 * Whether the keys hold the store's view: a store whose own link hides prices (or
 * everything) is rare, and the live query handles it.
 */
function keysServeStore(store: StoreContext | null): boolean {
  if (!store) return true;
  const link = store.ownLink ?? 0;
  return storeLists(store) && (link & AVAILABILITY.HIDDEN_PRICE) === 0;
}

function priced(filter: ListingFilter): boolean {
  return filter.priceMinOre !== undefined || filter.priceMaxOre !== undefined;
}

/**
 * Whether a listing request can be answered from the keys (else the live aggregate): the
 * keyed sorts and, when the keys hold, the popularity order (a price range, a deep page or a
 * filter's count read the keys instead of every article). A text query in the popularity
 * order ranks by relevance (search-match.ts) and stays live. In a store, `in_stock` reads
 * each product's stock rank there (product_stock_keys), and sort=availability goes rank by
 * rank from the keys and the stock ranks (availabilityRankKeyQuery).
 */
export function sortKeysServe(filter: ListingFilter, sort: ProductSort): boolean {
  if (filter.inStock && (!filter.store || sort === 'availability')) return false;
  // The reversed discount and availability sorts are not offered in the shop: no index.
  const keyed =
    (KEYED_SORTS as readonly string[]).includes(sort) || (sort === 'popular' && !filter.text);
  if (!keyed) return false;
  // Availability in a store depends on every stock quantity there: rank by rank, without a
  // price range (listing-query.ts availabilityByRank).
  if (filter.store && sort === 'availability' && !availabilityByRank(filter, sort)) return false;
  return keysServeStore(filter.store);
}

/**
 * Whether a request the keys serve starts their build when they do not hold: an aggregate
 * sort or a price range, which the live query answers by reading every match. The plain
 * popularity order walks products_popularity_idx meanwhile and waits for one of those.
 */
export function sortKeysWorthBuilding(filter: ListingFilter, sort: ProductSort): boolean {
  return sort !== 'popular' || priced(filter);
}

/**
 * Whether the keys can count the request's matches: a product has keys exactly when it has a
 * listed article (in the store: its exception row says whether it is listed there), so the
 * count is a join on the products the filter selects, not an aggregate over every article.
 * Text queries are counted by the search index; stock on hand is not a key.
 */
export function sortKeysCount(filter: ListingFilter): boolean {
  return !filter.text && (!filter.inStock || filter.store !== null) && keysServeStore(filter.store);
}

/** "Key row k's product has stock rank ≥ `rank` in the store" (product_stock_keys). */
function stockRankAtLeast(store: StoreContext, rank: 1 | 2 | 3): SQL {
  if (!storeShowsStock(store)) return sql`false`;
  return sql`exists (select 1 from product_stock_keys r where r.warehouse_id = ${store.warehouseId}
    and r.product_id = k.product_id and r.rank >= ${rank})`;
}

/**
 * The filter as conditions on a key row (alias k), which copies the products row's category,
 * brand and assortment flags and the best price: what a listing filters by most, answered
 * without reading the wide products rows. Any other product condition (supplier, text,
 * campaign …) is one EXISTS on the products row.
 */
function keyConditions(filter: ListingFilter, now: Date): SQL {
  const where = assortmentConditions(filter, 'k');
  if (filter.priceMinOre !== undefined) where.push(sql`k.best_price_ore >= ${filter.priceMinOre}`);
  if (filter.priceMaxOre !== undefined) where.push(sql`k.best_price_ore <= ${filter.priceMaxOre}`);
  // In stock (listing-query.ts inStockArticleExists): an article with stock on hand there.
  if (filter.inStock && filter.store) where.push(stockRankAtLeast(filter.store, 2));
  const rest = productConditions(
    {
      ...filter,
      assortment: 'all',
      categoryIds: undefined,
      brandSlugs: undefined,
      inStock: undefined,
    },
    timestamp(now),
  );
  // The first condition is the organisation, which every key row of the table already meets.
  if (rest.length > 1) {
    where.push(sql`exists (select 1 from products p where p.id = k.product_id
      and ${sql.join(rest, sql` and `)})`);
  }
  return where.length > 0 ? sql` and ${sql.join(where, sql` and `)}` : sql``;
}

function keyOrder(sort: ProductSort, id: SQL): SQL {
  // Each matches an index of product_sort_keys exactly (popularity desc nulls last).
  const tail = sql`k.popularity desc nulls last, ${id}`;
  switch (sort) {
    case 'popular':
      return tail;
    case 'price':
      return sql`k.best_price_ore asc nulls last, ${tail}`;
    case '-price':
      return sql`k.best_price_ore desc nulls last, ${tail}`;
    case 'discounts':
      return sql`k.best_discount desc nulls last, ${tail}`;
    case 'availability':
      return sql`k.ship_rank desc nulls last, ${tail}`;
    default:
      throw new Error(`No sort key for ${sort}`);
  }
}

/**
 * One page of product ids from the keys, in the same order listing-query.ts gives: PostgreSQL
 * walks the sort index, tests each key row and stops after the page. In a store, the
 * chain-wide rows (less the store's exceptions) and the exceptions are each cut at the page's
 * end, then merged.
 */
export function sortKeyPageQuery(
  filter: ListingFilter,
  sort: ProductSort,
  page: ListingPage,
  now: Date,
): SQL {
  const matches = keyConditions(filter, now);
  const store = filter.store;
  if (!store) {
    return sql`select k.product_id as id from product_sort_keys k
      where k.organisation_id = ${filter.organisation}${matches}
      order by ${keyOrder(sort, sql`k.product_id`)}
      limit ${page.limit} offset ${page.offset}`;
  }
  const end = page.offset + page.limit;
  return sql`select id from (
      (select k.product_id as id, k.best_price_ore, k.best_discount, k.popularity
      from product_sort_keys k
      where k.organisation_id = ${filter.organisation}${matches}
        and ${notStoreException(store)}
      order by ${keyOrder(sort, sql`k.product_id`)} limit ${end})
      union all
      (select k.product_id, k.best_price_ore, k.best_discount, k.popularity
      from product_store_sort_keys k
      where k.store_id = ${store.id} and k.listed${matches}
      order by ${keyOrder(sort, sql`k.product_id`)} limit ${end})
    ) k
    order by ${keyOrder(sort, sql`k.id`)}
    limit ${page.limit} offset ${page.offset}`;
}

/**
 * sort=availability in a store, one rank at a time from the keys (listing-query.ts
 * availabilityRankQuery gives the same ids in the same order): ranks 3 to 1 are the
 * chain-wide key rows whose product has exactly that rank in the store's warehouse (a
 * product with a rank there is listed there); rank 0 is the store's listed products
 * (chain-wide rows less its exceptions, plus its listed exceptions) without one. Each part
 * walks the keys' popularity index and stops after the page.
 */
export function availabilityRankKeyQuery(
  filter: ListingFilter,
  store: StoreContext,
  rank: StockRank,
  page: ListingPage,
  now: Date,
): SQL {
  const matches = keyConditions(filter, now);
  const order = (id: SQL) => sql`k.popularity desc nulls last, ${id}`;
  if (rank > 0) {
    const exact = [stockRankAtLeast(store, rank as 1 | 2 | 3)];
    if (rank < 3) exact.push(sql`not ${stockRankAtLeast(store, (rank + 1) as 2 | 3)}`);
    return sql`select k.product_id as id from product_sort_keys k
      where k.organisation_id = ${filter.organisation}${matches}
        and ${sql.join(exact, sql` and `)}
      order by ${order(sql`k.product_id`)} limit ${page.limit} offset ${page.offset}`;
  }
  const unranked = storeShowsStock(store) ? sql` and not ${stockRankAtLeast(store, 1)}` : sql``;
  const end = page.offset + page.limit;
  return sql`select id from (
      (select k.product_id as id, k.popularity from product_sort_keys k
      where k.organisation_id = ${filter.organisation}${matches}${unranked}
        and ${notStoreException(store)}
      order by ${order(sql`k.product_id`)} limit ${end})
      union all
      (select k.product_id, k.popularity from product_store_sort_keys k
      where k.store_id = ${store.id} and k.listed${matches}${unranked}
      order by ${order(sql`k.product_id`)} limit ${end})
    ) k
    order by ${order(sql`k.id`)} limit ${page.limit} offset ${page.offset}`;
}

/** How many products have exactly this stock rank in the store, from the keys. */
export function availabilityRankKeyCount(
  filter: ListingFilter,
  store: StoreContext,
  rank: StockRank,
  now: Date,
): SQL {
  const all = { limit: 2_147_483_647, offset: 0 };
  return sql`select count(*)::int as total from (${availabilityRankKeyQuery(filter, store, rank, all, now)}) r`;
}

/** A chain-wide key row (alias k) that the store has no row of its own for. */
function notStoreException(store: StoreContext): SQL {
  return sql`not exists (select 1 from product_store_sort_keys x
    where x.store_id = ${store.id} and x.product_id = k.product_id)`;
}

/**
 * How many products match, counted up to `cap` from the keys (sortKeysCount): in a store, the
 * chain-wide rows less its exceptions, plus its listed exceptions. The live count instead
 * reads every listed article of the catalogue, and the products rows of the matches.
 */
export function sortKeyCountQuery(filter: ListingFilter, now: Date, cap: number): SQL {
  const matches = keyConditions(filter, now);
  const store = filter.store;
  const chain = sql`select k.product_id from product_sort_keys k
    where k.organisation_id = ${filter.organisation}${matches}`;
  if (!store) {
    return sql`select count(*)::int as total from (${chain} limit ${cap}) c`;
  }
  return sql`select count(*)::int as total from (
      ${chain} and ${notStoreException(store)}
      union all
      select k.product_id from product_store_sort_keys k
      where k.store_id = ${store.id} and k.listed${matches}
      limit ${cap}) c`;
}

/** The products row's columns a key row copies (keyConditions filters on them). */
const PRODUCT_COPIES = sql`category_id, brand_id, is_web_assortment, is_central_assortment`;
const PRODUCT_COPY_VALUES = sql`p.category_id, p.brand_id, p.is_web_assortment,
  p.is_central_assortment`;

/** The chain-wide keys of an organisation, as listing-query.ts computes them without a store. */
function chainKeysInsert(organisation: OrganisationId, now: Date, only: SQL): SQL {
  const at = timestamp(now);
  const listed = sql.raw(String(LISTED_MASK));
  const priceShown = sql`(a.availability & ${sql.raw(String(AVAILABILITY.HIDDEN_PRICE))}) = 0`;
  const shippable = sql.raw(String(AVAILABILITY.SHIPPABLE));
  return sql`insert into product_sort_keys
      (organisation_id, product_id, popularity, best_price_ore, best_discount, ship_rank,
        ${PRODUCT_COPIES})
    select ${organisation}, p.id, p.popularity,
      min(case when ${priceShown} then ${rowPriceSql('pc', at)} end),
      max(case when ${priceShown} then ${rowDiscountSql('pc', at)} end),
      max(case when (a.availability & ${shippable}) <> 0 then 1 else 0 end),
      ${PRODUCT_COPY_VALUES}
    from products p
    join articles a on a.product_id = p.id and (a.availability & ${listed}) = 1
    left join prices pc on pc.organisation_id = ${organisation}::text and pc.store_id is null
      and pc.article_id = a.id and pc.valid_from <= ${at}
    where ${organisation}::text = any(p.organisation_ids) and ${only}
    group by p.id`;
}

/**
 * Products whose keys differ in the store: a price of the store's own, or a stock row in its
 * warehouse that makes an article unsellable, hidden or its price hidden (`& 57` repeated so
 * the partial index stock_flagged_idx answers).
 */
function storeExceptionIds(store: StoreContext, only: SQL): SQL {
  return sql`select distinct a.product_id as id from articles a where ${only} and a.id in (
      select article_id from prices where store_id = ${store.id}
      union
      select article_id from stock f where f.warehouse_id = ${store.warehouseId}
        and (f.availability & 57) <> 1 and (f.availability & 25) <> 1)`;
}

async function refreshStore(
  db: Database,
  organisation: OrganisationId,
  store: StoreContext,
  now: Date,
  only: SQL,
): Promise<void> {
  const ids = (await queryRows<{ id: number }>(db, storeExceptionIds(store, only))).map((r) =>
    Number(r.id),
  );
  if (ids.length === 0) return;
  const live = candidates(
    { organisation, store, assortment: 'all', productIds: ids },
    'price',
    now,
  );
  await db.execute(sql`insert into product_store_sort_keys
      (store_id, product_id, popularity, best_price_ore, best_discount, listed,
        ${PRODUCT_COPIES})
    select ${store.id}, p.id, p.popularity, c.best_price, c.best_discount, c.id is not null,
      ${PRODUCT_COPY_VALUES}
    from products p left join (${live}) c on c.id = p.id
    where p.id = any(${intArray(ids)}) and ${organisation}::text = any(p.organisation_ids)`);
}

/** The next instant after `now` at which a price of the organisation starts or ends. */
async function nextPriceChange(
  db: Database,
  organisation: OrganisationId,
  now: Date,
): Promise<Date | null> {
  const at = timestamp(now);
  const [row] = await queryRows<{ next: string | Date | null }>(
    db,
    sql`select least(
        (select min(valid_from) from prices where organisation_id = ${organisation} and valid_from > ${at}),
        (select min(end_date) from prices where organisation_id = ${organisation} and end_date > ${at})
      ) as next`,
  );
  return row?.next ? new Date(row.next) : null;
}

/**
 * Products whose keys may have changed between two instants: a price of theirs started or
 * ended in between (a campaign starting or ending).
 */
export async function productsWithPriceChanges(
  db: Database,
  organisation: OrganisationId,
  from: Date,
  to: Date,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct a.product_id as id from prices pr join articles a on a.id = pr.article_id
      where pr.organisation_id = ${organisation}
        and ((pr.valid_from > ${timestamp(from)} and pr.valid_from <= ${timestamp(to)})
          or (pr.end_date > ${timestamp(from)} and pr.end_date <= ${timestamp(to)}))`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Rebuilds the organisation's keys as of `now` in one transaction (readers keep the old rows
 * until it commits): every product, or only `productIds` (a price import, or the products
 * whose campaign started or ended since the keys were built) and the products marked
 * changed (product_sort_key_changes). The marks are consumed first: a write committed before
 * that is seen by the rebuild's later statements; one committed after leaves its mark for
 * the next. Rebuilds of an organisation take turns (an advisory lock), so two never insert
 * the same product's rows.
 */
export async function refreshSortKeys(
  db: Database,
  organisation: OrganisationId,
  stores: readonly StoreContext[],
  now: Date,
  productIds?: readonly number[],
): Promise<SortKeyWindow> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    await executor.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`product_sort_keys:${organisation}`}))`,
    );
    const marked = await queryRows<{ id: number }>(
      executor,
      sql`delete from product_sort_key_changes where organisation_id = ${organisation}
        returning product_id as id`,
    );
    const ids = productIds
      ? [...new Set([...productIds, ...marked.map((row) => Number(row.id))])]
      : undefined;
    const only = (column: SQL) => (ids ? sql`${column} = any(${intArray(ids)})` : sql`true`);
    await executor.execute(sql`delete from product_sort_keys
      where organisation_id = ${organisation} and ${only(sql`product_id`)}`);
    await executor.execute(sql`delete from product_store_sort_keys
      where store_id in (select id from stores where organisation_id = ${organisation})
        and ${only(sql`product_id`)}`);
    await executor.execute(chainKeysInsert(organisation, now, only(sql`p.id`)));
    for (const store of stores) {
      await refreshStore(executor, organisation, store, now, only(sql`a.product_id`));
    }
    // Fresh statistics, or the planner estimates the new rows at a handful and sorts them all.
    if (!ids) await executor.execute(sql`analyze product_sort_keys, product_store_sort_keys`);
    const window = {
      validFrom: now,
      validUntil: await nextPriceChange(executor, organisation, now),
    };
    await executor.execute(sql`insert into product_sort_key_state
        (organisation_id, valid_from, valid_until, refreshed_at)
      values (${organisation}, ${timestamp(now)},
        ${window.validUntil ? timestamp(window.validUntil) : null}, now())
      on conflict (organisation_id) do update set valid_from = excluded.valid_from,
        valid_until = excluded.valid_until, refreshed_at = excluded.refreshed_at`);
    return window;
  });
}

/**
 * More marked products than this and the listing rebuilds every key in the background
 * (an import) instead of refreshing the marked ones while a request waits.
 */
export const MARKED_REFRESH_LIMIT = 2_000;

/** The stored window and how many products are marked changed (up to the limit, plus one). */
export type SortKeyState = { window: SortKeyWindow | null; marked: number };

/** Whether the keys answer at `now`: their window holds and no product is marked changed. */
export function keysCurrent(state: SortKeyState, now: Date): boolean {
  return state.marked === 0 && windowHolds(state.window, now);
}

/** One statement: the window and the marks (read on every keyed request, never cached). */
export async function readSortKeyState(
  db: Database,
  organisation: OrganisationId,
): Promise<SortKeyState> {
  const [row] = await queryRows<{
    validFrom: string | Date | null;
    validUntil: string | Date | null;
    marked: number;
  }>(
    db,
    sql`select s.valid_from as "validFrom", s.valid_until as "validUntil",
        (select count(*) from (select 1 from product_sort_key_changes c
          where c.organisation_id = ${organisation} limit ${MARKED_REFRESH_LIMIT + 1}) c
        )::int as marked
      from (select 1) one
      left join product_sort_key_state s on s.organisation_id = ${organisation}`,
  );
  const window =
    row?.validFrom == null
      ? null
      : {
          validFrom: new Date(row.validFrom),
          validUntil: row.validUntil === null ? null : new Date(row.validUntil),
        };
  return { window, marked: Number(row?.marked ?? 0) };
}
