import { sql, type SQL } from '@bygg/db/orm';
import { preparedRows, type Database } from '@bygg/db/client';
import { intArray } from '../../../lib/sql-values.ts';
import type { OrganisationId } from '@bygg/contracts/common';
import type { ArticlePrice } from '@bygg/domain/pricing';
import {
  articlePricesQuery,
  toArticlePrice,
  type AppliedGiftCardRow,
  type CartLineRow,
  type CartStoreRow,
  type ArticlePriceRow,
  type VoucherRow,
} from '../../pricing/index.ts';

export type CartRow = {
  id: number;
  token: string;
  organisationId: OrganisationId;
  userId: number | null;
  storeId: number;
  shippingType: 1 | 2;
  /** The applied discount code (vouchers.id); null without one. */
  voucherId: number | null;
};

export type { AppliedGiftCardRow, CartLineRow, CartStoreRow, VoucherRow };

/**
 * What prices the lines in the statement that reads them (the pricing context's price query):
 * the store, and the trade user's company for its net prices.
 */
export type LinePricing = {
  organisation: OrganisationId;
  storeId: number;
  companyId: number | null;
  now: Date;
};

/** Lines with the price of each (articles without a price are missing from the map). */
export type PricedLines = { lines: CartLineRow[]; prices: Map<number, ArticlePrice> };

/** The columns of a CartRow (the checkout locks the cart with them, see claimKeyAndLockCart). */
export const CART_COLUMNS = sql`id, token, organisation_id as "organisationId", user_id as "userId",
  store_id as "storeId", shipping_type as "shippingType", voucher_id as "voucherId"`;

const VOUCHER_COLUMNS = sql`v.id, v.code, v.description, v.percent_off as "percentOff",
  v.amount_off_ore as "amountOffOre", v.min_order_ore as "minOrderOre",
  v.valid_from as "validFrom", v.valid_to as "validTo", v.usage_limit as "usageLimit",
  v.used_count as "usedCount"`;

function toVoucher(r: VoucherRow & { validFrom: Date | string; validTo: Date | string | null }) {
  return {
    ...r,
    id: Number(r.id),
    percentOff: r.percentOff === null ? null : Number(r.percentOff),
    amountOffOre: r.amountOffOre === null ? null : Number(r.amountOffOre),
    minOrderOre: Number(r.minOrderOre),
    validFrom: new Date(r.validFrom),
    validTo: r.validTo === null ? null : new Date(r.validTo),
    usageLimit: r.usageLimit === null ? null : Number(r.usageLimit),
    usedCount: Number(r.usedCount),
  };
}

/** How long a store row is kept in process (stores change through imports, not shoppers). */
export const STORE_CACHE_MS = 60_000;

/** Postgres unique violation: another request created the same row first. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Carts and their lines. Every write that two requests may make at once is a single
 * statement (an upsert or a conditional update), so no quantity is lost between them.
 */
export class CartRepository {
  private readonly storeCache = new Map<number, { row: CartStoreRow; until: number }>();
  private readonly defaultStoreCache = new Map<string, { id: number | null; until: number }>();

  constructor(private readonly db: Database) {}

  async byToken(
    organisation: OrganisationId,
    token: string,
    executor: Database = this.db,
  ): Promise<CartRow | null> {
    const [row] = await preparedRows<CartRow>(
      executor,
      sql`select ${CART_COLUMNS} from carts where token = ${token} and organisation_id = ${organisation}`,
    );
    return row ?? null;
  }

  async byUser(
    organisation: OrganisationId,
    userId: number,
    executor: Database = this.db,
  ): Promise<CartRow | null> {
    const [row] = await preparedRows<CartRow>(
      executor,
      sql`select ${CART_COLUMNS} from carts where user_id = ${userId} and organisation_id = ${organisation}`,
    );
    return row ?? null;
  }

