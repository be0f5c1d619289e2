import { z } from 'zod';
import { PageQuerySchema } from './common.ts';
import { InvoiceStatusSchema } from './invoices.ts';
import { tradePageSchema } from './quotes.ts';

/**
 * Invoice payments on the store staff's side (ADR 055): the store's invoices with what is
 * paid and what is left, a payment registered by hand, and Bankgirot's BgMax file read in
 * (payments matched to invoices by their OCR reference). Under api/proffs/{eid}/staff/…,
 * only for staff of the store of {eid}.
 */

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum anges som ÅÅÅÅ-MM-DD')
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T12:00:00Z`)) &&
      new Date(`${d}T12:00:00Z`).toISOString().startsWith(d),
    'Datumet finns inte',
  );

export const STAFF_INVOICE_NOT_FOUND = 'Fakturan finns inte i butiken';
export const PAYMENT_NOT_OPEN = 'Fakturan är redan betald eller krediterad';
export const PAYMENT_IN_FUTURE = 'Betaldagen kan inte ligga i framtiden';
export const BGMAX_WRONG_BANKGIRO = 'Filen gäller ett annat bankgironummer än organisationens';
/** A day's BgMax file is a few kB; 2 MB leaves room for a month of payments. */
export const BGMAX_MAX_CHARS = 2_000_000;
/** One payment up to 10 000 000 kr. */
export const PAYMENT_MAX_ORE = 1_000_000_000;

export const STAFF_INVOICE_STATUSES = ['open', 'overdue', 'paid', 'credited'] as const;

export const StaffInvoiceListQuerySchema = PageQuerySchema.extend({
  company_id: IdSchema.optional(),
  /** open = unpaid (overdue included), overdue, paid, credited. */
  status: z.enum(STAFF_INVOICE_STATUSES).optional(),
  /** Invoice number, OCR or company name. */
  search: z.string().trim().max(100).optional(),
});
export type StaffInvoiceListQuery = z.infer<typeof StaffInvoiceListQuerySchema>;

export const StaffInvoiceSchema = z.object({
  number: z.string(),
  ocr: z.string(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  order_number: z.string().nullable(),
  issued_at: z.string(),
  due_at: z.string(),
  status: InvoiceStatusSchema,
  total_ore: z.number().int(),
  paid_ore: z.number().int(),
  /** What is left to pay; 0 once paid or credited. */
  open_ore: z.number().int(),
});
export type StaffInvoice = z.infer<typeof StaffInvoiceSchema>;

export const StaffInvoicePageSchema = tradePageSchema(StaffInvoiceSchema).extend({
  /** What the listed filter's invoices have left to pay, all pages. */
  open_ore: z.number().int(),
});
export type StaffInvoicePage = z.infer<typeof StaffInvoicePageSchema>;

export const PaymentBodySchema = z.object({
  invoice_number: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'Fakturanumret består av siffror'),
  amount_ore: z
    .number()
    .int('Beloppet anges i hela ören')
    .min(1, 'Beloppet måste vara större än 0')
    .max(PAYMENT_MAX_ORE, 'Beloppet är för stort'),
  paid_on: DateSchema,
  /** The bank's reference or a note ("Swish", "kontant i butik"). */
  note: z.string().trim().max(200).optional(),
});
export type PaymentBody = z.infer<typeof PaymentBodySchema>;

export const PaymentReplySchema = z.object({ invoice: StaffInvoiceSchema });
export type PaymentReply = z.infer<typeof PaymentReplySchema>;

export const BgMaxBodySchema = z.object({
  file_name: z.string().trim().max(200).optional(),
  content: z.string().min(1, 'Filen är tom').max(BGMAX_MAX_CHARS, 'Filen är för stor (högst 2 MB)'),
});

/**
 * What became of one record of the file: booked against an invoice of the store, read in
 * before (the same Bankgirot serial number), or left for a person (no invoice in this store
 * with that OCR, a deduction or an extra reference, an invoice already paid).
 */
export const BGMAX_OUTCOMES = ['booked', 'duplicate', 'unmatched', 'manual'] as const;
export const BgMaxLineSchema = z.object({
  line: z.number().int(),
  reference: z.string(),
  amount_ore: z.number().int(),
  paid_on: z.string(),
  outcome: z.enum(BGMAX_OUTCOMES),
  /** Why a record was not booked, in Swedish; null when booked. */
  reason: z.string().nullable(),
  invoice: StaffInvoiceSchema.nullable(),
});
export type BgMaxLine = z.infer<typeof BgMaxLineSchema>;

export const BgMaxReplySchema = z.object({
  test_file: z.boolean(),
  booked_count: z.number().int(),
  booked_ore: z.number().int(),
  lines: z.array(BgMaxLineSchema),
});
export type BgMaxReply = z.infer<typeof BgMaxReplySchema>;
