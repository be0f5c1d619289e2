import { z } from 'zod';
import { PageQuerySchema } from './common.ts';
import { OrderDetailSchema, OrderSummarySchema } from './orders.ts';
import {
  QUOTE_CART_MAX_LINES,
  QUOTE_CART_MAX_QUANTITY,
  QuoteLineSchema,
  tradePageSchema,
} from './quotes.ts';

/**
 * The store staff's side beyond messages (issue 20, ADR 042): the store's trade customers,
 * catalogue articles at a customer's net prices, the store quotes the staff write (a draft,
 * then sent), and the trade orders of the store's customers (read-only). All under
 * api/proffs/{eid}/staff/…, only for staff of the store of {eid}.
 */

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const STAFF_COMPANY_NOT_FOUND = 'Företaget är inte kund i butiken';
export const STAFF_PROJECT_NOT_FOUND = 'Projektet finns inte hos företaget i den här butiken';
export const STAFF_QUOTE_NOT_FOUND = 'Offerten finns inte';
export const STAFF_ORDER_NOT_FOUND = 'Ordern finns inte';
export const STAFF_QUOTE_ALREADY_SENT = 'Offerten är redan skickad och kan inte ändras';
export const STAFF_QUOTE_PAST_VALIDITY = 'Giltighetsdatumet kan inte ha passerat';
export const STAFF_QUOTE_NO_LINES = 'Lägg till minst en artikel';
export const STAFF_QUOTE_TOO_MANY_LINES = `En offert får ha högst ${QUOTE_CART_MAX_LINES} rader`;
export const STAFF_QUOTE_UNKNOWN_ARTICLE = 'Artikeln finns inte i sortimentet';
export const STAFF_QUOTE_DUPLICATE_ARTICLE = 'Artikeln finns redan på en annan rad';
/** Quoted unit prices up to 1 000 000 kr excl. VAT. */
export const STAFF_QUOTE_MAX_PRICE_ORE = 100_000_000;

/** A project of a customer in the store, to write a quote for. */
export const StaffProjectOptionSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
});

/** A trade company with a customer account in the store. */
export const StaffCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  customer_number: z.string(),
  projects: z.array(StaffProjectOptionSchema),
});
export type StaffCustomer = z.infer<typeof StaffCustomerSchema>;

export const StaffCustomerListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});
export const StaffCustomerListSchema = z.object({ results: z.array(StaffCustomerSchema) });
export type StaffCustomerList = z.infer<typeof StaffCustomerListSchema>;

/** Articles for a quote line: the catalogue searched, priced at the company's prices. */
export const StaffArticleQuerySchema = z.object({
  company_id: IdSchema,
  search: z.string().trim().min(2, 'Skriv minst två tecken').max(100),
});
export const StaffArticleSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  unit: z.string(),
  /** The company's price per unit excl. VAT (its net price where one applies), öre. */
  price_ore: z.number().int(),
  vat_rate_bp: z.number().int(),
  is_net_price: z.boolean(),
});
export type StaffArticle = z.infer<typeof StaffArticleSchema>;
export const StaffArticleListSchema = z.object({ results: z.array(StaffArticleSchema) });

export const STAFF_QUOTE_STATUSES = ['draft', 'open', 'ordered', 'expired'] as const;
export const StaffQuoteStatusSchema = z.enum(STAFF_QUOTE_STATUSES);
export type StaffQuoteStatus = z.infer<typeof StaffQuoteStatusSchema>;
export const STAFF_QUOTE_STATUS_LABELS: Record<StaffQuoteStatus, string> = {
  draft: 'Utkast',
  open: 'Skickad',
  ordered: 'Beställd',
  expired: 'Har gått ut',
};

export const StaffQuoteListQuerySchema = PageQuerySchema.extend({
  company_id: IdSchema.optional(),
  /** draft: not sent yet; sent: sent (open, ordered or expired). */
  status: z.enum(['draft', 'sent', 'all']).default('all'),
  search: z.string().trim().max(100).optional(),
});
export type StaffQuoteListQuery = z.infer<typeof StaffQuoteListQuerySchema>;

const CompanyRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const StaffQuoteSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  company: CompanyRefSchema,
  project: StaffProjectOptionSchema.nullable(),
  status: StaffQuoteStatusSchema,
  valid_until: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** Sum of the lines excl. VAT, öre. */
  total_ore: z.number().int(),
  line_count: z.number().int(),
});
export type StaffQuoteSummary = z.infer<typeof StaffQuoteSummarySchema>;

/** A quote's line as the customer sees it (quotes.ts). */
export const StaffQuoteLineSchema = QuoteLineSchema;

export const StaffQuoteSchema = StaffQuoteSummarySchema.extend({
  note: z.string(),
  vat_ore: z.number().int(),
  total_incl_vat_ore: z.number().int(),
  lines: z.array(StaffQuoteLineSchema),
});
export type StaffQuote = z.infer<typeof StaffQuoteSchema>;

export const StaffQuotePageSchema = tradePageSchema(StaffQuoteSummarySchema);
export type StaffQuotePage = z.infer<typeof StaffQuotePageSchema>;

export const StaffQuoteLineInputSchema = z.object({
  article_id: z.number().int().positive().max(2_147_483_647),
  quantity: z
    .number()
    .int('Antalet ska vara ett heltal')
    .min(1, 'Antalet måste vara minst 1')
    .max(QUOTE_CART_MAX_QUANTITY, `Antalet får vara högst ${QUOTE_CART_MAX_QUANTITY}`),
  /** The quoted unit price excl. VAT, öre; left out: the company's price now. */
  unit_price_ore: z
    .number()
    .int('Priset anges i hela ören')
    .min(0, 'Priset kan inte vara negativt')
    .max(STAFF_QUOTE_MAX_PRICE_ORE, 'Priset är för högt')
    .nullish(),
});
export type StaffQuoteLineInput = z.infer<typeof StaffQuoteLineInputSchema>;

/** POST staff/quote/ and PUT staff/quote/{id}/ (a draft only). */
export const StaffQuoteBodySchema = z.object({
  company_id: z.number().int().positive().max(2_147_483_647),
  project_id: z.number().int().positive().max(2_147_483_647).nullish(),
  title: z.string().trim().min(1, 'Ange en rubrik').max(120, 'Rubriken får vara högst 120 tecken'),
  note: z.string().trim().max(2000, 'Meddelandet får vara högst 2000 tecken').default(''),
  valid_until: z.iso.date('Ange ett datum (ÅÅÅÅ-MM-DD)'),
  lines: z
    .array(StaffQuoteLineInputSchema)
    .min(1, STAFF_QUOTE_NO_LINES)
    .max(QUOTE_CART_MAX_LINES, STAFF_QUOTE_TOO_MANY_LINES),
});
export type StaffQuoteBody = z.infer<typeof StaffQuoteBodySchema>;

export const StaffIdParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: IdSchema,
});

export const StaffOrderListQuerySchema = PageQuerySchema.extend({
  company_id: IdSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type StaffOrderListQuery = z.infer<typeof StaffOrderListQuerySchema>;

export const StaffOrderSummarySchema = OrderSummarySchema.extend({ company: CompanyRefSchema });
export type StaffOrderSummary = z.infer<typeof StaffOrderSummarySchema>;
export const StaffOrderDetailSchema = OrderDetailSchema.extend({ company: CompanyRefSchema });
export type StaffOrderDetail = z.infer<typeof StaffOrderDetailSchema>;
export const StaffOrderPageSchema = tradePageSchema(StaffOrderSummarySchema);
export type StaffOrderPage = z.infer<typeof StaffOrderPageSchema>;