  /** A new cart; null when a cart for the user was created meanwhile (the unique index). */
  async create(input: {
    token: string;
    organisation: OrganisationId;
    userId: number | null;
    storeId: number;
  }): Promise<CartRow | null> {
    const rows = await preparedRows<CartRow>(
      this.db,
      sql`insert into carts (token, organisation_id, user_id, store_id)
        values (${input.token}, ${input.organisation}, ${input.userId}, ${input.storeId})
        on conflict do nothing
        returning ${CART_COLUMNS}`,
    );
    return rows[0] ?? null;
  }

  /** Hands an anonymous cart to a user; false when the user got a cart meanwhile. */
  async claim(cartId: number, userId: number): Promise<boolean> {
    try {
      const rows = await preparedRows<{ id: number }>(
        this.db,
        sql`update carts set user_id = ${userId}, updated_at = now()
          where id = ${cartId} and user_id is null returning id`,
      );
      return rows.length > 0;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /**
   * Moves every line and gift card of an anonymous cart into the user's cart (quantities
   * added, capped at maxQuantity) and deletes the anonymous cart, in one transaction.
   * The anonymous cart is locked first, so two requests merging it at once merge it once.
   */
  async merge(fromId: number, intoId: number, maxQuantity: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const locked = await preparedRows<{ id: number }>(
        tx,
        sql`select id from carts where id = ${fromId} and user_id is null for update`,
      );
      if (locked.length === 0) return;
      await tx.execute(sql`
        insert into cart_items (cart_id, article_id, quantity)
        select ${intoId}, article_id, least(quantity, ${maxQuantity}) from cart_items where cart_id = ${fromId}
        on conflict (cart_id, article_id)
        do update set quantity = least(cart_items.quantity + excluded.quantity, ${maxQuantity})`);
      await tx.execute(sql`
        insert into cart_gift_cards (cart_id, gift_card_id)
        select ${intoId}, gift_card_id from cart_gift_cards where cart_id = ${fromId}
        on conflict do nothing`);
      // The anonymous cart's discount code goes along when the user's cart has none.
      await tx.execute(sql`update carts set updated_at = now(),
          voucher_id = coalesce(voucher_id, (select voucher_id from carts where id = ${fromId}))
        where id = ${intoId}`);
      await tx.execute(sql`delete from carts where id = ${fromId}`);
    });
  }

  async setStore(cartId: number, storeId: number): Promise<void> {
    await this.db.execute(
      sql`update carts set store_id = ${storeId}, updated_at = now() where id = ${cartId}`,
    );
  }

  async setShippingType(cartId: number, type: 1 | 2): Promise<void> {
    await this.db.execute(
      sql`update carts set shipping_type = ${type}, updated_at = now() where id = ${cartId}`,
    );
  }

  /**
   * Adds quantity to the article's line in one statement: concurrent adds of the same
   * article serialise on the unique index and each sees the other's quantity. The line only
   * grows while it stays within maxQuantity, and a new line is only made while the cart has
   * fewer than maxLines (checked in the same statement; two racing adds of different new
   * articles may pass the limit by one, which it tolerates). Touches the cart when it changed.
   */
  async addItem(
    cartId: number,
    articleId: number,
    quantity: number,
    maxQuantity: number,
    maxLines: number,
  ): Promise<AddOutcome> {
    const [row] = await preparedRows<{
      id: number | null;
      quantity: number | null;
      n: number;
      has: boolean;
    }>(
      this.db,
      sql`with ${addItemCtes(cartId, articleId, quantity, maxQuantity, maxLines)}
        select up.id, up.quantity, existing.n, existing.has from existing left join up on true`,
    );
    if (!row) throw new Error('add item returned no row');
    if (row.id !== null) return { id: Number(row.id), quantity: Number(row.quantity) };
    return !row.has && Number(row.n) >= maxLines ? 'too-many-lines' : 'too-many-units';
  }

  /** Sets a line's quantity; false when the line is not in this cart. */
  async setQuantity(cartId: number, itemId: number, quantity: number): Promise<boolean> {
    const rows = await preparedRows<{ id: number }>(
      this.db,
      sql`update cart_items set quantity = ${quantity}
        where id = ${itemId} and cart_id = ${cartId} returning id`,
    );
    return rows.length > 0;
  }

