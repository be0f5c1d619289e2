import { sql } from '@bygg/db/orm';
import { preparedRows, type Database } from '@bygg/db/client';
import type { ArticleOption } from '@bygg/db/schema/catalog';
import type { OrderAddress, OrderContact } from '@bygg/db/schema/commerce';
import type { OrganisationId } from '@bygg/contracts/common';
import { CART_COLUMNS, type CartRow } from '../cart/repository.ts';
import { intArray } from '../../../lib/sql-values.ts';

export type NewOrder = {
  publicId: string;
  organisation: OrganisationId;
  storeId: number;
  userId: number | null;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  paymentReference: string | null;
  contact: OrderContact;
  shippingType: 1 | 2;
  shippingAddress: OrderAddress | null;
  shippingOre: number;
  itemsOre: number;
  totalOre: number;
  vatOre: number;
  giftCardOre: number;
  /** The discount code's reduction of the items (already taken off totalOre). */
  discountOre: number;
  voucherId: number | null;
  voucherCode: string | null;
  toPayOre: number;
  message: string | null;
};

export type NewOrderLine = {
  position: number;
  articleId: number;
  title: string;
  brand: string | null;
  category: string | null;
  options: ArticleOption[];
  quantity: number;
  unit: string;
  priceOre: number;
  sumOre: number;
  vatOre: number;
  vatRateBp: number;
  warehouseCode: string;
  warehouseName: string;
  stockWarehouseId: number | null;
  isGiftCard: boolean;
};

export type OrderRow = NewOrder & {
  id: number;
  providerPaymentId: string | null;
  confirmationSentAt: Date | null;
  createdAt: Date;
};

export type OrderLineRow = NewOrderLine;

/** The cart an order locks: by id, or an anonymous browser's by its cookie token. */
export type CartToLock = { id: number } | { token: string; organisation: OrganisationId };

export type IdempotencyRow = { requestHash: string; orderId: number | null };

const ORDER_COLUMNS = sql`id, public_id as "publicId", organisation_id as organisation,
  store_id as "storeId", user_id as "userId", status, payment_method as "paymentMethod",
  payment_status as "paymentStatus", payment_reference as "paymentReference",
  provider_payment_id as "providerPaymentId", contact, shipping_type as "shippingType",
  shipping_address as "shippingAddress", shipping_ore as "shippingOre", items_ore as "itemsOre",
  total_ore as "totalOre", vat_ore as "vatOre", gift_card_ore as "giftCardOre",
  to_pay_ore as "toPayOre", discount_ore as "discountOre", voucher_id as "voucherId",
  voucher_code as "voucherCode", message, confirmation_sent_at as "confirmationSentAt",
  created_at as "createdAt"`;

function toOrder(row: OrderRow): OrderRow {
  return {
    ...row,
    id: Number(row.id),
    createdAt: new Date(row.createdAt),
    confirmationSentAt: row.confirmationSentAt ? new Date(row.confirmationSentAt) : null,
  };
}

/**
 * Order placement's statements. The ones that guard money and stock are single conditional
 * updates (`… where quantity_on_hand >= n`, `… where balance_ore >= amount`): the row lock
 * they take makes a racing transaction re-check the condition after this one commits.
 */
/** A bought card that still holds money, with what is needed to write to its buyer. */
export type LiveIssuedCard = {
  id: number;
  number: string;
  pinHash: string;
  /** The order's id (orderNumber() makes the number the customer knows). */
  orderNumberId: number;
  organisation: OrganisationId;
  email: string;
  firstName: string;
};

export class CheckoutRepository {
  constructor(readonly db: Database) {}

  async idempotency(scope: string, key: string): Promise<IdempotencyRow | null> {
    const [row] = await preparedRows<IdempotencyRow>(
      this.db,
      sql`select request_hash as "requestHash", order_id as "orderId"
        from idempotency_keys where scope = ${scope} and key = ${key}`,
    );
    return row
      ? { requestHash: row.requestHash, orderId: row.orderId === null ? null : Number(row.orderId) }
      : null;
  }

