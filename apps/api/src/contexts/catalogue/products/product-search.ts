import type { OrganisationId } from '@bygg/contracts/common';
import type { AssortmentFilter } from '@bygg/contracts/products';
import { sql, type SQL } from '@bygg/db/orm';
import { textArraySql } from '@bygg/db/search/sql-arrays';
import { groupInTitle, planHeadTokens, planMatch, planScore } from '@bygg/db/search/query';
import { planTitleTokens, SCORE, type SearchPlan, termTitleTokens } from '@bygg/domain/search-text';
import {
  FLAGGED_MASK,
  IN_STOCK_MASK,
  isListed,
  LISTED_MASK,
} from '@bygg/domain/availability-rules';
import type { StoreContext } from './listing-query.ts';

/**
 * The products group of GET search/ and the relevance-ordered products/?q= page: matching
 * products in relevance order and their count, read from the narrow search_products table
 * (packages/db/src/schema/search-products.ts). Matching and scoring are planMatch/planScore,
 * as in the listing (search-match.ts), and the order is the listing's relevance order: score,
 * in stock in the chosen store, popularity, id.
 *
 * Speed comes from the order of work: "listed" is a precomputed flag, and the page is found
 * in tiers (tieredPage): the products with every word in the title, then those with a title
 * hit, and only when neither settles the page every match. A broad word ("trä" matches half
 * the catalogue) thus costs a few thousand rows at most instead of fifty thousand.
 */
