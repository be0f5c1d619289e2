import {
  INVOICE_NOT_FOUND_MESSAGE,
  type Invoice,
  type InvoiceListQuery,
  type InvoicePage,
} from '@bygg/contracts/trade/invoices';
import type { Database } from '@bygg/db/client';
import { orderNumber } from '@bygg/domain/checkout';
import {
  addDays,
  amountExclVat,
  invoiceAmounts,
  invoiceOpenOre,
  invoiceStatus,
  ocrReference,
  type StoredInvoiceStatus,
  splitOverVatRates,
} from '@bygg/domain/invoice';
import { formatPrice } from '@bygg/domain/money';
import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import { NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { recordEvent } from '../events/repository.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import { renderInvoicePdf } from './pdf.ts';
import type { InvoiceLineRow, InvoiceRepository, InvoiceRow } from './repository.ts';

/** The first invoice number is 700001 (the seed's too): 700000 + the row id. */
const INVOICE_NUMBER_BASE = 700_000;

/** What an order placed in commerce tells the trade context (the order-placed hook). */
export type PlacedTradeOrder = {
  orderId: number;
  organisation: OrganisationId;
  storeId: number;
  storeName: string;
  user: { id: number; companyId: number };
  paymentStatus: string;
  createdAt: Date;
  /** Lines incl. VAT, as the order has them. */
  lines: ReadonlyArray<{
    articleId: number;
    title: string;
    quantity: number;
    unit: string;
    priceOre: number;
    sumOre: number;
    vatRateBp: number;
  }>;
  shippingOre: number;
  discountOre: number;
  voucherCode: string | null;
  giftCardOre: number;
  totalOre: number;
  /** The project the order is for (the quote cart's or the storefront checkout's), if any. */
  projectId?: number | null;
};

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function toInvoice(row: InvoiceRow, today: string): Invoice {
  return {
    number: row.number,
    store: { external_id: row.storeExternalId, name: row.storeName },
    order_id: row.orderId,
    order_number: row.orderId === null ? null : orderNumber(row.orderId),
    project_id: row.projectId,
    issued_at: row.issuedOn,
    due_at: row.dueOn,
    status: invoiceStatus(row.status as StoredInvoiceStatus, row.dueOn, today),
    net_ore: row.netOre,
    vat_ore: row.vatOre,
    total_ore: row.totalOre,
    paid_ore: row.paidOre,
    open_ore: invoiceOpenOre(row),
    vat: row.vat.map((v) => ({ rate_bp: v.rateBp, base_ore: v.baseOre, vat_ore: v.vatOre })),
    ocr: row.ocr,
    bankgiro: ORGANISATIONS[row.organisationId as OrganisationId].bankgiro,
  };
}

/** Invoices: the list and the PDF (the invoices right), and issuing one for an order. */
export class InvoiceService {
  constructor(
    private readonly repository: InvoiceRepository,
    private readonly now: () => Date,
  ) {}

  async list(access: TradeAccess, query: InvoiceListQuery, url: string): Promise<InvoicePage> {
    const today = isoDate(this.now());
    const { rows, count } = await this.repository.page(
      companyOf(access),
      access.store.id,
      query,
      today,
    );
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => toInvoice(row, today)),
    };
  }

  /** The PDF of the company's invoice from this store; another company's (or none) is 404. */
  async pdf(access: TradeAccess, number: string): Promise<{ number: string; pdf: Uint8Array }> {
    const companyId = companyOf(access);
    const row = await this.repository.byNumber(
      access.user.organisationId,
      companyId,
      access.store.id,
      number,
    );
    if (!row) throw new NotFoundError(INVOICE_NOT_FOUND_MESSAGE);
    const [lines, billing] = await Promise.all([
      this.repository.lines(row.id),
      this.repository.billing(companyId, row.storeId),
    ]);
    const organisation = ORGANISATIONS[row.organisationId as OrganisationId];
    const pdf = await renderInvoicePdf({
      seller: {
        organisation: organisation.name,
        store: row.storeName,
        bankgiro: organisation.bankgiro,
      },
      buyer: {
        name: billing?.companyName ?? '',
        orgNumber: billing?.orgNumber ?? '',
        customerNumber: billing?.customerNumber ?? null,
        address: row.invoiceAddress,
      },
      number: row.number,
      orderNumber: row.orderId === null ? null : orderNumber(row.orderId),
      issuedOn: row.issuedOn,
      dueOn: row.dueOn,
      ocr: row.ocr,
      lines,
      vat: row.vat,
      netOre: row.netOre,
      vatOre: row.vatOre,
      totalOre: row.totalOre,
    });
    return { number: row.number, pdf };
  }

  /**
   * Issues the invoice of a trade order paid by invoice, in the order's transaction: lines
   * excl. VAT, shipping and a discount as lines of their own, VAT per rate on the totals
   * (domain/invoice), due after the store account's payment terms (30 days without one),
   * and the "invoice issued" event for the users with the invoices right.
   */
  async issueForOrder(tx: Database, order: PlacedTradeOrder): Promise<string> {
    const companyId = order.user.companyId;
    const billing = await this.repository.billing(companyId, order.storeId, tx);
    if (!billing) throw new Error(`company ${companyId} not found`);
    const incl: Array<InvoiceLineRow & { sumInclOre: number }> = order.lines.map((line, i) => ({
      position: i,
      articleId: line.articleId,
      title: line.title,
      quantity: line.quantity,
      unit: line.unit,
      unitPriceOre: amountExclVat(line.priceOre, line.vatRateBp),
      sumOre: amountExclVat(line.sumOre, line.vatRateBp),
      sumInclOre: line.sumOre,
      vatRateBp: line.vatRateBp,
    }));
    const extra = (title: string, amountOre: number, vatRateBp: number) =>
      incl.push({
        position: incl.length,
        articleId: null,
        title,
        quantity: 1,
        unit: 'st',
        unitPriceOre: amountExclVat(amountOre, vatRateBp),
        sumOre: amountExclVat(amountOre, vatRateBp),
        sumInclOre: amountOre,
        vatRateBp,
      });
    // A voucher's discount is on the goods, not the shipping: split over the goods' rates.
    const goods = [...incl];
    if (order.shippingOre > 0) extra('Frakt', order.shippingOre, 2500);
    if (order.discountOre > 0) {
      // On goods of several VAT rates the discount lowers each rate in proportion.
      const title = `Rabatt${order.voucherCode ? ` ${order.voucherCode}` : ''}`;
      const parts = splitOverVatRates(-order.discountOre, goods);
      for (const part of parts) {
        const rate = parts.length > 1 ? ` (${part.vatRateBp / 100} % moms)` : '';
        extra(`${title}${rate}`, part.amountOre, part.vatRateBp);
      }
    }
    // A gift card pays part of the order: a payment, not a sale, so no VAT on it.
    if (order.giftCardOre > 0) extra('Betalt med presentkort', -order.giftCardOre, 0);
    const amounts = invoiceAmounts(incl);
    const id = await this.repository.nextId(tx);
    const number = String(INVOICE_NUMBER_BASE + id);
    const issuedOn = isoDate(order.createdAt);
    const dueOn = addDays(issuedOn, billing.paymentTermsDays ?? 30);
    await this.repository.insert(
      tx,
      {
        id,
        number,
        ocr: ocrReference(number),
        organisationId: order.organisation,
        companyId,
        storeId: order.storeId,
        orderId: order.orderId,
        projectId: order.projectId ?? null,
        issuedOn,
        dueOn,
        status: 'unpaid',
        netOre: amounts.netOre,
        vatOre: amounts.vatOre,
        totalOre: amounts.totalOre,
        vat: amounts.vat,
        invoiceAddress: billing.invoiceAddress ?? {
          street: billing.street,
          postcode: billing.postcode,
          city: billing.city,
        },
      },
      incl.map(({ sumInclOre: _s, ...line }) => line),
    );
    await recordEvent(tx, {
      organisationId: order.organisation,
      companyId,
      storeId: order.storeId,
      requiredRight: 'invoices',
      type: 'invoice_issued',
      title: `Faktura ${number}`,
      text: `Faktura ${number} för order ${orderNumber(order.orderId)} på ${formatPrice(amounts.totalOre)} förfaller ${dueOn}.`,
      target: { kind: 'invoice', id: number },
      createdAt: order.createdAt,
    });
    return number;
  }
}
