import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import type { QuoteListQuery } from '@bygg/contracts/trade/quotes';
import type { QuoteCartItem } from '@bygg/db/schema/index';
import {
  noOrVisibleProject,
  projectJson,
  projectVisible,
  type ProjectViewer,
} from './project-scope.ts';

export type QuoteRow = {
  id: number;
  number: string;
  title: string;
  note: string;
  status: string;
  validUntil: string;
  createdAt: Date;
  storeExternalId: string;
  storeName: string;
  project: { id: number; number: string; name: string } | null;
  totalOre: number;
  vatOre: number;
  lineCount: number;
  /** The order placed from the quote (trade_order_details.quote_id), if any. */
  orderId: number | null;
};

export type QuoteLineRow = {
  articleId: number;
  title: string;
  quantity: number;
  unit: string;
  unitPriceOre: number;
  vatRateBp: number;
};

export type StoredQuoteCart = { projectId: number | null; items: QuoteCartItem[] };

const QUOTE_COLUMNS = sql`q.id, q.number, q.title, q.note, q.status,
  to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil", q.created_at as "createdAt",
  s.external_id as "storeExternalId", s.name as "storeName",
  ${projectJson(sql`q.project_id`)} as project,
  coalesce((select sum(l.quantity::bigint * l.unit_price_ore) from trade_quote_lines l where l.quote_id = q.id), 0)::bigint as "totalOre",
  coalesce((select sum(round(l.quantity::numeric * l.unit_price_ore * l.vat_rate_bp / 10000)) from trade_quote_lines l where l.quote_id = q.id), 0)::bigint as "vatOre",
  (select count(*) from trade_quote_lines l where l.quote_id = q.id)::int as "lineCount",
  (select min(d.order_id) from trade_order_details d where d.quote_id = q.id) as "orderId"`;

function toQuote(row: QuoteRow): QuoteRow {
  return {
    ...row,
    id: Number(row.id),
    createdAt: new Date(row.createdAt),
    totalOre: Number(row.totalOre),
    vatOre: Number(row.vatOre),
    lineCount: Number(row.lineCount),
    orderId: row.orderId === null ? null : Number(row.orderId),
  };
}

/** Store quotes of a company, and the quote carts as last validated. */
export class QuoteRepository {
  constructor(private readonly db: Database) {}

  private scope(viewer: ProjectViewer, storeId: number): ReturnType<typeof sql> {
    // A draft (sent_at null) is the store staff's until they send it (issue 20).
    return sql`q.company_id = ${viewer.companyId} and q.store_id = ${storeId}
      and q.sent_at is not null and ${noOrVisibleProject(sql`q.project_id`, viewer)}`;
  }

  async page(
    viewer: ProjectViewer,
    storeId: number,
    query: QuoteListQuery,
  ): Promise<{ rows: QuoteRow[]; count: number }> {
    const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = sql`${this.scope(viewer, storeId)}
      ${query.project_id ? sql`and q.project_id = ${query.project_id}` : sql``}
      ${search ? sql`and (q.number ilike ${search} or q.title ilike ${search})` : sql``}`;
    const [rows, [total]] = await Promise.all([
      queryRows<QuoteRow>(
        this.db,
        sql`select ${QUOTE_COLUMNS} from trade_quotes q join stores s on s.id = q.store_id
          where ${where} order by q.created_at desc, q.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from trade_quotes q where ${where}`,
      ),
    ]);
    return { rows: rows.map(toQuote), count: Number(total?.n ?? 0) };
  }

  async byId(viewer: ProjectViewer, storeId: number, id: number): Promise<QuoteRow | null> {
    const [row] = await queryRows<QuoteRow>(
      this.db,
      sql`select ${QUOTE_COLUMNS} from trade_quotes q join stores s on s.id = q.store_id
        where q.id = ${id} and ${this.scope(viewer, storeId)}`,
    );
    return row ? toQuote(row) : null;
  }

  async lines(quoteId: number): Promise<QuoteLineRow[]> {
    const rows = await queryRows<QuoteLineRow>(
      this.db,
      sql`select article_id as "articleId", title, quantity, unit,
          unit_price_ore as "unitPriceOre", vat_rate_bp as "vatRateBp"
        from trade_quote_lines where quote_id = ${quoteId} order by position`,
    );
    return rows.map((r) => ({ ...r, articleId: Number(r.articleId) }));
  }

  /** The project exists, is the company's and the viewer may see it. */
  async projectVisible(viewer: ProjectViewer, projectId: number): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(
      this.db,
      sql`select ${projectVisible(sql`${projectId}::int`, viewer)} as ok`,
    );
    return row?.ok === true;
  }

  async saveCart(userId: number, storeId: number, cart: StoredQuoteCart, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into trade_quote_carts (user_id, store_id, project_id, items, updated_at)
        values (${userId}, ${storeId}, ${cart.projectId}, ${JSON.stringify(cart.items)}::jsonb,
          ${now.toISOString()}::timestamptz)
        on conflict (user_id, store_id) do update set project_id = excluded.project_id,
          items = excluded.items, updated_at = excluded.updated_at`,
    );
  }

  async cart(userId: number, storeId: number): Promise<StoredQuoteCart | null> {
    const [row] = await queryRows<{ projectId: number | null; items: QuoteCartItem[] }>(
      this.db,
      sql`select project_id as "projectId", items from trade_quote_carts
        where user_id = ${userId} and store_id = ${storeId}`,
    );
    return row
      ? { projectId: row.projectId === null ? null : Number(row.projectId), items: row.items }
      : null;
  }

  /**
   * In the order's transaction: the quote becomes ordered, with the order kept in
   * trade_order_details (order, project, quote). False when it was no longer open (a
   * parallel order of the same quote won): the caller rolls back.
   */
  async markOrdered(
    tx: Database,
    quoteId: number,
    order: { orderId: number; projectId: number },
  ): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update trade_quotes set status = 'ordered' where id = ${quoteId} and status = 'open'
        returning id`,
    );
    if (rows.length === 0) return false;
    await tx.execute(
      sql`insert into trade_order_details (order_id, project_id, quote_id)
        values (${order.orderId}, ${order.projectId}, ${quoteId})
        on conflict (order_id) do update set quote_id = excluded.quote_id`,
    );
    return true;
  }

  /** The ordered cart is gone (in the order's transaction). */
  async dropCart(tx: Database, userId: number, storeId: number): Promise<void> {
    await tx.execute(
      sql`delete from trade_quote_carts where user_id = ${userId} and store_id = ${storeId}`,
    );
  }
}
