import { queryRows, type Database } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import type {
  StaffOrderListQuery,
  StaffQuoteBody,
  StaffQuoteListQuery,
} from '@bygg/contracts/trade/staff';
import { ORDER_COLUMNS, ORDER_FROM, toOrderRow, type OrderListRow } from '../orders/repository.ts';
import { projectJson } from '../quotes/project-scope.ts';

/** Escapes a search for ilike. */
function like(search: string | undefined): string | null {
  return search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

export type StaffCustomerRow = {
  id: number;
  name: string;
  customerNumber: string;
  projects: Array<{ id: number; number: string; name: string }>;
};

export type StaffQuoteRow = {
  id: number;
  number: string;
  title: string;
  note: string;
  status: string;
  validUntil: string;
  createdAt: Date;
  sentAt: Date | null;
  createdBy: string | null;
  company: { id: number; name: string };
  project: { id: number; number: string; name: string } | null;
  totalOre: number;
  vatOre: number;
  lineCount: number;
};

export type StaffQuoteLineRow = {
  articleId: number;
  title: string;
  quantity: number;
  unit: string;
  unitPriceOre: number;
  vatRateBp: number;
};

export type NewQuoteLine = StaffQuoteLineRow;

export type StaffOrderRow = OrderListRow & { company: { id: number; name: string } };

const QUOTE_COLUMNS = sql`q.id, q.number, q.title, q.note, q.status,
  to_char(q.valid_until, 'YYYY-MM-DD') as "validUntil", q.created_at as "createdAt",
  q.sent_at as "sentAt", cu.name as "createdBy",
  json_build_object('id', c.id, 'name', c.name) as company,
  ${projectJson(sql`q.project_id`)} as project,
  coalesce((select sum(l.quantity::bigint * l.unit_price_ore) from trade_quote_lines l where l.quote_id = q.id), 0)::bigint as "totalOre",
  coalesce((select sum(round(l.quantity::numeric * l.unit_price_ore * l.vat_rate_bp / 10000)) from trade_quote_lines l where l.quote_id = q.id), 0)::bigint as "vatOre",
  (select count(*) from trade_quote_lines l where l.quote_id = q.id)::int as "lineCount"`;

const QUOTE_FROM = sql`trade_quotes q
  join trade_companies c on c.id = q.company_id
  left join trade_users cu on cu.id = q.created_by_user_id`;

function toQuote(row: StaffQuoteRow): StaffQuoteRow {
  return {
    ...row,
    id: Number(row.id),
    createdAt: new Date(row.createdAt),
    sentAt: row.sentAt === null ? null : new Date(row.sentAt),
    totalOre: Number(row.totalOre),
    vatOre: Number(row.vatOre),
    lineCount: Number(row.lineCount),
  };
}

/**
 * What the store's staff see (issue 20): only the companies with a customer account in their
 * store, and only those companies' quotes and orders in that store. Every query is scoped by
 * the store id the guard resolved; an id of another store is simply not found (404).
 */
export class StaffRepository {
  constructor(readonly db: Database) {}

  async customers(storeId: number, search: string | undefined): Promise<StaffCustomerRow[]> {
    const pattern = like(search);
    const rows = await queryRows<StaffCustomerRow>(
      this.db,
      sql`select c.id, c.name, sc.customer_number as "customerNumber",
          coalesce((select json_agg(json_build_object('id', p.id, 'number', p.number, 'name', p.name)
              order by p.name, p.id)
            from trade_projects p where p.company_id = c.id and p.store_id = ${storeId}), '[]'::json) as projects
        from store_customers sc join trade_companies c on c.id = sc.company_id
        where sc.store_id = ${storeId}
          ${pattern ? sql`and (c.name ilike ${pattern} or sc.customer_number ilike ${pattern})` : sql``}
        order by c.name, c.id limit 200`,
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /** The company has a customer account in the store. */
  async isCustomer(storeId: number, companyId: number): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(
      this.db,
      sql`select exists (select 1 from store_customers
        where store_id = ${storeId} and company_id = ${companyId}) as ok`,
    );
    return row?.ok === true;
  }

  /** The project is the company's, in this store. */
  async isProjectOf(storeId: number, companyId: number, projectId: number): Promise<boolean> {
    const [row] = await queryRows<{ ok: boolean }>(
      this.db,
      sql`select exists (select 1 from trade_projects
        where id = ${projectId} and company_id = ${companyId} and store_id = ${storeId}) as ok`,
    );
    return row?.ok === true;
  }

  /** The organisation's sold articles whose title or article number matches, at most 20. */
  async searchArticles(organisation: string, search: string): Promise<number[]> {
    const pattern = like(search) ?? '%';
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`select a.id from articles a join products p on p.id = a.product_id
        where ${organisation} = any(p.organisation_ids)
          and (a.title ilike ${pattern} or ${search} = any(a.erp_article_numbers))
        order by (a.title ilike ${`${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) desc, a.title, a.id
        limit 20`,
    );
    return rows.map((r) => Number(r.id));
  }

  private quoteWhere(storeId: number, query: Partial<StaffQuoteListQuery>): SQL {
    const pattern = like(query.search);
    return sql`q.store_id = ${storeId}
      and exists (select 1 from store_customers sc where sc.store_id = q.store_id and sc.company_id = q.company_id)
      ${query.company_id ? sql`and q.company_id = ${query.company_id}` : sql``}
      ${query.status === 'draft' ? sql`and q.sent_at is null` : sql``}
      ${query.status === 'sent' ? sql`and q.sent_at is not null` : sql``}
      ${pattern ? sql`and (q.number ilike ${pattern} or q.title ilike ${pattern} or c.name ilike ${pattern})` : sql``}`;
  }

  async quotePage(
    storeId: number,
    query: StaffQuoteListQuery,
  ): Promise<{ rows: StaffQuoteRow[]; count: number }> {
    const where = this.quoteWhere(storeId, query);
    const [rows, [total]] = await Promise.all([
      queryRows<StaffQuoteRow>(
        this.db,
        sql`select ${QUOTE_COLUMNS} from ${QUOTE_FROM} where ${where}
          order by (q.sent_at is null) desc, q.created_at desc, q.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from ${QUOTE_FROM} where ${where}`,
      ),
    ]);
    return { rows: rows.map(toQuote), count: Number(total?.n ?? 0) };
  }

  async quote(storeId: number, id: number, tx: Database = this.db): Promise<StaffQuoteRow | null> {
    const [row] = await queryRows<StaffQuoteRow>(
      tx,
      sql`select ${QUOTE_COLUMNS} from ${QUOTE_FROM}
        where q.id = ${id} and ${this.quoteWhere(storeId, {})}`,
    );
    return row ? toQuote(row) : null;
  }

  async quoteLines(quoteId: number): Promise<StaffQuoteLineRow[]> {
    const rows = await queryRows<StaffQuoteLineRow>(
      this.db,
      sql`select article_id as "articleId", title, quantity, unit,
          unit_price_ore as "unitPriceOre", vat_rate_bp as "vatRateBp"
        from trade_quote_lines where quote_id = ${quoteId} order by position`,
    );
    return rows.map((r) => ({ ...r, articleId: Number(r.articleId) }));
  }

  /** A new draft with its lines; its number "O-" and 100000 + its id. */
  async createDraft(
    input: {
      organisationId: string;
      storeId: number;
      userId: number;
      body: StaffQuoteBody;
      lines: NewQuoteLine[];
    },
    now: Date,
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [next] = await queryRows<{ id: number }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('trade_quotes', 'id'))::int as id`,
      );
      const id = Number(next?.id);
      await tx.execute(
        sql`insert into trade_quotes (id, organisation_id, number, company_id, store_id, project_id,
            title, note, status, valid_until, created_at, created_by_user_id)
          values (${id}, ${input.organisationId}, ${`O-${100000 + id}`}, ${input.body.company_id},
            ${input.storeId}, ${input.body.project_id ?? null}, ${input.body.title},
            ${input.body.note}, 'open', ${input.body.valid_until}::date,
            ${now.toISOString()}::timestamptz, ${input.userId})`,
      );
      await this.insertLines(tx, id, input.lines);
      return id;
    });
  }

  /** Rewrites a draft (false: it is not a draft of the store any more). */
  async updateDraft(
    storeId: number,
    id: number,
    body: StaffQuoteBody,
    lines: NewQuoteLine[],
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`update trade_quotes set company_id = ${body.company_id},
            project_id = ${body.project_id ?? null}, title = ${body.title}, note = ${body.note},
            valid_until = ${body.valid_until}::date
          where id = ${id} and store_id = ${storeId} and sent_at is null
          returning id`,
      );
      if (!row) return false;
      await tx.execute(sql`delete from trade_quote_lines where quote_id = ${id}`);
      await this.insertLines(tx, id, lines);
      return true;
    });
  }

  async deleteDraft(storeId: number, id: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`delete from trade_quotes where id = ${id} and store_id = ${storeId} and sent_at is null
        returning id`,
    );
    return rows.length > 0;
  }

  /** Marks a draft sent (in the sending transaction); false when it was not a draft. */
  async markSent(tx: Database, storeId: number, id: number, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update trade_quotes set sent_at = ${now.toISOString()}::timestamptz
        where id = ${id} and store_id = ${storeId} and sent_at is null returning id`,
    );
    return rows.length > 0;
  }

  private async insertLines(tx: Database, quoteId: number, lines: NewQuoteLine[]): Promise<void> {
    for (const [position, line] of lines.entries()) {
      await tx.execute(
        sql`insert into trade_quote_lines (quote_id, position, article_id, title, quantity, unit,
            unit_price_ore, vat_rate_bp)
          values (${quoteId}, ${position}, ${line.articleId}, ${line.title}, ${line.quantity},
            ${line.unit}, ${line.unitPriceOre}, ${line.vatRateBp})`,
      );
    }
  }

  /**
   * The company's active users who may see the quote in the store: customers of the company
   * whose stores include it, not limited to another region, administrators or with the offers
   * right, and for a project's quote administrators or the project's users.
   */
  async quoteReaders(
    tx: Database,
    quote: { companyId: number; storeId: number; projectId: number | null },
  ): Promise<Array<{ id: number; email: string }>> {
    const rows = await queryRows<{ id: number; email: string }>(
      tx,
      sql`select u.id, u.username as email from trade_users u join stores s on s.id = ${quote.storeId}
        where u.company_id = ${quote.companyId} and u.kind = 'customer' and u.is_active
          and (u.region_id is null or u.region_id = s.region_id)
          and (not exists (select 1 from trade_user_stores us where us.user_id = u.id)
            or exists (select 1 from trade_user_stores us where us.user_id = u.id and us.store_id = s.id))
          and (u.role = 'admin' or u.may_offers)
          ${
            quote.projectId === null
              ? sql``
              : sql`and (u.role = 'admin' or exists (select 1 from trade_project_users pu
                  where pu.project_id = ${quote.projectId} and pu.user_id = u.id))`
          }
        order by u.id`,
    );
    return rows.map((r) => ({ id: Number(r.id), email: r.email }));
  }

  private orderWhere(storeId: number, filter: Partial<StaffOrderListQuery>): SQL {
    const pattern = like(filter.search);
    return sql`o.store_id = ${storeId}
      and exists (select 1 from store_customers sc where sc.store_id = o.store_id and sc.company_id = u.company_id)
      ${filter.company_id ? sql`and u.company_id = ${filter.company_id}` : sql``}
      ${
        pattern
          ? sql`and ('W' || (100000 + o.id)::text ilike ${pattern}
              or coalesce(o.payment_reference, '') ilike ${pattern}
              or sc_c.name ilike ${pattern}
              or exists (select 1 from order_lines sl where sl.order_id = o.id and sl.title ilike ${pattern}))`
          : sql``
      }`;
  }

  async orderPage(
    storeId: number,
    query: StaffOrderListQuery,
  ): Promise<{ rows: StaffOrderRow[]; count: number }> {
    const where = this.orderWhere(storeId, query);
    const from = sql`${ORDER_FROM} join trade_companies sc_c on sc_c.id = u.company_id`;
    const [rows, [total]] = await Promise.all([
      queryRows<StaffOrderRow>(
        this.db,
        sql`select ${ORDER_COLUMNS}, json_build_object('id', sc_c.id, 'name', sc_c.name) as company
          from ${from} where ${where}
          order by o.created_at desc, o.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from ${from} where ${where}`),
    ]);
    return {
      rows: rows.map((r) => ({ ...toOrderRow(r), company: r.company })),
      count: Number(total?.n ?? 0),
    };
  }

  async order(storeId: number, id: number): Promise<StaffOrderRow | null> {
    const [row] = await queryRows<StaffOrderRow>(
      this.db,
      sql`select ${ORDER_COLUMNS}, json_build_object('id', sc_c.id, 'name', sc_c.name) as company
        from ${ORDER_FROM} join trade_companies sc_c on sc_c.id = u.company_id
        where o.id = ${id} and ${this.orderWhere(storeId, {})}`,
    );
    return row ? { ...toOrderRow(row), company: row.company } : null;
  }
}
