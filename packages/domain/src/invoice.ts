/**
 * Invoices of the trade area (issue 17): the OCR reference a payment is matched by, the
 * amounts per VAT rate, due dates and the status a reader sees. Pure rules, no I/O.
 */
import { luhnCheckDigit } from './giftcard.ts';
import { exclVat } from './money.ts';

/**
 * The OCR reference of an invoice number, as Swedish banks check it ("hård kontroll"): the
 * number, then a length digit (the length of the whole reference, mod 10), then a Luhn
 * (mod 10) check digit over everything before it.
 */
export function ocrReference(invoiceNumber: string): string {
  if (!/^\d{1,23}$/.test(invoiceNumber)) throw new RangeError('An invoice number is digits');
  const withLength = `${invoiceNumber}${(invoiceNumber.length + 2) % 10}`;
  return `${withLength}${luhnCheckDigit(withLength)}`;
}

/** True when the last digit is the Luhn digit and the one before it the length digit. */
export function isValidOcr(reference: string): boolean {
  if (!/^\d{3,25}$/.test(reference)) return false;
  const body = reference.slice(0, -1);
  const lengthDigit = Number(reference.at(-2));
  return lengthDigit === reference.length % 10 && luhnCheckDigit(body) === Number(reference.at(-1));
}

/** One line of an invoice as the amounts need it: its sum incl. VAT and its rate. */
export type InvoiceAmountLine = { sumInclOre: number; vatRateBp: number };

export type InvoiceVat = { rateBp: number; baseOre: number; vatOre: number };

export type InvoiceAmounts = {
  /** Per rate, highest rate first; the base is excl. VAT. */
  vat: InvoiceVat[];
  netOre: number;
  vatOre: number;
  totalOre: number;
};

/**
 * The VAT of an invoice is worked out per rate on the rate's total, not line by line, so the
 * rounding happens once per rate and the total is exactly the sum of the lines incl. VAT
 * (what the order cost). A negative line (a discount) reduces its rate's total.
 */
export function invoiceAmounts(lines: readonly InvoiceAmountLine[]): InvoiceAmounts {
  const perRate = new Map<number, number>();
  for (const line of lines) {
    if (!Number.isSafeInteger(line.sumInclOre)) throw new RangeError('öre must be integers');
    perRate.set(line.vatRateBp, (perRate.get(line.vatRateBp) ?? 0) + line.sumInclOre);
  }
  const vat = [...perRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, inclOre]) => {
      const sign = inclOre < 0 ? -1 : 1;
      const baseOre = sign * exclVat(Math.abs(inclOre), rateBp / 10_000);
      return { rateBp, baseOre: baseOre + 0, vatOre: inclOre - baseOre + 0 };
    });
  const netOre = vat.reduce((sum, v) => sum + v.baseOre, 0);
  const vatOre = vat.reduce((sum, v) => sum + v.vatOre, 0);
  return { vat, netOre, vatOre, totalOre: netOre + vatOre };
}

/**
 * An order-level amount incl. VAT (a discount) split over the VAT rates of the goods it applies
 * to, in proportion to each rate's total incl. VAT, as Skatteverket wants a discount on goods
 * of mixed rates reported: each part lowers its own rate's base and VAT. Parts are whole öre,
 * the rounding remainder goes to the largest rate total, and they add up to `amountOre`
 * exactly. Highest rate first; no part for a rate without a positive total.
 */
export function splitOverVatRates(
  amountOre: number,
  lines: readonly InvoiceAmountLine[],
): Array<{ vatRateBp: number; amountOre: number }> {
  if (!Number.isSafeInteger(amountOre)) throw new RangeError('öre must be integers');
  const perRate = new Map<number, number>();
  for (const line of lines) {
    if (line.sumInclOre > 0) {
      perRate.set(line.vatRateBp, (perRate.get(line.vatRateBp) ?? 0) + line.sumInclOre);
    }
  }
  const rates = [...perRate.entries()].sort(([a], [b]) => b - a);
  if (rates.length === 0) return amountOre === 0 ? [] : [{ vatRateBp: 2500, amountOre }];
  const total = rates.reduce((sum, [, incl]) => sum + incl, 0);
  const parts = rates.map(([vatRateBp, incl]) => ({
    vatRateBp,
    amountOre: Math.trunc((amountOre * incl) / total),
  }));
  const largest = rates.reduce((best, [, incl], i) => (incl > rates[best]![1] ? i : best), 0);
  parts[largest]!.amountOre += amountOre - parts.reduce((sum, part) => sum + part.amountOre, 0);
  return parts.filter((part) => part.amountOre !== 0);
}

/** A line's unit price or sum excl. VAT from the amount incl. VAT (sign kept). */
export function amountExclVat(inclOre: number, vatRateBp: number): number {
  const sign = inclOre < 0 ? -1 : 1;
  return sign * exclVat(Math.abs(inclOre), vatRateBp / 10_000) + 0;
}

/** 'YYYY-MM-DD' plus a number of days (the payment terms). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${isoDate}`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export const STORED_INVOICE_STATUSES = ['unpaid', 'paid', 'credited'] as const;
export type StoredInvoiceStatus = (typeof STORED_INVOICE_STATUSES)[number];

/** What a reader sees: an unpaid invoice past its due date (today not counted) is overdue. */
export function invoiceStatus(
  stored: StoredInvoiceStatus,
  dueOn: string,
  today: string,
): StoredInvoiceStatus | 'overdue' {
  return stored === 'unpaid' && dueOn < today ? 'overdue' : stored;
}

/**
 * What is left to pay on an invoice (ADR 055): the total less its payments, never below 0 (an
 * overpayment leaves nothing open), and nothing once it is paid or credited.
 */
export function invoiceOpenOre(invoice: {
  status: string;
  totalOre: number;
  paidOre: number;
}): number {
  return invoice.status === 'unpaid' ? Math.max(0, invoice.totalOre - invoice.paidOre) : 0;
}

/**
 * A customer account's credit (issue 17 remainder): the limit the store gave the company,
 * what its unpaid invoices from that store already use (overdue ones included), and what is
 * left. A null limit is no limit (the account was given none).
 */
export type CreditState = { limitOre: number | null; openOre: number };

/** What is left to buy on invoice; null when the account has no limit. Never below 0. */
export function creditAvailable(credit: CreditState): number | null {
  return credit.limitOre === null ? null : Math.max(0, credit.limitOre - credit.openOre);
}

/** An order on invoice of this amount (incl. VAT) would take the account past its limit. */
export function exceedsCredit(credit: CreditState, orderOre: number): boolean {
  return credit.limitOre !== null && credit.openOre + orderOre > credit.limitOre;
}