  async deleteItem(cartId: number, itemId: number): Promise<boolean> {
    const rows = await preparedRows<{ id: number }>(
      this.db,
      sql`delete from cart_items where id = ${itemId} and cart_id = ${cartId} returning id`,
    );
    return rows.length > 0;
  }

  async touch(cartId: number): Promise<void> {
    await this.db.execute(sql`update carts set updated_at = now() where id = ${cartId}`);
  }

  /**
   * A store with its warehouse facts. Stores change only through imports and the admin, so
   * they are kept in process for STORE_CACHE_MS (no round trip per cart request);
   * invalidateStores() drops them at once.
   */
  async store(storeId: number, executor: Database = this.db): Promise<CartStoreRow | null> {
    const cached = this.storeCache.get(storeId);
    if (cached && cached.until > Date.now()) return cached.row;
    const [row] = await preparedRows<CartStoreRow>(
      executor,
      sql`select st.id, st.organisation_id as "organisationId", st.external_id as "externalId",
          st.slug, st.name, st.is_central as "isCentral", st.proffs_enabled as "proffsEnabled",
          st.warehouse_id as "warehouseId", w.code as "warehouseCode", w.name as "warehouseName",
          w.is_central as "warehouseIsCentral", l.availability as "ownLink"
        from stores st
        join warehouses w on w.id = st.warehouse_id
        left join store_stocked_warehouses l on l.store_id = st.id and l.warehouse_id = st.warehouse_id
        where st.id = ${storeId}`,
    );
    if (!row) return null; // not cached: ids come from cookies and must not fill the cache
    const found = { ...row, id: Number(row.id), warehouseId: Number(row.warehouseId) };
    this.storeCache.set(storeId, { row: found, until: Date.now() + STORE_CACHE_MS });
    return found;
  }

  /** Forgets the cached stores (after a store import or an admin change). */
  invalidateStores(): void {
    this.storeCache.clear();
    this.defaultStoreCache.clear();
  }

  /** The organisation's store a cart without a chosen store uses: the central one, else the first. */
  async defaultStoreId(organisation: OrganisationId): Promise<number | null> {
    const cached = this.defaultStoreCache.get(organisation);
    if (cached && cached.until > Date.now()) return cached.id;
    const [row] = await preparedRows<{ id: number }>(
      this.db,
      sql`select id from stores where organisation_id = ${organisation}
        order by is_central desc, id limit 1`,
    );
    const id = row ? Number(row.id) : null;
    this.defaultStoreCache.set(organisation, { id, until: Date.now() + STORE_CACHE_MS });
    return id;
  }

  async storeBelongsTo(storeId: number, organisation: OrganisationId): Promise<boolean> {
    const store = await this.store(storeId);
    return store !== null && store.organisationId === organisation;
  }

  /**
   * The cart's lines, their prices and the cart's applied gift cards in one statement (instead
   * of three round trips).
   */
  async pricedLines(
    cartId: number,
    warehouseId: number,
    pricing: LinePricing,
    executor: Database = this.db,
  ): Promise<PricedLines & { giftCards: AppliedGiftCardRow[] }> {
    const rows = await preparedRows<WithGiftCards<LineRowOrNone>>(
      executor,
      sql`select l.*, (${giftCardsJson(cartId)}) as "giftCards"
        from (select 1) one
        left join (${lineSelect(sql`select ci.id, ci.article_id, ci.quantity from cart_items ci where ci.cart_id = ${cartId}`, warehouseId, pricing)}) l on true
        order by l.id`,
    );
    return linesAndGiftCards(rows, pricing);
  }

