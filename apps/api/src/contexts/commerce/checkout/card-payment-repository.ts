import { sql } from '@bygg/db/orm';
import { queryRows, type Database } from '@bygg/db/client';

/** What a card order's payment needs to know about the order. */
export type CardOrderRow = {
  id: number;
  publicId: string;
  paymentMethod: string;
  paymentStatus: string;
  status: string;
  providerPaymentId: string | null;
};

const CARD_ORDER_COLUMNS = sql`id, public_id as "publicId", payment_method as "paymentMethod",
  payment_status as "paymentStatus", status, provider_payment_id as "providerPaymentId"`;

function toRow(row: CardOrderRow): CardOrderRow {
  return { ...row, id: Number(row.id) };
}

/**
 * The statements that end a card order's payment (issue 5). Each transition is a conditional
 * update `… where payment_status = 'pending'`, so the webhook, a repeated webhook and the
 * receipt's own status check can race and only one of them applies it.
 */
export class CardPaymentRepository {
  constructor(readonly db: Database) {}

  /**
   * Records a webhook event first thing in its transaction; false when it was recorded
   * before (a repeated delivery), or is being recorded by a parallel delivery right now,
   * which then waits here on the primary key until that one commits.
   */
  async recordEvent(
    tx: Database,
    event: { provider: string; id: string; type: string; orderId: number | null },
  ): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`insert into payment_events (provider, event_id, type, order_id)
        values (${event.provider}, ${event.id}, ${event.type}, ${event.orderId})
        on conflict do nothing returning event_id as id`,
    );
    return rows.length > 0;
  }

  /** The order a payment event is about: by our id in its metadata, else by the payment id. */
  async findOrder(
    tx: Database,
    orderPublicId: string | null,
    providerPaymentId: string | null,
  ): Promise<CardOrderRow | null> {
    if (orderPublicId) {
      const [row] = await queryRows<CardOrderRow>(
        tx,
        sql`select ${CARD_ORDER_COLUMNS} from orders where public_id = ${orderPublicId}`,
      );
      if (row) return toRow(row);
    }
    if (providerPaymentId) {
      const [row] = await queryRows<CardOrderRow>(
        tx,
        sql`select ${CARD_ORDER_COLUMNS} from orders where provider_payment_id = ${providerPaymentId}
          and payment_method = 'card' order by id limit 1`,
      );
      if (row) return toRow(row);
    }
    return null;
  }

  /** pending → paid; false when the payment had already ended (paid, or cancelled). */
  async markPaid(tx: Database, orderId: number, providerPaymentId: string | null) {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update orders set payment_status = 'paid', status = 'paid',
          provider_payment_id = coalesce(provider_payment_id, ${providerPaymentId})
        where id = ${orderId} and payment_method = 'card' and payment_status = 'pending'
        returning id`,
    );
    return rows.length > 0;
  }

  /**
   * pending → failed and the order cancelled, with what it held given back in the same
   * transaction: the stock it took (line by line in article order, the order checkout takes
   * stock in, so the two never deadlock), the gift-card money it spent (its redemptions are
   * removed), and gift cards it issued are voided. False when the payment had already ended.
   */
  async cancelUnpaid(tx: Database, orderId: number): Promise<boolean> {
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update orders set payment_status = 'failed', status = 'cancelled'
        where id = ${orderId} and payment_method = 'card' and payment_status = 'pending'
        returning id`,
    );
    if (updated.length === 0) return false;
    const lines = await queryRows<{ articleId: number; warehouseId: number; quantity: number }>(
      tx,
      sql`select article_id as "articleId", stock_warehouse_id as "warehouseId",
          sum(quantity)::int as quantity
        from order_lines where order_id = ${orderId} and stock_warehouse_id is not null
        group by article_id, stock_warehouse_id order by article_id, stock_warehouse_id`,
    );
    for (const line of lines) {
      await tx.execute(
        sql`update stock set quantity_on_hand = quantity_on_hand + ${Number(line.quantity)},
            updated_at = now()
          where article_id = ${Number(line.articleId)} and warehouse_id = ${Number(line.warehouseId)}`,
      );
    }
    await tx.execute(
      sql`update gift_cards g set balance_ore = g.balance_ore + r.amount_ore
        from (select gift_card_id, sum(amount_ore)::int as amount_ore from gift_card_redemptions
              where order_id = ${orderId} group by gift_card_id) r
        where g.id = r.gift_card_id`,
    );
    await tx.execute(sql`delete from gift_card_redemptions where order_id = ${orderId}`);
    await tx.execute(sql`update gift_cards set balance_ore = 0 where issued_order_id = ${orderId}`);
    return true;
  }

  /** Card orders waiting for payment since before `olderThan` (the expiry sweep's work). */
  async staleUnpaid(olderThan: Date, limit: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`select id from orders where payment_method = 'card' and payment_status = 'pending'
          and created_at < ${olderThan.toISOString()}::timestamptz
        order by id limit ${limit}`,
    );
    return rows.map((r) => Number(r.id));
  }
}
