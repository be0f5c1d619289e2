import { sql, type SQL } from '@bygg/db/orm';

// The shelf price as SQL, for what must happen inside the database: sorting and filtering a
// listing by price or discount, and the stored sort keys (catalogue/products). It mirrors
// `shelfPrice` of @bygg/domain/pricing, and service.test.ts holds the two to the same
// figures; every price that is shown or charged comes from the domain's rules.

/**
 * A price row's shelf price now (alias of a `prices` row, read only where valid_from <= now):
 * a campaign whose end date has passed falls back to its reduced_from price.
 */
export function rowPriceSql(alias: string, now: SQL): SQL {
  const r = sql.raw(alias);
  return sql`case when ${r}.reduced_from_ore is not null and ${r}.end_date <= ${now}
    then ${r}.reduced_from_ore else ${r}.price_ore end`;
}

/** A price row's running campaign discount as a fraction of its ordinary price; else null. */
export function rowDiscountSql(alias: string, now: SQL): SQL {
  const r = sql.raw(alias);
  return sql`case when ${r}.reduced_from_ore is not null and (${r}.end_date is null or ${r}.end_date > ${now})
    then (${r}.reduced_from_ore - ${r}.price_ore)::float8 / ${r}.reduced_from_ore end`;
}

/**
 * The shelf price (or the discount) of the list price row `list`, or of the store's row
 * `store` when it has one: a store's own price beats the chain's list price.
 */
export function shelfPriceSql(rows: { list: string; store: string | null }, now: SQL): SQL {
  return rows.store === null
    ? rowPriceSql(rows.list, now)
    : sql`case when ${sql.raw(rows.store)}.id is not null then ${rowPriceSql(rows.store, now)} else ${rowPriceSql(rows.list, now)} end`;
}

export function shelfDiscountSql(rows: { list: string; store: string | null }, now: SQL): SQL {
  return rows.store === null
    ? rowDiscountSql(rows.list, now)
    : sql`case when ${sql.raw(rows.store)}.id is not null then ${rowDiscountSql(rows.store, now)} else ${rowDiscountSql(rows.list, now)} end`;
}