  /**
   * One article as a would-be line of quantity 1 (to check it before adding), with its price,
   * and, when `cookie` is given, the cart of that cookie token: one statement. Line null if
   * the article is unknown; cart null without such a cart (undefined when not asked for).
   */
  async probeLine(
    articleId: number,
    warehouseId: number,
    pricing: LinePricing,
    cookie?: { organisation: OrganisationId; token: string },
  ): Promise<{
    line: CartLineRow | null;
    prices: Map<number, ArticlePrice>;
    cart?: CartRow | null;
  }> {
    const item = sql`select 0 as id, ${articleId}::int as article_id, 1 as quantity`;
    if (!cookie) {
      const { lines, prices } = await this.lineRows(this.db, item, warehouseId, pricing);
      return { line: lines[0] ?? null, prices };
    }
    // Always one row: the cart (as JSON) beside the line, whose columns are null when the
    // article is unknown.
    const [row] = await preparedRows<
      Omit<CartLineRow, 'articleId'> & {
        articleId: number | null;
        price?: ArticlePriceRow | null;
        cart: CartRow | null;
      }
    >(
      this.db,
      sql`select l.*, (select row_to_json(c) from (select ${CART_COLUMNS} from carts
          where token = ${cookie.token} and organisation_id = ${cookie.organisation}) c) as cart
        from (select 1) one left join (${lineSelect(item, warehouseId, pricing)}) l on true`,
    );
    if (!row) throw new Error('the probe returned no row');
    const { cart, ...line } = row;
    const found =
      line.articleId === null ? [] : [line as CartLineRow & { price?: ArticlePriceRow | null }];
    // The cart's JSON numbers arrive as numbers: it needs no conversion.
    return { line: found[0] ? toLine(found[0]) : null, prices: pricesOf(found, pricing), cart };
  }

  /**
   * Lines that are not in a cart (the trade area's quote cart): each article and quantity
   * read and priced by the same statement as a cart's lines; a line's id is its position.
   */
  itemLines(
    items: ReadonlyArray<{ articleId: number; quantity: number }>,
    warehouseId: number,
    pricing: LinePricing,
    executor: Database = this.db,
  ): Promise<PricedLines> {
    const list = sql`select x.id::int as id, x.article_id, x.quantity
      from unnest(${intArray(items.map((i) => i.articleId))},
        ${intArray(items.map((i) => i.quantity))}) with ordinality as x(article_id, quantity, id)`;
    return this.lineRows(executor, list, warehouseId, pricing);
  }

  private async lineRows(
    executor: Database,
    items: SQL,
    warehouseId: number,
    pricing?: LinePricing,
  ): Promise<PricedLines> {
    const rows = await preparedRows<CartLineRow & { price?: ArticlePriceRow | null }>(
      executor,
      lineSelect(items, warehouseId, pricing),
    );
    return { lines: rows.map(toLine), prices: pricesOf(rows, pricing) };
  }

  /**
   * addItem's upsert and the cart's lines read back in ONE statement (one round trip). The
   * lines are the statement's snapshot of the cart with the upserted line in place of the old
   * one, which is what a separate read right after the add would show.
   */
  async addItemAndLines(
    cartId: number,
    articleId: number,
    quantity: number,
    maxQuantity: number,
    maxLines: number,
    warehouseId: number,
    pricing: LinePricing,
  ): Promise<{ outcome: AddOutcome; giftCards: AppliedGiftCardRow[] } & PricedLines> {
    const rows = await preparedRows<
      Omit<CartLineRow, 'id'> & {
        id: number | null;
        upId: number | null;
        n: number;
        has: boolean;
        price?: ArticlePriceRow | null;
        giftCards: GiftCardJson[];
      }
    >(
      this.db,
      sql`with ${addItemCtes(cartId, articleId, quantity, maxQuantity, maxLines)},
        status as (select up.id as up_id, up.quantity as up_quantity, existing.n, existing.has,
            (${giftCardsJson(cartId)}) as gift_cards
          from existing left join up on true),
        ci as (
          select id, article_id, quantity from cart_items
            where cart_id = ${cartId} and article_id <> ${articleId}
          union all select id, article_id, quantity from up
          union all select id, article_id, quantity from cart_items
            where cart_id = ${cartId} and article_id = ${articleId} and not exists (select 1 from up)
        )
        select s.up_id as "upId", s.n, s.has, s.gift_cards as "giftCards", l.*
        from status s
        left join (${lineSelect(sql`select * from ci`, warehouseId, pricing)}) l on true
        order by l.id`,
    );
    const first = rows[0];
    if (!first) throw new Error('add item returned no row');
    const priced = linesAndGiftCards(rows, pricing);
    const { lines } = priced;
    if (first.upId !== null) {
      const line = lines.find((l) => l.id === Number(first.upId));
      return { outcome: { id: Number(first.upId), quantity: line?.quantity ?? 0 }, ...priced };
    }
    const outcome = !first.has && Number(first.n) >= maxLines ? 'too-many-lines' : 'too-many-units';
    return { outcome, ...priced };
  }

