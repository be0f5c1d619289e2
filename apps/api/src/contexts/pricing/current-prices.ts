import { sql, type SQL } from '@bygg/db/orm';
import { preparedRows, queryRows, type Database } from '@bygg/db/client';

export type OrganisationKey = 'store-chain' | 'building-supply';

export type CurrentPrice = {
  articleId: number;
  /** The price to charge now, öre incl. VAT. */
  priceOre: number;
  /** The ordinary price while a campaign price applies; null otherwise. */
  reducedFromOre: number | null;
  isLimitedTime: boolean;
  endDate: Date | null;
  campaignId: number | null;
  /** The store's own price (an override of the chain-wide list price). */
  isStorePrice: boolean;
  /** When the current price took effect. */
  validFrom: Date;
};

/** One int[] parameter, however many ids (a list of parameters would hit the 65,535 cap). */
const idArray = (articleIds: readonly number[]): SQL => {
  if (!articleIds.every(Number.isSafeInteger)) throw new Error('Article ids must be integers');
  return sql`${`{${articleIds.join(',')}}`}::int[]`;
};

/** A store's organisation decides the price list; without a store the given organisation's. */
const organisationOf = (storeId: number | null, organisationId: OrganisationKey): SQL =>
  storeId === null
    ? sql`${organisationId}::text`
    : sql`coalesce((select organisation_id from stores where id = ${storeId}), ${organisationId}::text)`;

/**
 * The price row in effect for each article at `now`: a store override wins over the chain's
 * list price; a campaign price whose end date has passed falls back to its reduced_from price.
 * `articleIds` may also be an int[] SQL expression (the cart prices its lines inside the
 * statement that reads them, e.g. `array[ci.article_id]` in a lateral join).
 */
export function currentRowsQuery(
  articleIds: readonly number[] | SQL,
  storeId: number | null,
  now: Date,
  organisationId: OrganisationKey,
): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    select distinct on (p.article_id)
      p.article_id, p.organisation_id, p.store_id, p.price_ore, p.reduced_from_ore, p.is_limited_time,
      p.valid_from, p.end_date, p.campaign_id,
      (p.reduced_from_ore is not null and p.valid_from <= ${at} and (p.end_date is null or p.end_date > ${at})) as on_campaign
    from prices p
    where p.organisation_id = ${organisationOf(storeId, organisationId)}
      and p.article_id = any(${Array.isArray(articleIds) ? idArray(articleIds) : articleIds})
      and ${storeId === null ? sql`p.store_id is null` : sql`(p.store_id is null or p.store_id = ${storeId})`}
      and p.valid_from <= ${at}
    order by p.article_id, p.store_id nulls last`;
}

export type CurrentRow = {
  article_id: number;
  organisation_id: string;
  store_id: number | null;
  price_ore: number;
  reduced_from_ore: number | null;
  is_limited_time: boolean;
  valid_from: Date | string;
  end_date: Date | string | null;
  campaign_id: number | null;
  on_campaign: boolean;
};

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** A current price row as the caller sees it (a campaign whose end has passed falls back). */
export function toCurrentPrice(r: CurrentRow): CurrentPrice {
  const campaignOver = r.reduced_from_ore !== null && !r.on_campaign;
  return {
    articleId: Number(r.article_id),
    priceOre: Number(campaignOver ? r.reduced_from_ore : r.price_ore),
    reducedFromOre: r.on_campaign ? Number(r.reduced_from_ore) : null,
    isLimitedTime: r.on_campaign && r.is_limited_time,
    endDate: r.on_campaign && r.end_date !== null ? toDate(r.end_date) : null,
    campaignId: r.on_campaign ? r.campaign_id : null,
    isStorePrice: r.store_id !== null,
    validFrom: campaignOver && r.end_date !== null ? toDate(r.end_date) : toDate(r.valid_from),
  };
}

export async function currentPrices(
  db: Database,
  articleIds: readonly number[],
  storeId: number | null,
  now: Date,
  organisationId: OrganisationKey = 'store-chain',
): Promise<Map<number, CurrentPrice>> {
  if (articleIds.length === 0) return new Map();
  // Prepared: the cart prices its lines on every change (the text is one of two).
  const rows = await preparedRows<CurrentRow>(
    db,
    currentRowsQuery(articleIds, storeId, now, organisationId),
  );
  return new Map(rows.map((r) => [Number(r.article_id), toCurrentPrice(r)]));
}

/**
 * The lowest price of the last 30 days (the Omnibus rule, EU 2019/2161), computed from
 * price_history: for a campaign price, the lowest price in effect during the 30 days before
 * the campaign started (so it can be compared with the reduced price); otherwise the lowest
 * price in effect during the 30 days up to `now`, the current price included. Store overrides
 * use the store's own history. Articles without a price are missing from the map.
 */
export async function lowestPriceLast30Days(
  db: Database,
  articleIds: readonly number[],
  storeId: number | null,
  now: Date,
  organisationId: OrganisationKey = 'store-chain',
): Promise<Map<number, number>> {
  if (articleIds.length === 0) return new Map();
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await queryRows<{ article_id: number; lowest: number }>(
    db,
    sql`
      with cur as (${currentRowsQuery(articleIds, storeId, now, organisationId)}),
      ref as (
        select article_id, organisation_id, store_id,
               case when on_campaign then valid_from else ${at} end as ref
        from cur
      )
      select r.article_id, min(h.price_ore)::int as lowest
      from ref r
      join price_history h
        on h.article_id = r.article_id
       and h.organisation_id = r.organisation_id
       and h.store_id is not distinct from r.store_id
      where h.valid_from < r.ref
        and (h.valid_to is null or h.valid_to > r.ref - interval '30 days')
      group by r.article_id`,
  );
  return new Map(rows.map((r) => [Number(r.article_id), Number(r.lowest)]));
}

/**
 * currentPrices and lowestPriceLast30Days in one statement (one round trip instead of two, for
 * the catalogue, which needs both for every page of products): the same rows and the same
 * rule, the lowest price read per current row through the price_history index.
 */
export async function currentPricesWithLowest(
  db: Database,
  articleIds: readonly number[],
  storeId: number | null,
  now: Date,
  organisationId: OrganisationKey = 'store-chain',
): Promise<{ current: Map<number, CurrentPrice>; lowest: Map<number, number> }> {
  const current = new Map<number, CurrentPrice>();
  const lowest = new Map<number, number>();
  if (articleIds.length === 0) return { current, lowest };
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await preparedRows<CurrentRow & { lowest: number | null }>(
    db,
    sql`
      with cur as (${currentRowsQuery(articleIds, storeId, now, organisationId)})
      select c.*, l.lowest
      from cur c
      left join lateral (
        select min(h.price_ore)::int as lowest
        from price_history h
        where h.article_id = c.article_id
          and h.organisation_id = c.organisation_id
          and h.store_id is not distinct from c.store_id
          and h.valid_from < (case when c.on_campaign then c.valid_from else ${at} end)
          and (h.valid_to is null
            or h.valid_to > (case when c.on_campaign then c.valid_from else ${at} end) - interval '30 days')
      ) l on true`,
  );
  for (const row of rows) {
    const articleId = Number(row.article_id);
    current.set(articleId, toCurrentPrice(row));
    if (row.lowest !== null) lowest.set(articleId, Number(row.lowest));
  }
  return { current, lowest };
}
