import { queryRows, type Database } from '@bygg/db/client';
import { and, asc, desc, eq, gte, lte, sql, type SQL } from '@bygg/db/orm';
import {
  storeCustomers,
  stores,
  tradeCompanies,
  tradeInvoiceLines,
  tradeInvoices,
  type InvoiceVatRow,
  type TradeAddress,
} from '@bygg/db/schema/index';
import type { InvoiceListQuery, InvoiceStatus } from '@bygg/contracts/trade/invoices';

export type InvoiceRow = {
  id: number;
  organisationId: string;
  number: string;
  companyId: number;
  storeId: number;
  storeExternalId: string;
  storeName: string;
  orderId: number | null;
  projectId: number | null;
  issuedOn: string;
  dueOn: string;
  status: string;
  netOre: number;
  vatOre: number;
  totalOre: number;
  vat: InvoiceVatRow[];
  ocr: string;
  invoiceAddress: TradeAddress;
  paidOre: number;
};

export type InvoiceLineRow = {
  position: number;
  articleId: number | null;
  title: string;
  quantity: number;
  unit: string;
  unitPriceOre: number;
  sumOre: number;
  vatRateBp: number;
};

export type NewInvoice = Omit<
  InvoiceRow,
  'id' | 'storeExternalId' | 'storeName' | 'number' | 'ocr' | 'paidOre'
>;

const columns = {
  id: tradeInvoices.id,
  organisationId: tradeInvoices.organisationId,
  number: tradeInvoices.number,
  companyId: tradeInvoices.companyId,
  storeId: tradeInvoices.storeId,
  storeExternalId: stores.externalId,
  storeName: stores.name,
  orderId: tradeInvoices.orderId,
  projectId: tradeInvoices.projectId,
  issuedOn: tradeInvoices.issuedOn,
  dueOn: tradeInvoices.dueOn,
  status: tradeInvoices.status,
  netOre: tradeInvoices.netOre,
  vatOre: tradeInvoices.vatOre,
  totalOre: tradeInvoices.totalOre,
  vat: tradeInvoices.vat,
  ocr: tradeInvoices.ocr,
  invoiceAddress: tradeInvoices.invoiceAddress,
  paidOre: tradeInvoices.paidOre,
};

/** The status filter in SQL: overdue is an unpaid invoice past its due date (domain/invoice). */
function statusIs(status: InvoiceStatus, today: string): SQL | undefined {
  if (status === 'overdue') {
    return and(eq(tradeInvoices.status, 'unpaid'), sql`${tradeInvoices.dueOn} < ${today}::date`);
  }
  if (status === 'unpaid') {
    return and(eq(tradeInvoices.status, 'unpaid'), sql`${tradeInvoices.dueOn} >= ${today}::date`);
  }
  return eq(tradeInvoices.status, status);
}

export class InvoiceRepository {
  constructor(private readonly db: Database) {}

  /**
   * A company's invoices from one store, newest first, filtered. Per store, like every call
   * under {eid}: a user limited to a region never sees another region's invoices.
   */
  async page(
    companyId: number,
    storeId: number,
    query: InvoiceListQuery,
    today: string,
  ): Promise<{ rows: InvoiceRow[]; count: number }> {
    const where = and(
      eq(tradeInvoices.companyId, companyId),
      eq(tradeInvoices.storeId, storeId),
      query.date_from ? gte(tradeInvoices.issuedOn, query.date_from) : undefined,
      query.date_to ? lte(tradeInvoices.issuedOn, query.date_to) : undefined,
      query.status ? statusIs(query.status, today) : undefined,
      query.order_id ? eq(tradeInvoices.orderId, query.order_id) : undefined,
      query.project_id ? eq(tradeInvoices.projectId, query.project_id) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(tradeInvoices)
        .innerJoin(stores, eq(stores.id, tradeInvoices.storeId))
        .where(where)
        .orderBy(desc(tradeInvoices.issuedOn), desc(tradeInvoices.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tradeInvoices)
        .where(where),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** The company's invoice from the store by number; null for another company's or store's. */
  async byNumber(organisationId: string, companyId: number, storeId: number, number: string) {
    const [row] = await this.db
      .select(columns)
      .from(tradeInvoices)
      .innerJoin(stores, eq(stores.id, tradeInvoices.storeId))
      .where(
        and(
          eq(tradeInvoices.organisationId, organisationId),
          eq(tradeInvoices.companyId, companyId),
          eq(tradeInvoices.storeId, storeId),
          eq(tradeInvoices.number, number),
        ),
      );
    return row ?? null;
  }

  async lines(invoiceId: number): Promise<InvoiceLineRow[]> {
    return this.db
      .select({
        position: tradeInvoiceLines.position,
        articleId: tradeInvoiceLines.articleId,
        title: tradeInvoiceLines.title,
        quantity: tradeInvoiceLines.quantity,
        unit: tradeInvoiceLines.unit,
        unitPriceOre: tradeInvoiceLines.unitPriceOre,
        sumOre: tradeInvoiceLines.sumOre,
        vatRateBp: tradeInvoiceLines.vatRateBp,
      })
      .from(tradeInvoiceLines)
      .where(eq(tradeInvoiceLines.invoiceId, invoiceId))
      .orderBy(asc(tradeInvoiceLines.position));
  }

  /** What an invoice to the company from the store needs: terms, addresses, names. */
  async billing(companyId: number, storeId: number, tx: Database = this.db) {
    const [row] = await tx
      .select({
        companyName: tradeCompanies.name,
        orgNumber: tradeCompanies.orgNumber,
        street: tradeCompanies.street,
        postcode: tradeCompanies.postcode,
        city: tradeCompanies.city,
        invoiceAddress: tradeCompanies.invoiceAddress,
        paymentTermsDays: storeCustomers.paymentTermsDays,
        customerNumber: storeCustomers.customerNumber,
      })
      .from(tradeCompanies)
      .leftJoin(
        storeCustomers,
        and(eq(storeCustomers.companyId, tradeCompanies.id), eq(storeCustomers.storeId, storeId)),
      )
      .where(eq(tradeCompanies.id, companyId));
    return row ?? null;
  }

  /** The next invoice id (its number is derived from it, so both are known before insert). */
  async nextId(tx: Database): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('trade_invoices', 'id'))::int as id`,
    );
    return Number(row?.id);
  }

  async insert(
    tx: Database,
    invoice: NewInvoice & { id: number; number: string; ocr: string },
    lines: readonly InvoiceLineRow[],
  ): Promise<void> {
    await tx.insert(tradeInvoices).values(invoice);
    if (lines.length > 0) {
      await tx
        .insert(tradeInvoiceLines)
        .values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
    }
  }
}