  /** The organisation's discount code (codes are stored in upper case); null when unknown. */
  async voucherByCode(organisation: OrganisationId, code: string): Promise<VoucherRow | null> {
    const [row] = await preparedRows<VoucherRow>(
      this.db,
      sql`select ${VOUCHER_COLUMNS} from vouchers v
        where v.organisation_id = ${organisation} and v.code = ${code}`,
    );
    return row ? toVoucher(row) : null;
  }

  async voucherById(id: number, executor: Database = this.db): Promise<VoucherRow | null> {
    const [row] = await preparedRows<VoucherRow>(
      executor,
      sql`select ${VOUCHER_COLUMNS} from vouchers v where v.id = ${id}`,
    );
    return row ? toVoucher(row) : null;
  }

  /** Applies (or with null removes) the cart's discount code; false when nothing changed. */
  async setVoucher(cartId: number, voucherId: number | null): Promise<boolean> {
    const rows = await preparedRows<{ id: number }>(
      this.db,
      sql`update carts set voucher_id = ${voucherId}, updated_at = now()
        where id = ${cartId} and voucher_id is distinct from ${voucherId} returning id`,
    );
    return rows.length > 0;
  }

  async addGiftCard(cartId: number, giftCardId: number): Promise<void> {
    await this.db.execute(
      sql`insert into cart_gift_cards (cart_id, gift_card_id) values (${cartId}, ${giftCardId})
        on conflict do nothing`,
    );
  }

  /** Removes the applied card whose number ends in last4; false when none does. */
  async removeGiftCard(cartId: number, last4: string): Promise<boolean> {
    const rows = await preparedRows<{ id: number }>(
      this.db,
      sql`delete from cart_gift_cards cg using gift_cards g
        where cg.cart_id = ${cartId} and g.id = cg.gift_card_id and right(g.number, 4) = ${last4}
        returning cg.gift_card_id as id`,
    );
    return rows.length > 0;
  }
}

export type AddOutcome = { id: number; quantity: number } | 'too-many-lines' | 'too-many-units';

/**
 * The add as CTEs `existing` and `up` (and `touched`): quantity is added to the article's line
 * in one statement, so concurrent adds serialise on the unique index and none is lost.
 */
function addItemCtes(
  cartId: number,
  articleId: number,
  quantity: number,
  maxQuantity: number,
  maxLines: number,
): SQL {
  return sql`existing as (
      select count(*)::int as n, coalesce(bool_or(article_id = ${articleId}), false) as has
      from cart_items where cart_id = ${cartId}
    ),
    up as (
      insert into cart_items (cart_id, article_id, quantity)
      select ${cartId}, ${articleId}, ${quantity} from existing where has or n < ${maxLines}
      on conflict (cart_id, article_id)
      do update set quantity = cart_items.quantity + excluded.quantity
        where cart_items.quantity + excluded.quantity <= ${maxQuantity}
      returning id, article_id, quantity
    ),
    touched as (
      update carts set updated_at = now()
      where id = ${cartId} and exists (select 1 from up)
    )`;
}

/**
 * The line columns for `items` (rows of id, article_id, quantity), oldest line first; with
 * `pricing` also each line's current price row as JSON (`price`, null without a price).
 */
