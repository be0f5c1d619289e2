import { queryRows, type Database } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import type { OrderListQuery } from '@bygg/contracts/trade/orders';
import { noOrVisibleProject, projectJson, type ProjectViewer } from '../quotes/project-scope.ts';

export type OrderListRow = {
  id: number;
  storeExternalId: string;
  storeName: string;
  project: { id: number; number: string; name: string } | null;
  quoteId: number | null;
  status: string;
  shippingType: number;
  createdAt: Date;
  placedBy: string | null;
  totalOre: number;
  vatOre: number;
  shippingOre: number;
  lineCount: number;
  paymentMethod: string;
  paymentReference: string | null;
  shippingAddress: { street: string; postcode: string; city: string } | null;
};

export type OrderLine = {
  articleId: number;
  title: string;
  quantity: number;
  unit: string;
  priceOre: number;
  sumOre: number;
  vatRateBp: number;
  warehouseName: string;
};

export type OrderFilter = { projectId?: number | undefined; search?: string | undefined };

export const ORDER_COLUMNS = sql`o.id, s.external_id as "storeExternalId", s.name as "storeName",
  ${projectJson(sql`d.project_id`)} as project, d.quote_id as "quoteId", o.status,
  o.shipping_type as "shippingType", o.created_at as "createdAt", u.name as "placedBy",
  o.total_ore as "totalOre", o.vat_ore as "vatOre", o.shipping_ore as "shippingOre",
  (select count(*) from order_lines ol where ol.order_id = o.id)::int as "lineCount",
  o.payment_method as "paymentMethod", o.payment_reference as "paymentReference",
  o.shipping_address as "shippingAddress"`;

export const ORDER_FROM = sql`orders o
  join trade_users u on u.id = o.user_id
  join stores s on s.id = o.store_id
  left join trade_order_details d on d.order_id = o.id`;

export function toOrderRow(row: OrderListRow): OrderListRow {
  return {
    ...row,
    id: Number(row.id),
    quoteId: row.quoteId === null ? null : Number(row.quoteId),
    createdAt: new Date(row.createdAt),
    totalOre: Number(row.totalOre),
    vatOre: Number(row.vatOre),
    shippingOre: Number(row.shippingOre),
    lineCount: Number(row.lineCount),
    shippingType: Number(row.shippingType),
  };
}

/**
 * A trade company's orders: every order of one of its users in the store (the quote cart's
 * and the storefront's alike), never one of a project the viewer may not see.
 */
export class TradeOrderRepository {
  constructor(private readonly db: Database) {}

  private where(viewer: ProjectViewer, storeId: number, filter: OrderFilter): SQL {
    const search = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return sql`u.company_id = ${viewer.companyId} and o.store_id = ${storeId}
      and ${noOrVisibleProject(sql`d.project_id`, viewer)}
      ${filter.projectId ? sql`and d.project_id = ${filter.projectId}` : sql``}
      ${
        search
          ? sql`and ('W' || (100000 + o.id)::text ilike ${search}
              or coalesce(o.payment_reference, '') ilike ${search}
              or exists (select 1 from order_lines sl where sl.order_id = o.id and sl.title ilike ${search}))`
          : sql``
      }`;
  }

  async page(
    viewer: ProjectViewer,
    storeId: number,
    query: OrderListQuery,
  ): Promise<{ rows: OrderListRow[]; count: number }> {
    const where = this.where(viewer, storeId, {
      projectId: query.project_id,
      search: query.search,
    });
    const [rows, [total]] = await Promise.all([
      queryRows<OrderListRow>(
        this.db,
        sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where ${where}
          order by o.created_at desc, o.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from ${ORDER_FROM} where ${where}`,
      ),
    ]);
    return { rows: rows.map(toOrderRow), count: Number(total?.n ?? 0) };
  }

  /** Every matching order (the export), newest first, at most `limit`. */
  async all(
    viewer: ProjectViewer,
    storeId: number,
    filter: OrderFilter,
    limit: number,
  ): Promise<OrderListRow[]> {
    const rows = await queryRows<OrderListRow>(
      this.db,
      sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where ${this.where(viewer, storeId, filter)}
        order by o.created_at desc, o.id desc limit ${limit}`,
    );
    return rows.map(toOrderRow);
  }

  async byId(viewer: ProjectViewer, storeId: number, id: number): Promise<OrderListRow | null> {
    const [row] = await queryRows<OrderListRow>(
      this.db,
      sql`select ${ORDER_COLUMNS} from ${ORDER_FROM} where o.id = ${id} and ${this.where(viewer, storeId, {})}`,
    );
    return row ? toOrderRow(row) : null;
  }

  async lines(orderId: number): Promise<OrderLine[]> {
    const rows = await queryRows<OrderLine>(
      this.db,
      sql`select article_id as "articleId", title, quantity, unit, price_ore as "priceOre",
          sum_ore as "sumOre", vat_rate_bp as "vatRateBp", warehouse_name as "warehouseName"
        from order_lines where order_id = ${orderId} order by position`,
    );
    return rows.map((r) => ({ ...r, articleId: Number(r.articleId) }));
  }

  async invoices(
    orderId: number,
  ): Promise<Array<{ number: string; dueOn: string; totalOre: number }>> {
    const rows = await queryRows<{ number: string; dueOn: string; totalOre: number }>(
      this.db,
      sql`select number, to_char(due_on, 'YYYY-MM-DD') as "dueOn", total_ore as "totalOre"
        from trade_invoices where order_id = ${orderId} order by id`,
    );
    return rows.map((r) => ({ ...r, totalOre: Number(r.totalOre) }));
  }

  /**
   * Whether the user may order for the project: one of their company in the store, and they
   * an administrator or among its users (in the order's transaction).
   */
  async projectOrderable(
    tx: Database,
    order: { userId: number; companyId: number; storeId: number; projectId: number },
  ): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select exists (select 1 from trade_projects p join trade_users u on u.id = ${order.userId}
        where p.id = ${order.projectId} and p.company_id = ${order.companyId}
          and u.company_id = p.company_id and p.store_id = ${order.storeId}
          and (u.role = 'admin' or exists (select 1 from trade_project_users pu
            where pu.project_id = p.id and pu.user_id = u.id))) as ok`,
    );
    return row?.ok === true;
  }

  /** The trade area's facts of a new order (in its transaction). */
  async saveDetails(
    tx: Database,
    orderId: number,
    details: { projectId: number | null; quoteId: number | null },
  ): Promise<void> {
    await tx.execute(
      sql`insert into trade_order_details (order_id, project_id, quote_id)
        values (${orderId}, ${details.projectId}, ${details.quoteId})
        on conflict (order_id) do update set project_id = excluded.project_id,
          quote_id = coalesce(excluded.quote_id, trade_order_details.quote_id)`,
    );
  }

  /** The name, e-mail and company the order is placed in the name of. */
  async buyer(
    userId: number,
  ): Promise<{ name: string; email: string; phone: string | null; companyName: string } | null> {
    const [row] = await queryRows<{
      name: string;
      email: string;
      phone: string | null;
      companyName: string;
    }>(
      this.db,
      sql`select u.name, u.username as email, u.phone, c.name as "companyName"
        from trade_users u join trade_companies c on c.id = u.company_id where u.id = ${userId}`,
    );
    return row ?? null;
  }
}
