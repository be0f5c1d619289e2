import {
  BGMAX_WRONG_BANKGIRO,
  PAYMENT_IN_FUTURE,
  PAYMENT_NOT_OPEN,
  STAFF_INVOICE_NOT_FOUND,
  type BgMaxLine,
  type BgMaxReply,
  type PaymentBody,
  type PaymentReply,
  type StaffInvoice,
  type StaffInvoiceListQuery,
  type StaffInvoicePage,
} from '@bygg/contracts/trade/payments';
import type { Database } from '@bygg/db/client';
import { BgMaxError, parseBgMax, type BgMaxPayment } from '@bygg/domain/bgmax';
import { orderNumber } from '@bygg/domain/checkout';
import {
  invoiceOpenOre,
  invoiceStatus,
  isValidOcr,
  type StoredInvoiceStatus,
} from '@bygg/domain/invoice';
import { formatPrice } from '@bygg/domain/money';
import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import { BadRequestError, ConflictError, NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import type { TradeAccess } from '../store-access/guard.ts';
import type { PaymentInvoiceRow, PaymentRepository } from './repository.ts';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function toStaffInvoice(row: PaymentInvoiceRow, today: string): StaffInvoice {
  return {
    number: row.number,
    ocr: row.ocr,
    company: { id: row.companyId, name: row.companyName },
    order_number: row.orderId === null ? null : orderNumber(row.orderId),
    issued_at: row.issuedOn,
    due_at: row.dueOn,
    status: invoiceStatus(row.status as StoredInvoiceStatus, row.dueOn, today),
    total_ore: row.totalOre,
    paid_ore: row.paidOre,
    open_ore: invoiceOpenOre(row),
  };
}

const field = (path: string, message: string) => new BadRequestError(message, [{ path, message }]);

/**
 * Payments of the store's invoices (ADR 055), for the store's staff: the invoices with what is
 * left, a payment registered by hand, and Bankgirot's BgMax file. A BgMax file covers the
 * organisation's bankgiro, so each store books the payments of its own invoices and leaves
 * the rest (reported as not found here) for the store they belong to.
 */
export class PaymentService {
  constructor(
    private readonly repository: PaymentRepository,
    private readonly now: () => Date,
  ) {}

  async list(
    access: TradeAccess,
    query: StaffInvoiceListQuery,
    url: string,
  ): Promise<StaffInvoicePage> {
    const today = isoDate(this.now());
    const { rows, count, openOre } = await this.repository.page(access.store.id, query, today);
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => toStaffInvoice(row, today)),
      open_ore: openOre,
    };
  }

  /** A payment registered by hand (Swish, cash in the store, a transfer outside BgMax). */
  async register(access: TradeAccess, body: PaymentBody): Promise<PaymentReply> {
    const today = isoDate(this.now());
    if (body.paid_on > today) throw field('body.paid_on', PAYMENT_IN_FUTURE);
    const db = this.repository.db;
    const invoice = await db.transaction(async (tx: Database) => {
      const row = await this.repository.lockInvoice(tx, access.store.id, {
        number: body.invoice_number,
      });
      if (!row) throw new NotFoundError(STAFF_INVOICE_NOT_FOUND);
      if (row.status !== 'unpaid') throw new ConflictError(PAYMENT_NOT_OPEN);
      const open = row.totalOre - row.paidOre;
      if (body.amount_ore > open) {
        throw field(
          'body.amount_ore',
          `Beloppet är större än det som återstår att betala (${formatPrice(open)})`,
        );
      }
      return this.repository.book(tx, {
        organisationId: access.user.organisationId,
        invoiceId: row.id,
        amountOre: body.amount_ore,
        paidOn: body.paid_on,
        source: 'manual',
        reference: body.note ?? '',
        bgcSerial: null,
        registeredBy: access.user.id,
      });
    });
    if (!invoice) throw new Error('a manual payment was not booked');
    return { invoice: toStaffInvoice(invoice, today) };
  }

  /**
   * Reads a BgMax file in one transaction: every record's outcome is decided with its invoice
   * locked, so two imports of the same file at once book each payment once (the second waits
   * on the serial number's unique index and then finds it booked).
   */
  async importBgMax(access: TradeAccess, content: string): Promise<BgMaxReply> {
    let file;
    try {
      file = parseBgMax(content);
    } catch (err) {
      if (err instanceof BgMaxError) throw field('body.content', err.message);
      throw err;
    }
    const organisation = ORGANISATIONS[access.user.organisationId as OrganisationId];
    const bankgiro = organisation.bankgiro.replace(/\D/g, '');
    const foreign = file.payments.find((p) => p.payeeBankgiro !== bankgiro);
    if (foreign) {
      throw field('body.content', `${BGMAX_WRONG_BANKGIRO} (${organisation.bankgiro})`);
    }
    const lines = await this.repository.db.transaction(async (tx: Database) => {
      const out: BgMaxLine[] = [];
      for (const payment of file.payments) out.push(await this.bookLine(tx, access, payment));
      return out;
    });
    const booked = lines.filter((l) => l.outcome === 'booked');
    return {
      test_file: file.test,
      booked_count: booked.length,
      booked_ore: booked.reduce((sum, l) => sum + l.amount_ore, 0),
      lines,
    };
  }

  private async bookLine(
    tx: Database,
    access: TradeAccess,
    payment: BgMaxPayment,
  ): Promise<BgMaxLine> {
    const today = isoDate(this.now());
    const base = {
      line: payment.line,
      reference: payment.reference,
      amount_ore: payment.amountOre,
      paid_on: payment.paidOn,
    };
    const leave = (
      outcome: BgMaxLine['outcome'],
      reason: string,
      row: PaymentInvoiceRow | null = null,
    ): BgMaxLine => ({
      ...base,
      outcome,
      reason,
      invoice: row ? toStaffInvoice(row, today) : null,
    });
    if (payment.kind === 'deduction') return leave('manual', 'Avdrag: hanteras för hand');
    if (payment.kind === 'extra_reference') {
      return leave('manual', 'Extra referens till en betalning: hanteras för hand');
    }
    if (payment.serial === '')
      return leave('manual', 'Betalningen saknar löpnummer från Bankgirot');
    const organisationId = access.user.organisationId;
    if (await this.repository.hasBgMaxPayment(tx, organisationId, payment.serial, payment.paidOn)) {
      return leave('duplicate', 'Redan inläst');
    }
    if (!isValidOcr(payment.reference)) {
      return leave('unmatched', 'Referensen är inget giltigt OCR-nummer');
    }
    const row = await this.repository.lockInvoice(tx, access.store.id, { ocr: payment.reference });
    if (!row) {
      return leave(
        'unmatched',
        'Ingen faktura i butiken har det OCR-numret (kan höra till en annan butik)',
      );
    }
    if (row.status !== 'unpaid') {
      return leave(
        'manual',
        'Fakturan är redan betald eller krediterad: kontrollera om beloppet ska betalas tillbaka',
        row,
      );
    }
    const booked = await this.repository.book(tx, {
      organisationId,
      invoiceId: row.id,
      amountOre: payment.amountOre,
      paidOn: payment.paidOn,
      source: 'bgmax',
      reference: payment.reference,
      bgcSerial: payment.serial,
      registeredBy: access.user.id,
    });
    if (!booked) return leave('duplicate', 'Redan inläst');
    const over = booked.paidOre - booked.totalOre;
    return {
      ...base,
      outcome: 'booked',
      reason: over > 0 ? `Överbetalning med ${formatPrice(over)}` : null,
      invoice: toStaffInvoice(booked, today),
    };
  }
}