  /**
   * Claims the key first thing in the transaction. A concurrent request with the same key
   * waits here until this transaction ends: after a commit it gets false (and reads the
   * order), after a rollback it claims the key itself.
   */
  /**
   * Claims the idempotency key and reads and locks the cart row, in one statement. claimed is
   * false when the key is taken; cart null when the cart is gone (ordered by a parallel
   * request) or, found by its cookie token, there is none. Only the cart row is read here:
   * after waiting for its lock, the row is the newest version, but anything else this
   * statement read would be from before the wait, so the lines are read by the next statement.
   * `cart`: by id (a cart find() returned), or an anonymous browser's by its token, so the
   * checkout needs no statement of its own to find it.
   */
  async claimKeyAndLockCart(
    tx: Database,
    claim: { scope: string; key: string; requestHash: string },
    cart: CartToLock,
  ): Promise<{ claimed: boolean; cart: CartRow | null }> {
    const which =
      'id' in cart
        ? sql`id = ${cart.id}`
        : sql`token = ${cart.token} and organisation_id = ${cart.organisation} and user_id is null`;
    const [row] = await preparedRows<{ claimed: boolean; cart: CartRow | null }>(
      tx,
      sql`with k as (
          insert into idempotency_keys (scope, key, request_hash)
          values (${claim.scope}, ${claim.key}, ${claim.requestHash})
          on conflict do nothing returning key
        )
        select exists (select 1 from k) as claimed,
          (select row_to_json(c) from (select ${CART_COLUMNS} from carts
            where ${which} for update) c) as cart`,
    );
    // The cart's JSON numbers arrive as numbers: it needs no conversion.
    return { claimed: row?.claimed === true, cart: row?.cart ?? null };
  }

  /** Claims an idempotency key for an order that has no cart: false when it is taken. */
  async claimKey(
    tx: Database,
    claim: { scope: string; key: string; requestHash: string },
  ): Promise<boolean> {
    const rows = await preparedRows<{ key: string }>(
      tx,
      sql`insert into idempotency_keys (scope, key, request_hash)
        values (${claim.scope}, ${claim.key}, ${claim.requestHash})
        on conflict do nothing returning key`,
    );
    return rows.length > 0;
  }

  async stockOnHand(tx: Database, articleId: number, warehouseId: number): Promise<number> {
    const [row] = await preparedRows<{ q: number | null }>(
      tx,
      sql`select quantity_on_hand as q from stock where article_id = ${articleId} and warehouse_id = ${warehouseId}`,
    );
    return Math.max(0, Number(row?.q ?? 0));
  }

  /**
   * Spends amountOre of a gift card and answers the balance left; null when the balance is
   * no longer there or the card expired.
   */
  async spendGiftCard(
    tx: Database,
    giftCardId: number,
    amountOre: number,
    now: Date,
  ): Promise<number | null> {
    const rows = await preparedRows<{ left: number }>(
      tx,
      sql`update gift_cards set balance_ore = balance_ore - ${amountOre}
        where id = ${giftCardId} and balance_ore >= ${amountOre}
          and expires_at > ${now.toISOString()}::timestamptz
        returning balance_ore as left`,
    );
    return rows[0] ? Number(rows[0].left) : null;
  }

