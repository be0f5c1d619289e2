import type { OrganisationId } from '@bygg/contracts/common';
import type { AssortmentFilter } from '@bygg/contracts/products';
import { type Database, queryRows } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import { textArraySql } from '@bygg/db/search/sql-arrays';
import { planMatch, planScore, planTitleTokens, type SearchPlan } from '@bygg/db/search/query';
import {
  FLAGGED_MASK,
  IN_STOCK_MASK,
  isListed,
  LISTED_MASK,
} from '../products/availability-rules.ts';
import type { StoreContext } from '../products/listing-query.ts';

/**
 * The products group of GET search/: the matching products' ids in relevance order and their
 * count, read from the narrow search_products table (packages/db/src/schema/search-products.ts).
 * Matching and scoring are planMatch/planScore, as in products/?q= (search-match.ts), and the
 * order is the listing's relevance order: score, in stock in the chosen store, popularity, id.
 *
 * Speed comes from the order of work: "listed" is a precomputed flag, and the page is first
 * looked for among the products with a title hit (planTitleTokens, through the title-token GIN
 * index). Only when those are too few, or may tie with products without a title hit, is every
 * match scored. A broad word ("trä" matches half the catalogue) thus costs a few thousand
 * scored rows instead of fifty thousand.
 */
export type ProductSearchFilter = {
  organisation: OrganisationId;
  store: StoreContext | null;
  /** With a store: unlistedInStore(store). */
  unlisted: readonly number[];
  assortment: AssortmentFilter;
  plan: SearchPlan;
};

const TOKENS = sql`sp.tokens`;
const TITLE_TOKENS = sql`sp.title_tokens`;

/**
 * Products that the store unlists although they are listed chain-wide: every listed article
 * has a stock row in the store's warehouse that hides it or withholds it from sale (the
 * listing's rule, products/listing-query.ts). Such rows are about 1 % of a store's stock and
 * the literal mask lets PostgreSQL find them through stock_flagged_idx, so the set is read
 * once per search instead of checking the store's stock for every match.
 */
export async function unlistedInStore(db: Database, store: StoreContext): Promise<number[]> {
  const mask = sql.raw(String(LISTED_MASK));
  const unlisting = (alias: SQL) =>
    sql`${alias}.warehouse_id = ${store.warehouseId}
      and (${alias}.availability & ${sql.raw(String(FLAGGED_MASK))}) <> 1
      and (${alias}.availability & ${mask}) <> 1`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select distinct a.product_id as id from stock u join articles a on a.id = u.article_id
      where ${unlisting(sql`u`)} and not exists (select 1 from articles b
        where b.product_id = a.product_id and (b.availability & ${mask}) = 1
          and not exists (select 1 from stock f where f.article_id = b.id and ${unlisting(sql`f`)}))`,
  );
  return rows.map((row) => Number(row.id));
}

/** "Product sp is listed (in the store)": the precomputed flag, less what the store unlists. */
function listed(store: StoreContext | null, unlisted: readonly number[]): SQL {
  if (!store) return sql`sp.listed`;
  if (store.ownLink !== null && !isListed(store.ownLink)) return sql`false`;
  if (unlisted.length === 0) return sql`sp.listed`;
  return sql`sp.listed and sp.product_id <> all(${`{${unlisted.join(',')}}`}::int[])`;
}

/** "Product sp has an article listed and in stock in the store", as the listing ranks it. */
function inStore(store: StoreContext | null): SQL {
  if (!store) return sql`false`;
  const shown = sql.raw(String(IN_STOCK_MASK));
  return sql`exists (select 1 from articles a
    join stock s on s.article_id = a.id and s.warehouse_id = ${store.warehouseId}
    where a.product_id = sp.product_id and (a.availability & ${shown}) = 1
      and (s.availability & ${shown}) = 1 and s.quantity_on_hand > 0)`;
}

function conditions(filter: ProductSearchFilter): SQL[] {
  const where: SQL[] = [
    sql`${filter.organisation}::text = any(sp.organisation_ids)`,
    planMatch(filter.plan, TOKENS),
    listed(filter.store, filter.unlisted),
  ];
  if (filter.assortment === 'web') where.push(sql`sp.is_web_assortment`);
  if (filter.assortment === 'central') where.push(sql`sp.is_central_assortment`);
  return where;
}

/** The best `take` matches (of those passing `extra`) with their score, best first. */
function rankedQuery(filter: ProductSearchFilter, take: number, extra: SQL[]): SQL {
  const where = [...conditions(filter), ...extra];
  const stocked = filter.store ? sql`${inStore(filter.store)} desc, ` : sql``;
  return sql`select sp.product_id as id, ${planScore(filter.plan, TOKENS, TITLE_TOKENS)} as score
    from search_products sp where ${sql.join(where, sql` and `)}
    order by score desc, ${stocked}sp.popularity desc, sp.product_id
    limit ${take}`;
}

type Ranked = { id: number; score: number };

/**
 * Runs the queries in a transaction with planner settings of their own: no parallel workers
 * and no JIT (both cost more to start than these queries take; on 2 cores, parallel plans of
 * concurrent searches only queue), and random I/O priced as cached (the search tables and
 * their GIN indexes are small and hot), so a few thousand matches are read through the index
 * rather than by a sequential scan of the table.
 */
export function withSearchSettings<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true),
      set_config('jit', 'off', true), set_config('random_page_cost', '1.1', true)`);
    return fn(tx);
  });
}

/** Ids of one page of matching products, best first. */
export async function productSearchPage(
  db: Database,
  filter: ProductSearchFilter,
  page: { limit: number; offset: number },
): Promise<number[]> {
  const take = page.offset + page.limit;
  const title = planTitleTokens(filter.plan);
  const ids = (rows: Ranked[]) => rows.slice(page.offset).map((row) => Number(row.id));
  if (title.tokens.length > 0) {
    const titleHits = await queryRows<Ranked>(
      db,
      rankedQuery(filter, take, [sql`${TITLE_TOKENS} && ${textArraySql(title.tokens)}`]),
    );
    // Enough title hits that all outscore whatever has none: they are the page.
    const last = titleHits.at(-1);
    if (titleHits.length === take && last && Number(last.score) > title.offTitleMax) {
      return ids(titleHits);
    }
  }
  return ids(await queryRows<Ranked>(db, rankedQuery(filter, take, [])));
}

/** How many products match, counted up to `cap` (the spec's product count cap). */
export function productSearchCountQuery(filter: ProductSearchFilter, cap: number): SQL {
  return sql`select count(*)::int as total from (select 1 from search_products sp
    where ${sql.join(conditions(filter), sql` and `)} limit ${cap}) c`;
}
