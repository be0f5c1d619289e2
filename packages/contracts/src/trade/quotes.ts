import { z } from 'zod';
import { CART_OFFER_LIMIT_LARGE, CART_OFFER_LIMIT_SMALL } from '@bygg/domain/limits';
import { PageQuerySchema } from './common.ts';

/**
 * Store quotes and the quote cart (trade-area spec §3 "Quote cart line", §5 "Quote cart
 * validation", §7 "Quotes" and "Other", §9 limits 50 and 200; issue 18).
 */

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** At most this many lines in the quote cart (spec §9 "cart/offer limits 50 and 200"). */
export const QUOTE_CART_MAX_LINES = CART_OFFER_LIMIT_SMALL;
/** At most this quantity on one line of the quote cart (the same limits, ADR 034). */
export const QUOTE_CART_MAX_QUANTITY = CART_OFFER_LIMIT_LARGE;
export const QUOTE_CART_TOO_MANY_LINES = `Offertkorgen får innehålla högst ${QUOTE_CART_MAX_LINES} rader.`;
export const QUOTE_CART_TOO_LARGE_QUANTITY = `Antalet får vara högst ${QUOTE_CART_MAX_QUANTITY} per rad.`;
export const QUOTE_CART_QUANTITY_MIN = 'Antalet måste vara minst 1.';
export const QUOTE_CART_BAD_ARTICLE = 'Ange artikelns id.';
export const QUOTE_CART_HAS_PROBLEMS =
  'Några rader i offertkorgen går inte att beställa som de är. Ändra eller ta bort dem.';
export const QUOTE_CART_WRONG_STORE = 'store_id ska vara butiken i adressen.';
export const QUOTE_CART_DUPLICATE = 'Artikeln finns redan på en annan rad.';
export const PROJECT_NOT_FOUND_MESSAGE = 'Projektet finns inte';
export const QUOTE_NOT_FOUND_MESSAGE = 'Offerten finns inte';
/** 409 of POST quote/{id}/order/ when the quote was ordered already (ADR 041). */
export const QUOTE_ALREADY_ORDERED_MESSAGE = 'Offerten är redan beställd.';
/** 409 of POST quote/{id}/order/ after the quote's last valid day (ADR 041: no repricing). */
export const quoteExpiredMessage = (validUntil: string) =>
  `Offerten gällde till ${validUntil} och kan inte längre beställas till offertens priser. Be butiken om en ny offert, eller lägg raderna i offertkorgen till dagens nettopris.`;
/** 400 of POST quote/{id}/order/ for a quote made for no project when none is chosen. */
export const QUOTE_ORDER_NEEDS_PROJECT = 'Välj ett projekt för beställningen';

export const QUOTE_STATUSES = ['open', 'ordered', 'expired'] as const;
export const QuoteStatusSchema = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatusSchema>;
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: 'Giltig',
  ordered: 'Beställd',
  expired: 'Har gått ut',
};

export const QuoteListQuerySchema = PageQuerySchema.extend({
  project_id: IdSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type QuoteListQuery = z.infer<typeof QuoteListQuerySchema>;

export const QuoteLineSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  /** The quoted unit price excl. VAT, öre. */
  unit_price_ore: z.number().int(),
  /** Quantity × unit price, excl. VAT, öre. */
  sum_ore: z.number().int(),
  vat_rate_bp: z.number().int(),
});

export const QuoteSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  store: z.object({ external_id: z.string(), name: z.string() }),
  project: z.object({ id: z.number().int(), number: z.string(), name: z.string() }).nullable(),
  status: QuoteStatusSchema,
  valid_until: z.string(),
  created_at: z.string(),
  /** Sum of the lines excl. VAT, öre. */
  total_ore: z.number().int(),
  line_count: z.number().int(),
  /** The order placed from the quote (status ordered), else null. */
  order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QuoteSchema = QuoteSummarySchema.extend({
  note: z.string(),
  vat_ore: z.number().int(),
  total_incl_vat_ore: z.number().int(),
  lines: z.array(QuoteLineSchema),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** A page of a trade list (the paginated helper's results and next, spec §7). */
export function tradePageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export const QuotePageSchema = tradePageSchema(QuoteSummarySchema);
export type QuotePage = z.infer<typeof QuotePageSchema>;

/** POST quote/{id}/order/: the quote's lines at the quoted prices, as one order. */
export const QuoteOrderBodySchema = z
  .object({
    /** The project, when the quote was made for none (the quote's own project wins). */
    project_id: IdSchema.optional(),
    /** The buyer's reference on the invoice. */
    reference: z.string().trim().max(100).optional(),
  })
  .default({});
export type QuoteOrderBody = z.infer<typeof QuoteOrderBodySchema>;

export const QuoteIdParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: IdSchema,
});

/** One line of the quote cart as the browser keeps it and sends it. */
export const QuoteCartItemSchema = z.object({
  article_id: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int(),
});
export type QuoteCartItem = z.infer<typeof QuoteCartItemSchema>;

/**
 * The quote validation call (spec §7 "Other": items, store_id, project_id). The items are
 * checked line by line by the service, so that a 400 names each line's fields (`items`).
 */
export const QuoteValidateBodySchema = z.object({
  store_id: z.string().min(1).max(64),
  project_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  items: z.array(z.unknown()).max(1000),
});
export type QuoteValidateBody = z.infer<typeof QuoteValidateBodySchema>;

export const QuoteCartProblemSchema = z.object({
  reason: z.string(),
  message: z.string(),
  available_quantity: z.number().int().nullable(),
});

export const ValidatedQuoteCartLineSchema = z.object({
  article_id: z.number().int(),
  /** Spec §3: the article's name plus the warehouse. */
  reference: z.string(),
  title: z.string(),
  warehouse: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  /** The company's price excl. VAT (net price where one applies), öre; null: not sold. */
  price_ore: z.number().int().nullable(),
  sum_ore: z.number().int(),
  vat_rate_bp: z.number().int(),
  is_net_price: z.boolean(),
  problem: QuoteCartProblemSchema.nullable(),
});
export type ValidatedQuoteCartLine = z.infer<typeof ValidatedQuoteCartLineSchema>;

/** The validated quote cart (200: every line can be ordered; in a 422 body otherwise). */
export const ValidatedQuoteCartSchema = z.object({
  store_id: z.string(),
  project_id: z.number().int().nullable(),
  items: z.array(ValidatedQuoteCartLineSchema),
  /** Excl. VAT, öre. */
  total_ore: z.number().int(),
  vat_ore: z.number().int(),
  total_incl_vat_ore: z.number().int(),
  valid: z.boolean(),
});
export type ValidatedQuoteCart = z.infer<typeof ValidatedQuoteCartSchema>;

/** 400: `items` has one entry per sent line, mapping a field to its messages ({} = fine). */
export const QuoteCartFieldErrorsSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  items: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});

/** 422: some lines cannot be ordered; the cart is stored all the same. */
export const QuoteCartUnprocessableSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  cart: ValidatedQuoteCartSchema,
});