  /**
   * Counts one use of a discount code, only while it has uses left and is valid at `now`:
   * two orders racing for its last use cannot both get it (the row lock makes the second
   * re-check used_count after the first commits). False when it can no longer be used.
   */
  async useVoucher(tx: Database, voucherId: number, now: Date): Promise<boolean> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const rows = await preparedRows<{ id: number }>(
      tx,
      sql`update vouchers set used_count = used_count + 1
        where id = ${voucherId} and (usage_limit is null or used_count < usage_limit)
          and valid_from <= ${at} and (valid_to is null or valid_to > ${at})
        returning id`,
    );
    return rows.length > 0;
  }

  /**
   * The order, its lines and gift-card redemptions, the idempotency key's order id, the
   * removal of the cart and the stock decrement of every line, in ONE statement (one round
   * trip instead of six).
   *
   * The stock rows are locked in article order first (so two orders never deadlock), then each
   * is decremented only while enough is on hand: `taken` answers the units left per article,
   * null where there were too few (the caller then rolls the whole order back).
   */
  async writeOrder(
    tx: Database,
    order: NewOrder,
    lines: readonly NewOrderLine[],
    redemptions: ReadonlyArray<{ giftCardId: number; amountOre: number }>,
    /** cartId null: the lines were not a cart's (the trade area's quote cart). */
    finish: { scope: string; key: string; cartId: number | null },
    stock: {
      warehouseId: number;
      wanted: ReadonlyArray<{ articleId: number; quantity: number }>;
    },
  ): Promise<{ id: number; createdAt: Date; taken: Map<number, number | null> }> {
    const taken = new Map<number, number | null>(stock.wanted.map((w) => [w.articleId, null]));
    const lineRows = lines.map((l) => ({
      position: l.position,
      article_id: l.articleId,
      title: l.title,
      brand: l.brand,
      category: l.category,
      options: l.options,
      quantity: l.quantity,
      unit: l.unit,
      price_ore: l.priceOre,
      sum_ore: l.sumOre,
      vat_ore: l.vatOre,
      vat_rate_bp: l.vatRateBp,
      warehouse_code: l.warehouseCode,
      warehouse_name: l.warehouseName,
      stock_warehouse_id: l.stockWarehouseId,
      is_gift_card: l.isGiftCard ? 1 : 0,
    }));
    const redemptionRows = redemptions.map((r) => ({
      gift_card_id: r.giftCardId,
      amount_ore: r.amountOre,
    }));
    // Lines and redemptions travel as two JSON parameters, so the text is the same for every
    // order and the statement is prepared once per connection.
    const [row] = await preparedRows<{
      id: number;
      createdAt: Date | string;
      taken: Array<[number, number]>;
    }>(
      tx,
      sql`with o as (
          insert into orders (public_id, organisation_id, store_id, user_id, status, payment_method,
            payment_status, payment_reference, contact, shipping_type, shipping_address, shipping_ore,
            items_ore, total_ore, vat_ore, gift_card_ore, to_pay_ore, discount_ore, voucher_id,
            voucher_code, message)
          values (${order.publicId}, ${order.organisation}, ${order.storeId}, ${order.userId},
            ${order.status}, ${order.paymentMethod}, ${order.paymentStatus}, ${order.paymentReference},
            ${JSON.stringify(order.contact)}::jsonb, ${order.shippingType},
            ${order.shippingAddress === null ? null : JSON.stringify(order.shippingAddress)}::jsonb,
            ${order.shippingOre}, ${order.itemsOre}, ${order.totalOre}, ${order.vatOre},
            ${order.giftCardOre}, ${order.toPayOre}, ${order.discountOre}, ${order.voucherId},
            ${order.voucherCode}, ${order.message})
          returning id, created_at
        ),
        l as (
          insert into order_lines (order_id, position, article_id, title, brand, category, options,
            quantity, unit, price_ore, sum_ore, vat_ore, vat_rate_bp, warehouse_code, warehouse_name,
            stock_warehouse_id, is_gift_card)
          select o.id, x.position, x.article_id, x.title, x.brand, x.category, x.options,
            x.quantity, x.unit, x.price_ore, x.sum_ore, x.vat_ore, x.vat_rate_bp, x.warehouse_code,
            x.warehouse_name, x.stock_warehouse_id, x.is_gift_card
          from o, jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as x(position smallint,
            article_id integer, title text, brand text, category text, options jsonb,
            quantity integer, unit text, price_ore integer, sum_ore integer, vat_ore integer,
            vat_rate_bp integer, warehouse_code text, warehouse_name text,
            stock_warehouse_id integer, is_gift_card smallint)
        ),
        r as (
          insert into gift_card_redemptions (gift_card_id, order_id, amount_ore)
          select x.gift_card_id, o.id, x.amount_ore
          from o, jsonb_to_recordset(${JSON.stringify(redemptionRows)}::jsonb)
            as x(gift_card_id integer, amount_ore integer)
        ),
        k as (
          update idempotency_keys set order_id = (select id from o)
          where scope = ${finish.scope} and key = ${finish.key}
        ),
        d as (delete from carts where id = ${finish.cartId}),
        wanted as (
          select * from unnest(${intArray(stock.wanted.map((w) => w.articleId))},
            ${intArray(stock.wanted.map((w) => w.quantity))}) as w(article_id, quantity)
        ),
        locked as (
          select s.article_id from stock s
          where s.warehouse_id = ${stock.warehouseId}
            and s.article_id in (select article_id from wanted)
          order by s.article_id
          for update of s
        ),
        taken as (
          update stock set quantity_on_hand = stock.quantity_on_hand - w.quantity,
            updated_at = now()
          from wanted w
          where stock.article_id = w.article_id and stock.warehouse_id = ${stock.warehouseId}
            and stock.article_id in (select article_id from locked)
            and stock.quantity_on_hand >= w.quantity
          returning stock.article_id, stock.quantity_on_hand
        )
        select id, created_at as "createdAt",
          (select coalesce(json_agg(json_build_array(article_id, quantity_on_hand)), '[]'::json)
            from taken) as taken
        from o`,
    );
    if (!row) throw new Error('Order insert returned no row');
    for (const [articleId, left] of row.taken) taken.set(Number(articleId), Number(left));
    return { id: Number(row.id), createdAt: new Date(row.createdAt), taken };
  }

  /** Issues a bought gift card; false when the random number already exists (try another). */
  async issueGiftCard(
    tx: Database,
    card: {
      organisation: OrganisationId;
      number: string;
      pinHash: string;
      pinSealed: string;
      valueOre: number;
      expiresAt: Date;
      orderId: number;
    },
  ): Promise<boolean> {
    const rows = await preparedRows<{ id: number }>(
      tx,
      sql`insert into gift_cards (organisation_id, number, pin_hash, pin_sealed, initial_ore, balance_ore, expires_at, issued_order_id)
        values (${card.organisation}, ${card.number}, ${card.pinHash}, ${card.pinSealed}, ${card.valueOre}, ${card.valueOre},
          ${card.expiresAt.toISOString()}::timestamptz, ${card.orderId})
        on conflict (number) do nothing returning id`,
    );
    return rows.length > 0;
  }

  async orderById(id: number): Promise<OrderRow | null> {
    const [row] = await preparedRows<OrderRow>(
      this.db,
      sql`select ${ORDER_COLUMNS} from orders where id = ${id}`,
    );
    return row ? toOrder(row) : null;
  }

  async orderByPublicId(organisation: OrganisationId, publicId: string): Promise<OrderRow | null> {
    const [row] = await preparedRows<OrderRow>(
      this.db,
      sql`select ${ORDER_COLUMNS} from orders where public_id = ${publicId} and organisation_id = ${organisation}`,
    );
    return row ? toOrder(row) : null;
  }

  async lines(orderId: number): Promise<OrderLineRow[]> {
    const rows = await preparedRows<Omit<OrderLineRow, 'isGiftCard'> & { isGiftCard: number }>(
      this.db,
      sql`select position, article_id as "articleId", title, brand, category, options, quantity, unit,
          price_ore as "priceOre", sum_ore as "sumOre", vat_ore as "vatOre", vat_rate_bp as "vatRateBp",
          warehouse_code as "warehouseCode", warehouse_name as "warehouseName",
          stock_warehouse_id as "stockWarehouseId", is_gift_card as "isGiftCard"
        from order_lines where order_id = ${orderId} order by position`,
    );
    return rows.map((r) => ({
      ...r,
      articleId: Number(r.articleId),
      isGiftCard: Number(r.isGiftCard) === 1,
    }));
  }

  async redemptions(
    orderId: number,
  ): Promise<Array<{ number: string; balanceOre: number; amountOre: number }>> {
    const rows = await preparedRows<{ number: string; balanceOre: number; amountOre: number }>(
      this.db,
      sql`select g.number, g.balance_ore as "balanceOre", r.amount_ore as "amountOre"
        from gift_card_redemptions r join gift_cards g on g.id = r.gift_card_id
        where r.order_id = ${orderId} order by r.id`,
    );
    return rows.map((r) => ({
      ...r,
      balanceOre: Number(r.balanceOre),
      amountOre: Number(r.amountOre),
    }));
  }

  /** The cards an order bought; pinSealed until the confirmation carrying the PIN was sent. */
  async issuedGiftCards(
    orderId: number,
  ): Promise<Array<{ number: string; valueOre: number; pinSealed: string | null }>> {
    const rows = await preparedRows<{ number: string; valueOre: number; pinSealed: string | null }>(
      this.db,
      sql`select number, initial_ore as "valueOre", pin_sealed as "pinSealed"
        from gift_cards where issued_order_id = ${orderId} order by id`,
    );
    return rows.map((r) => ({ ...r, valueOre: Number(r.valueOre) }));
  }

  async setProviderPayment(orderId: number, providerPaymentId: string): Promise<void> {
    await this.db.execute(
      sql`update orders set provider_payment_id = ${providerPaymentId} where id = ${orderId}`,
    );
  }

  async setPaymentStatus(orderId: number, paymentStatus: string, status: string): Promise<void> {
    await this.db.execute(
      sql`update orders set payment_status = ${paymentStatus}, status = ${status} where id = ${orderId}`,
    );
  }

  /**
   * The confirmation went out: from now on only the customer has the PINs of the cards the
   * order bought (issue 15), so their sealed copies are dropped in the same statement.
   */
  async markConfirmationSent(orderId: number): Promise<void> {
    await this.db.execute(
      sql`with sent as (update orders set confirmation_sent_at = now() where id = ${orderId})
        update gift_cards set pin_sealed = null where issued_order_id = ${orderId} and pin_sealed is not null`,
    );
  }

  /**
   * Cards the shop issued that still hold money and whose PIN is no longer sealed: the ones
   * whose PIN may have been derived from the number (before migration 0013).
   */
  async liveIssuedCards(now: Date): Promise<LiveIssuedCard[]> {
    const rows = await preparedRows<LiveIssuedCard>(
      this.db,
      sql`select g.id, g.number, g.pin_hash as "pinHash", o.id as "orderNumberId",
          o.organisation_id as organisation, o.contact->>'email' as email,
          o.contact->>'first_name' as "firstName"
        from gift_cards g join orders o on o.id = g.issued_order_id
        where g.pin_sealed is null and g.balance_ore > 0
          and g.expires_at > ${now.toISOString()}::timestamptz`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id), orderNumberId: Number(r.orderNumberId) }));
  }

  /** A new PIN (hash and sealed copy), only if the card still has the old one. */
  async replacePinHash(
    id: number,
    oldHash: string,
    newHash: string,
    sealed: string,
  ): Promise<boolean> {
    const rows = await preparedRows<{ id: number }>(
      this.db,
      sql`update gift_cards set pin_hash = ${newHash}, pin_sealed = ${sealed}
        where id = ${id} and pin_hash = ${oldHash} returning id`,
    );
    return rows.length > 0;
  }

  async dropSealedPin(id: number): Promise<void> {
    await this.db.execute(sql`update gift_cards set pin_sealed = null where id = ${id}`);
  }

  /** Orders whose confirmation is still to send (a send failed): the retry sweep's work. */
  async unsentOrderIds(olderThan: Date, limit: number): Promise<number[]> {
    const rows = await preparedRows<{ id: number }>(
      this.db,
      sql`select id from orders where confirmation_sent_at is null
          and created_at < ${olderThan.toISOString()}::timestamptz
          and payment_status not in ('pending', 'failed')
        order by id limit ${limit}`,
    );
    return rows.map((r) => Number(r.id));
  }
}