function lineSelect(items: SQL, warehouseId: number, pricing?: LinePricing): SQL {
  const price = pricing ? sql`, row_to_json(pr) as price` : sql``;
  const priceJoin = pricing
    ? sql`left join lateral (${articlePricesQuery(sql`array[ci.article_id]`, {
        organisation: pricing.organisation,
        storeId: pricing.storeId,
        companyId: pricing.companyId,
        at: pricing.now,
        withHistory: false,
      })}) pr on true`
    : sql``;
  return sql`select ci.id, ci.article_id as "articleId", ci.quantity,
      a.title, a.options, a.availability as "articleAvailability",
      a.stock_type as "articleStockType",
      a.comparison_unit as "comparisonUnit",
      a.comparison_quantity_milli as "comparisonQuantityMilli",
      p.slug as "productSlug", p.organisation_ids as "productOrganisations", p.unit,
      p.vat_rate_bp as "vatRateBp", b.name as brand, c.name as category,
      (select pi.image_key from product_images pi where pi.product_id = p.id
        order by pi.position limit 1) as "imageKey",
      s.quantity_on_hand as "stockQuantity", s.availability as "stockAvailability",
      s.stock_type as "stockType", (s.article_id is not null) as "hasStockRow",
      g.value_ore as "giftCardValueOre"${price}
    from (${items}) ci
    join articles a on a.id = ci.article_id
    join products p on p.id = a.product_id
    left join brands b on b.id = p.brand_id
    left join categories c on c.id = p.category_id
    left join stock s on s.article_id = ci.article_id and s.warehouse_id = ${warehouseId}
    left join gift_card_articles g on g.article_id = ci.article_id
    ${priceJoin}
    order by ci.id`;
}

/** The prices of rows read with lineSelect's `pricing` (none without it). */
function pricesOf(
  rows: ReadonlyArray<{ price?: ArticlePriceRow | null }>,
  pricing: LinePricing | undefined,
): Map<number, ArticlePrice> {
  const prices = new Map<number, ArticlePrice>();
  if (!pricing) return prices;
  for (const row of rows) {
    const price = row.price ? toArticlePrice(row.price, pricing.now) : null;
    if (row.price && price) prices.set(Number(row.price.article_id), price);
  }
  return prices;
}

type GiftCardJson = { id: number; number: string; balanceOre: number; expiresAt: string };

/** The cart's applied gift cards as one JSON array (a column of a bigger statement). */
function giftCardsJson(cartId: number): SQL {
  return sql`select coalesce(json_agg(json_build_object('id', g.id, 'number', g.number,
      'balanceOre', g.balance_ore, 'expiresAt', g.expires_at) order by g.id), '[]'::json)
    from cart_gift_cards cg join gift_cards g on g.id = cg.gift_card_id
    where cg.cart_id = ${cartId}`;
}

/** A lineSelect row of a statement that answers one row even without lines (id null then). */
type LineRowOrNone = Omit<CartLineRow, 'id'> & {
  id: number | null;
  price?: ArticlePriceRow | null;
};
type WithGiftCards<T> = T & { giftCards: GiftCardJson[] };

/** Lines, prices and gift cards of rows read with `giftCardsJson` beside each line. */
function linesAndGiftCards(
  rows: ReadonlyArray<WithGiftCards<LineRowOrNone>>,
  pricing: LinePricing,
): PricedLines & { giftCards: AppliedGiftCardRow[] } {
  const lineRows = rows
    .filter((r) => r.id !== null)
    .map(({ giftCards: _giftCards, ...line }) => line) as Array<
    CartLineRow & { price?: ArticlePriceRow | null }
  >;
  return {
    lines: lineRows.map(toLine),
    prices: pricesOf(lineRows, pricing),
    giftCards: toGiftCards(rows[0]?.giftCards ?? []),
  };
}

function toGiftCards(rows: readonly GiftCardJson[] | null): AppliedGiftCardRow[] {
  return (rows ?? []).map((r) => ({
    id: Number(r.id),
    number: r.number,
    balanceOre: Number(r.balanceOre),
    expiresAt: new Date(r.expiresAt),
  }));
}

function toLine({
  price: _price,
  ...r
}: CartLineRow & { price?: ArticlePriceRow | null }): CartLineRow {
  return {
    ...r,
    id: Number(r.id),
    articleId: Number(r.articleId),
    quantity: Number(r.quantity),
    stockQuantity: r.stockQuantity === null ? null : Number(r.stockQuantity),
    giftCardValueOre: r.giftCardValueOre === null ? null : Number(r.giftCardValueOre),
  };
}
