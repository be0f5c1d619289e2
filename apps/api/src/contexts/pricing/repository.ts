import { sql, type SQL } from '@bygg/db/orm';
import { preparedRows, type Database } from '@bygg/db/client';
import type { OrganisationId } from '@bygg/contracts/common';
import {
  LOWEST_PRICE_WINDOW_DAYS,
  type PriceCandidates,
  type PriceHistoryEntry,
  type PriceRecord,
} from '@bygg/domain/pricing';
import { intArray, timestamp } from '../../lib/sql-values.ts';

/** Whose prices, where and when: the viewer's company unlocks its net prices. */
export type PriceScope = {
  organisation: OrganisationId;
  /** The store whose own prices override the list price; null for the list price alone. */
  storeId: number | null;
  /** The logged-in trade user's company (from the session, never a request parameter). */
  companyId: number | null;
  at: Date;
  /** Also read each price's history of the last 30 days, for the lowest price (Omnibus). */
  withHistory: boolean;
};

type HistoryJson = { priceOre: number; validFrom: string; validTo: string | null };

type RecordJson = {
  priceOre: number;
  reducedFromOre: number | null;
  isLimitedTime: boolean;
  validFrom: string;
  endDate: string | null;
  campaignId: number | null;
  history?: HistoryJson[];
};

/** One row of the price query: the facts of one article's prices, as read. */
export type ArticlePriceRow = {
  article_id: number;
  list: RecordJson | null;
  store: RecordJson | null;
  net_ore: number | null;
};

/** A store's organisation decides the price list; without a store the given organisation's. */
function organisationOf(scope: PriceScope): SQL {
  return scope.storeId === null
    ? sql`${scope.organisation}::text`
    : sql`coalesce((select organisation_id from stores where id = ${scope.storeId}), ${scope.organisation}::text)`;
}

/**
 * A price row as JSON, with (when asked) the history a 30-day low can need: entries that began
 * before now and were still in effect 30 days before now, or before a campaign's start. The
 * window is wide enough for every rule of @bygg/domain/pricing, which decides exactly.
 */
function recordJson(scope: PriceScope): SQL {
  const at = timestamp(scope.at);
  const history = scope.withHistory
    ? sql`, 'history', (select coalesce(json_agg(json_build_object('priceOre', h.price_ore,
          'validFrom', h.valid_from, 'validTo', h.valid_to)), '[]'::json)
        from price_history h
        where h.article_id = p.article_id
          and h.organisation_id = p.organisation_id
          and h.store_id is not distinct from p.store_id
          and h.valid_from < ${at}
          and (h.valid_to is null or h.valid_to > (case when p.reduced_from_ore is null then ${at}
            else least(p.valid_from, ${at}) end) - ${LOWEST_PRICE_WINDOW_DAYS} * interval '1 day'))`
    : sql``;
  return sql`json_build_object('priceOre', p.price_ore, 'reducedFromOre', p.reduced_from_ore,
      'isLimitedTime', p.is_limited_time, 'validFrom', p.valid_from, 'endDate', p.end_date,
      'campaignId', p.campaign_id${history})`;
}

/**
 * THE price query (ADR 024): for each article id, the organisation's list price, the store's
 * own price, the viewer's company's net price and (with `withHistory`) the history the 30-day
 * low needs, one row per id. It reads facts only: which price applies is decided by
 * @bygg/domain/pricing (`toArticlePrice`). `articleIds` may also be an int[] SQL expression,
 * so the cart prices its lines inside the statement that reads them (`array[ci.article_id]`).
 */
export function articlePricesQuery(articleIds: readonly number[] | SQL, scope: PriceScope): SQL {
  const ids = Array.isArray(articleIds) ? intArray(articleIds) : (articleIds as SQL);
  const record = recordJson(scope);
  const store =
    scope.storeId === null
      ? sql`null::json`
      : sql`(select ${record} from prices p where p.store_id = ${scope.storeId} and p.article_id = ids.article_id)`;
  const net =
    scope.companyId === null
      ? sql`null::int`
      : sql`(select n.price_ore from net_prices n where n.company_id = ${scope.companyId} and n.article_id = ids.article_id)`;
  return sql`select ids.article_id,
      (select ${record} from prices p where p.organisation_id = ${organisationOf(scope)}
        and p.store_id is null and p.article_id = ids.article_id) as list,
      ${store} as store,
      ${net} as net_ore
    from unnest(${ids}) as ids(article_id)`;
}

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

function toHistory(entry: HistoryJson): PriceHistoryEntry {
  return {
    priceOre: Number(entry.priceOre),
    validFrom: toDate(entry.validFrom),
    validTo: entry.validTo === null ? null : toDate(entry.validTo),
  };
}

function toRecord(json: RecordJson | null): PriceRecord | null {
  if (json === null) return null;
  return {
    priceOre: Number(json.priceOre),
    reducedFromOre: json.reducedFromOre === null ? null : Number(json.reducedFromOre),
    isLimitedTime: json.isLimitedTime,
    validFrom: toDate(json.validFrom),
    endDate: json.endDate === null ? null : toDate(json.endDate),
    campaignId: json.campaignId === null ? null : Number(json.campaignId),
    ...(json.history ? { history: json.history.map(toHistory) } : {}),
  };
}

/** A row of the price query as the domain's input. */
export function toCandidates(row: ArticlePriceRow): PriceCandidates {
  return {
    list: toRecord(row.list),
    store: toRecord(row.store),
    netOre: row.net_ore === null ? null : Number(row.net_ore),
  };
}

export class PricingRepository {
  constructor(private readonly db: Database) {}

  /** The price facts of the articles (one statement, prepared: carts and pages repeat it). */
  async read(
    articleIds: readonly number[],
    scope: PriceScope,
    executor: Database = this.db,
  ): Promise<ArticlePriceRow[]> {
    if (articleIds.length === 0) return [];
    return preparedRows<ArticlePriceRow>(executor, articlePricesQuery(articleIds, scope));
  }
}
