import { queryRows, type Database } from '@bygg/db/client';
import { sql, type SQL } from '@bygg/db/orm';
import type { StaffInvoiceListQuery } from '@bygg/contracts/trade/payments';

/** An invoice of the store as the staff's payments pages need it. */
export type PaymentInvoiceRow = {
  id: number;
  number: string;
  ocr: string;
  companyId: number;
  companyName: string;
  orderId: number | null;
  issuedOn: string;
  dueOn: string;
  status: string;
  totalOre: number;
  paidOre: number;
};

export type NewPayment = {
  organisationId: string;
  invoiceId: number;
  amountOre: number;
  paidOn: string;
  source: 'bgmax' | 'manual';
  reference: string;
  bgcSerial: string | null;
  registeredBy: number;
};

const COLUMNS = sql`i.id, i.number, i.ocr, i.company_id as "companyId", c.name as "companyName",
  i.order_id as "orderId", i.issued_on::text as "issuedOn", i.due_on::text as "dueOn", i.status,
  i.total_ore as "totalOre", i.paid_ore as "paidOre"`;
const FROM = sql`trade_invoices i join trade_companies c on c.id = i.company_id`;

function toRow(row: PaymentInvoiceRow): PaymentInvoiceRow {
  return {
    ...row,
    id: Number(row.id),
    companyId: Number(row.companyId),
    orderId: row.orderId === null ? null : Number(row.orderId),
    totalOre: Number(row.totalOre),
    paidOre: Number(row.paidOre),
  };
}

/**
 * The store's invoices and their payments (ADR 055). A payment and the invoice's paid amount
 * and status change together in one transaction, with the invoice row locked, so two payments
 * of one invoice at the same moment add up and cannot both see it open.
 */
export class PaymentRepository {
  constructor(readonly db: Database) {}

  private where(storeId: number, query: StaffInvoiceListQuery, today: string): SQL {
    const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const status = {
      open: sql`and i.status = 'unpaid'`,
      overdue: sql`and i.status = 'unpaid' and i.due_on < ${today}::date`,
      paid: sql`and i.status = 'paid'`,
      credited: sql`and i.status = 'credited'`,
    };
    return sql`i.store_id = ${storeId}
      ${query.company_id ? sql`and i.company_id = ${query.company_id}` : sql``}
      ${query.status ? status[query.status] : sql``}
      ${pattern ? sql`and (i.number ilike ${pattern} or i.ocr ilike ${pattern} or c.name ilike ${pattern})` : sql``}`;
  }

  /** A page of the store's invoices (open ones by due date first), the count and what is open. */
  async page(
    storeId: number,
    query: StaffInvoiceListQuery,
    today: string,
  ): Promise<{ rows: PaymentInvoiceRow[]; count: number; openOre: number }> {
    const where = this.where(storeId, query, today);
    const [rows, [total]] = await Promise.all([
      queryRows<PaymentInvoiceRow>(
        this.db,
        sql`select ${COLUMNS} from ${FROM} where ${where}
          order by (i.status = 'unpaid') desc,
                   case when i.status = 'unpaid' then i.due_on end asc,
                   i.issued_on desc, i.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number; open: number }>(
        this.db,
        sql`select count(*)::int as n,
              coalesce(sum(case when i.status = 'unpaid' then greatest(i.total_ore - i.paid_ore, 0) end), 0)::bigint as open
            from ${FROM} where ${where}`,
      ),
    ]);
    return {
      rows: rows.map(toRow),
      count: Number(total?.n ?? 0),
      openOre: Number(total?.open ?? 0),
    };
  }

  /** The store's invoice by number or by OCR reference, locked until the transaction ends. */
  async lockInvoice(
    tx: Database,
    storeId: number,
    by: { number: string } | { ocr: string },
  ): Promise<PaymentInvoiceRow | null> {
    const match = 'number' in by ? sql`i.number = ${by.number}` : sql`i.ocr = ${by.ocr}`;
    const [row] = await queryRows<PaymentInvoiceRow>(
      tx,
      sql`select ${COLUMNS} from ${FROM} where i.store_id = ${storeId} and ${match}
          for update of i`,
    );
    return row ? toRow(row) : null;
  }

  /** True when a BgMax payment with this serial number and date is already booked. */
  async hasBgMaxPayment(
    tx: Database,
    organisationId: string,
    serial: string,
    paidOn: string,
  ): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from trade_invoice_payments
          where organisation_id = ${organisationId} and bgc_serial = ${serial} and paid_on = ${paidOn}::date`,
    );
    return rows.length > 0;
  }

  /**
   * Books a payment and adds it to the invoice (paid once the payments reach the total).
   * Returns the invoice as it now is, or null when a BgMax payment with the same serial
   * number was booked first (by another import of the same file).
   */
  async book(tx: Database, payment: NewPayment): Promise<PaymentInvoiceRow | null> {
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`insert into trade_invoice_payments
            (organisation_id, invoice_id, amount_ore, paid_on, source, reference, bgc_serial, registered_by)
          values (${payment.organisationId}, ${payment.invoiceId}, ${payment.amountOre},
                  ${payment.paidOn}::date, ${payment.source}, ${payment.reference},
                  ${payment.bgcSerial}, ${payment.registeredBy})
          on conflict do nothing
          returning id`,
    );
    if (inserted.length === 0) return null;
    const [row] = await queryRows<PaymentInvoiceRow>(
      tx,
      sql`with updated as (
            update trade_invoices
               set paid_ore = paid_ore + ${payment.amountOre},
                   status = case when paid_ore + ${payment.amountOre} >= total_ore then 'paid' else status end
             where id = ${payment.invoiceId}
            returning *)
          select ${COLUMNS} from updated i join trade_companies c on c.id = i.company_id`,
    );
    return row ? toRow(row) : null;
  }
}