export type ProductSearchFilter = {
  organisation: OrganisationId;
  store: StoreContext | null;
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
 * once per statement (a CTE and a hashed NOT IN) instead of checking stock per match.
 */
function unlistedInStoreQuery(store: StoreContext): SQL {
  const mask = sql.raw(String(LISTED_MASK));
  const unlisting = (alias: SQL) =>
    sql`${alias}.warehouse_id = ${store.warehouseId}
      and (${alias}.availability & ${sql.raw(String(FLAGGED_MASK))}) <> 1
      and (${alias}.availability & ${mask}) <> 1`;
  return sql`select distinct a.product_id as id from stock u join articles a on a.id = u.article_id
      where ${unlisting(sql`u`)} and not exists (select 1 from articles b
        where b.product_id = a.product_id and (b.availability & ${mask}) = 1
          and not exists (select 1 from stock f where f.article_id = b.id and ${unlisting(sql`f`)}))`;
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

/** What one grouped-search statement answers (groupedSearchQuery). */
export type GroupedRow = {
  /** Best first: id, slug, title and category path of the page of products. */
  products: Array<{ id: number; slug: string; title: string; path: string }> | string | null;
  /** The document groups' first items (by kind, best first), each with its group's count. */
  documents:
    | Array<{
        kind: string;
        text: string;
        url: string;
        path: string;
        tracking_code: string;
        n: number;
      }>
    | string
    | null;
  /** The index's change counters (search_index_state) as this statement saw them. */
  vocabulary_version: number | string | null;
  products_version: number | string | null;
  /** Stores or CMS pages are queued for re-tokenising (search_document_changes). */
  pending_documents: boolean;
};

export type GroupedSearch = {
  filter: ProductSearchFilter;
  /** Items per group. */
  limit: number;
};

/**
 * The CTEs of one page of the best `take` matching products as `page` (id, score, in_store,
 * popularity), in three tiers so that a broad word's thousands of matches are rarely scored:
 * 1. `top`: products with every word as typed (or corrected) in the title score the maximum,
 *    SCORE.surface per word and the head bonus; when there are `take` of them they are the
 *    page, in head/stock/popularity order, and only the head bonus is scored;
 * 2. `t`: products with any title hit, scored; the page when `take` of them all outscore
 *    anything without a title hit (planTitleTokens' offTitleMax);
 * 3. every match, scored.
 * A later tier is read only when the earlier ones do not settle the page (one-time filters on
 * InitPlans: PostgreSQL never executes the scan). `where`: the conditions on sp besides the
 * text match (organisation, listed in the store, assortment).
 */
export function tieredPage(
  filter: ProductSearchFilter,
  take: number,
): { ctes: SQL; unlisted: SQL | null; where: SQL[] } {
  const store = filter.store;
  const storeUnlists = store !== null && (store.ownLink === null || isListed(store.ownLink));
  const unlisted = store && storeUnlists ? sql`unlisted as (${unlistedInStoreQuery(store)})` : null;
  const where: SQL[] = [
    sql`${filter.organisation}::text = any(sp.organisation_ids)`,
    sql`sp.listed`,
  ];
  if (store && !storeUnlists) where.push(sql`false`);
  if (storeUnlists) where.push(sql`sp.product_id not in (select id from unlisted)`);
  if (filter.assortment === 'web') where.push(sql`sp.is_web_assortment`);
  if (filter.assortment === 'central') where.push(sql`sp.is_central_assortment`);
  const plan = filter.plan;
  const score = planScore(plan, TOKENS, TITLE_TOKENS);
  const stocked = inStore(store);
  const columns = sql`sp.product_id as id, ${score} as score, ${stocked} as in_store, sp.popularity`;
  const order = sql`score desc, in_store desc, popularity desc, id`;
  const all = sql`select ${columns} from search_products sp
    where ${sql.join([...where, planMatch(plan, TOKENS)], sql` and `)}
    order by ${order} limit ${take}`;
  const title = planTitleTokens(plan);
  // With one simple word the match is a filter among the title hits, not a second index
  // scan: the bitmap of a broad word's matches (half the catalogue for "trä") costs more than
  // the title hits. With several words or a compound's parts, the token index is selective.
  const broadWord = plan.terms.length === 1 && plan.terms[0]?.groups.length === 0;
  const titleMatch = broadWord
    ? planMatch(plan, sql`coalesce(sp.tokens, '{}')`)
    : planMatch(plan, TOKENS);
  // Otherwise the token index is the selective side and the title test a filter on its
  // matches: a BitmapAnd with the title index read 14,000 title hits of "bräda" to keep 900
  // ("impregnerad bräda", 15 ms instead of 1).
  const titleColumn = broadWord ? TITLE_TOKENS : sql`coalesce(sp.title_tokens, '{}')`;
  // Every word as typed in the title: the maximum per term, plus the head bonus (planScore)
  // for a title whose head noun is a query word. Read as two parts, each in stock and
  // popularity order (the order search_products_popularity_idx gives without a store), so
  // neither part is sorted whole: the head-noun titles and the others, the best `take` of both.
  const surfaceTerms = sql.join(
    [
      ...where,
      titleMatch,
      ...plan.terms.map((term) => sql`${TITLE_TOKENS} && ${textArraySql(term.surface)}`),
    ],
    sql` and `,
  );
  const head = planHeadTokens(plan);
  const topPart = (points: number, condition: SQL | null) => sql`(select sp.product_id as id,
      ${sql.raw(String(SCORE.surface * plan.terms.length + points))} as score,
      ${stocked} as in_store, sp.popularity
    from search_products sp
    where ${surfaceTerms}${condition ? sql` and ${condition}` : sql``}
    order by in_store desc, popularity desc nulls last, id limit ${take})`;
  const top =
    head.length === 0
      ? topPart(0, null)
      : sql`select * from (${topPart(SCORE.head, sql`${TITLE_TOKENS} && ${textArraySql(head)}`)}
          union all ${topPart(0, sql`not (${TITLE_TOKENS} && ${textArraySql(head)})`)}) h
        order by score desc, in_store desc, popularity desc nulls last, id limit ${take}`;
  const titleHitsWhere = (tokens: string[]) =>
    sql.join([...where, titleMatch, sql`${titleColumn} && ${textArraySql(tokens)}`], sql` and `);
  const term = plan.terms[0];
  const split = plan.terms.length === 1 && !store && term ? termTitleTokens(term) : null;
  // A title with every part of one of a compound's part groups scores SCORE.part (planScore),
  // more than the low tokens' SCORE.other: such titles are a part of their own.
  const groups = term && term.groups.length > 0 ? groupInTitle(term, TITLE_TOKENS) : null;
  const lowWhere = (extra: SQL[]) =>
    sql.join(
      [
        ...where,
        // Plain columns: their statistics let the planner see how common the word is (an
        // index walk in popularity order for "tra", a bitmap for a rare form).
        planMatch(plan, TOKENS),
        ...(split ? [sql`${TITLE_TOKENS} && ${textArraySql(split.low)}`] : []),
        ...(split ? [sql`not (${TITLE_TOKENS} && ${textArraySql(split.high)})`] : []),
        ...extra,
      ],
      sql` and `,
    );
  const lowPart = (points: number, extra: SQL[]) => sql`(select sp.product_id as id,
      ${sql.raw(String(points))} as score, false as in_store, sp.popularity
    from search_products sp
    where not (select ok from top_full) and ${lowWhere(extra)}
    order by sp.popularity desc nulls last, sp.product_id limit ${take})`;
  const titleHits =
    split && split.low.length > 0
      ? // One word and no store: the title hits that score SCORE.other (a folded, corrected or
        // part form only: all 2,600 title hits of "tra") differ only in popularity, so the
        // best `take` of them are read in popularity order (search_products_popularity_idx,
        // when the planner finds that cheaper) instead of scored and sorted, and so are the
        // titles with a whole part group (SCORE.part); the hits scoring more are scored as
        // before, and the page is the best of all. "nulls last" (popularity is never null) is
        // the index's order: without it the index cannot give the order.
        sql`select * from (
          (select ${columns} from search_products sp
            where not (select ok from top_full) and ${titleHitsWhere(split.high)}
            order by ${order} limit ${take})
          union all
          ${
            groups
              ? sql`${lowPart(SCORE.part, [groups])} union all ${lowPart(SCORE.other, [sql`not ${groups}`])}`
              : lowPart(SCORE.other, [])
          }) u
          order by ${order} limit ${take}`
      : sql`select ${columns} from search_products sp
          where not (select ok from top_full) and ${titleHitsWhere(title.tokens)}
          order by ${order} limit ${take}`;
  const page =
    title.tokens.length > 0
      ? sql`top as (${top}),
        top_full as (select count(*) = ${take} as ok from top),
        t as (${titleHits}),
        settled as (select (select ok from top_full)
          or (count(*) = ${take} and min(score) > ${title.offTitleMax}) as ok from t),
        page as (select * from top where (select ok from top_full)
          union all select * from t where not (select ok from top_full) and (select ok from settled)
          union all select * from (${all}) a where not (select ok from settled))`
      : sql`page as (${all})`;
  return { ctes: unlisted ? sql`${unlisted}, ${page}` : page, unlisted, where };
}

/** One page of the matching products' ids, best first (products/?q= in relevance order). */
export function productSearchPageQuery(
  filter: ProductSearchFilter,
  page: { limit: number; offset: number },
): SQL {
  const { ctes } = tieredPage(filter, page.offset + page.limit);
  return sql`with ${ctes} select id from page
    order by score desc, in_store desc, popularity desc, id offset ${page.offset}`;
}

/** How many products match, counted up to `cap`, the store's unlisting rows read inside. */
export function productSearchTotalQuery(filter: ProductSearchFilter, cap: number): SQL {
  const { unlisted, where } = tieredPage(filter, 0);
  const count = sql`select count(*)::int as total from (select 1 from search_products sp
    where ${sql.join([...where, planMatch(filter.plan, TOKENS)], sql` and `)} limit ${cap}) c`;
  return unlisted ? sql`with ${unlisted} ${count}` : count;
}

/**
 * The grouped search (GET search/) as ONE statement: the page of products (tieredPage) with
 * their slugs, titles and category paths, the four document groups with their counts, and the
 * index's change counters. With the product count (productSearchTotalQuery, on a second
 * connection at the same time, or known) that is two statements instead of eighteen (two
 * transactions with planner settings, eight document queries, the vocabulary, the hits).
 */
export function groupedSearchQuery(input: GroupedSearch): SQL {
  const { filter, limit } = input;
  const plan = filter.plan;
  const { ctes } = tieredPage(filter, limit);
  const documents = sql`select d.kind, d.text, d.url, d.path, d.tracking_code,
      count(*) over (partition by d.kind) as n,
      row_number() over (partition by d.kind
        order by ${planScore(plan, sql`d.tokens`, sql`d.title_tokens`)} desc, d.sort_key, d.text) as rn
    from search_documents d
    where (d.organisation_id is null or d.organisation_id = ${filter.organisation})
      and ${planMatch(plan, sql`d.tokens`)}`;
  return sql`with ${ctes},
    docs as (select * from (${documents}) x where rn <= ${limit})
    select
      (select json_agg(json_build_object('id', p.id, 'slug', p.slug, 'title', p.title,
          'path', concat_ws(' / ', c3.name, c2.name, c.name))
          order by pg.score desc, pg.in_store desc, pg.popularity desc, pg.id)
        from page pg
        join products p on p.id = pg.id
        join categories c on c.id = p.category_id
        left join categories c2 on c2.id = c.parent_id
        left join categories c3 on c3.id = c2.parent_id) as products,
      (select json_agg(json_build_object('kind', kind, 'text', text, 'url', url, 'path', path,
          'tracking_code', tracking_code, 'n', n) order by kind, rn) from docs) as documents,
      st.vocabulary as vocabulary_version, st.products as products_version,
      exists (select 1 from search_document_changes) as pending_documents
    from (select 1) one left join search_index_state st on st.id = 1`;
}
