import { z } from 'zod';
import { PageQuerySchema } from './common.ts';

/** Invoices (trade-area spec §7): GET invoice/ with filters, GET invoice/{number}/pdf/. */

export const INVOICE_STATUSES = ['unpaid', 'paid', 'overdue', 'credited'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

export const InvoiceVatSchema = z.object({
  /** 2500 = 25 %. */
  rate_bp: z.number().int(),
  /** Amount excl. VAT at this rate, öre. */
  base_ore: z.number().int(),
  vat_ore: z.number().int(),
});

export const InvoiceSchema = z.object({
  number: z.string(),
  store: z.object({ external_id: z.string(), name: z.string() }),
  order_id: z.number().int().nullable(),
  /** The order number shown to people ('W' + 100000 + id), when there is an order. */
  order_number: z.string().nullable(),
  project_id: z.number().int().nullable(),
  issued_at: z.string(),
  due_at: z.string(),
  status: InvoiceStatusSchema,
  net_ore: z.number().int(),
  vat_ore: z.number().int(),
  total_ore: z.number().int(),
  /** What payments have covered so far (ADR 055). */
  paid_ore: z.number().int(),
  /** What is left to pay; 0 once paid or credited. */
  open_ore: z.number().int(),
  vat: z.array(InvoiceVatSchema),
  ocr: z.string(),
  bankgiro: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Datum anges som ÅÅÅÅ-MM-DD');

export const InvoiceListQuerySchema = PageQuerySchema.extend({
  /** Issued on or after this date. */
  date_from: DateSchema.optional(),
  /** Issued on or before this date. */
  date_to: DateSchema.optional(),
  status: InvoiceStatusSchema.optional(),
  order_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

export const InvoicePageSchema = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(InvoiceSchema),
});
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const InvoiceNumberParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  number: z.string().regex(/^\d{1,12}$/, 'Fakturanumret består av siffror'),
});

export const INVOICE_NOT_FOUND_MESSAGE = 'Fakturan finns inte';
