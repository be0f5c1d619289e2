import { z } from 'zod';
import { CART_OFFER_LIMIT_LARGE, CART_OFFER_LIMIT_SMALL } from '@bygg/domain/limits';
import { PageQuerySchema } from './common.ts';
import { tradePageSchema } from './quotes.ts';

/**
 * Offers to end customers ("kundofferter", issue 19, trade-area spec §3 "Offer", §4 "Offers",
 * §7 "Offers"). The calls, all under `api/proffs/{eid}/` and behind the offers right:
 *
 * | Method | Path | Body | Reply |
 * |---|---|---|---|
 * | GET | offer/?project_id&end_customer_id&page&page_size&search&status | – | OfferPage |
 * | POST | offer/ | OfferCreateBody | 201 Offer |
 * | GET, DELETE | offer/{id}/ | – | Offer, 204 |
 * | PATCH | offer/{id}/ | OfferPatchBody (title, project_id: move to a project, …) | Offer |
 * | PUT | offer/{id}/surcharge/ | OfferSurchargeBody | Offer |
 * | POST | offer/{id}/send/ | OfferSendBody | Offer (status sent) |
 * | POST | offer/from_order/, offer/from_quote/ | OfferFromOrderBody, OfferFromQuoteBody | 201 Offer |
 * | POST | offer/{id}/item/ | OfferItemAddBody (external_id, offer_id, title, quantity) | 201 Offer |
 * | PUT, DELETE | offer/{id}/item/{item_id}/ | OfferItemUpdateBody | Offer |
 * | POST | offer/{id}/work/, PUT/DELETE offer/{id}/work/{work_id}/ | OfferWorkBody | Offer |
 * | POST | offer/{id}/row/, PUT/DELETE offer/{id}/row/{row_id}/ | OfferRowBody | Offer |
 * | POST | offer/{id}/deduction/, PUT/DELETE offer/{id}/deduction/{deduction_id}/ | OfferDeductionBody | Offer |
 * | GET | offer/{id}/pdf/ | – | application/pdf |
 *
 * Every edit call replies with the whole offer (its totals recomputed). An offer that has been
 * sent (sent, expired or declined) is read-only: an edit makes a new version (a draft copy with
 * `version` + 1 and `previous_offer_id`; the old one gets `replaced_by_offer_id` and its link
 * stops working) and the reply is that new version, so the client follows `id`. An approved
 * offer cannot be changed (409). Money is integer öre; percentages are basis points
 * (12,5 % = 1250); hours are hundredths (7,5 h = 750).
 */

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);
const BodyIdSchema = z.number().int().positive().max(2_147_483_647);
/** Amounts a user types: at most 100 million kronor either way. */
const OreSchema = z.number().int().min(-10_000_000_000).max(10_000_000_000);
const PositiveOreSchema = z.number().int().min(0).max(10_000_000_000);
const IsoDateSchema = z.iso.date();

export const OFFER_MAX_ITEMS = CART_OFFER_LIMIT_LARGE;
export const OFFER_MAX_ROWS = CART_OFFER_LIMIT_SMALL;
export const OFFER_MAX_QUANTITY = 100_000;
/** Validity when none is given: 30 days from creation. */
export const OFFER_DEFAULT_VALID_DAYS = 30;

export const OFFER_NOT_FOUND_MESSAGE = 'Offerten finns inte';
export const OFFER_ROW_NOT_FOUND_MESSAGE = 'Raden finns inte i offerten';
export const OFFER_APPROVED_READ_ONLY = 'Offerten är godkänd och kan inte ändras.';
export const OFFER_NO_RECIPIENT = 'Ange kundens e-postadress innan offerten skickas.';
export const OFFER_EMPTY = 'Offerten har inga rader att skicka.';
export const OFFER_ALREADY_SENT = 'Offerten är redan skickad.';
export const OFFER_VALID_UNTIL_PAST = 'Giltighetsdatumet har redan passerat.';
export const OFFER_DEDUCTION_NO_LABOUR = 'Offerten har inget arbete som ger rätt till avdraget.';

export const OFFER_STATUSES = ['draft', 'sent', 'approved', 'declined', 'expired'] as const;
export const OfferStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatusSchema>;
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  draft: 'Utkast',
  sent: 'Skickad',
  approved: 'Godkänd',
  declined: 'Nekad',
  expired: 'Har gått ut',
};

/** The tax deductions on labour (Skatteverket: ROT for repairs and building, RUT for household). */
export const DEDUCTION_TYPES = ['rot', 'rut'] as const;
export const DeductionTypeSchema = z.enum(DEDUCTION_TYPES);
export type DeductionType = z.infer<typeof DeductionTypeSchema>;
export const DEDUCTION_TYPE_LABELS: Record<DeductionType, string> = {
  rot: 'ROT-avdrag',
  rut: 'RUT-avdrag',
};

export const SURCHARGE_TYPES = ['none', 'percent', 'amount'] as const;
export const SurchargeTypeSchema = z.enum(SURCHARGE_TYPES);
export type SurchargeType = z.infer<typeof SurchargeTypeSchema>;

// ---------------------------------------------------------------------------------------------
// Replies
// ---------------------------------------------------------------------------------------------

export const OfferItemSchema = z.object({
  id: z.number().int(),
  /** The article's id as the spec's add payload names it (external_id). */
  external_id: z.string(),
  article_id: z.number().int().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  /** The company's purchase price excl. VAT (net price from the pricing context), öre. */
  net_price_ore: z.number().int(),
  /** The company's own sale price to the end customer excl. VAT, öre. */
  unit_price_ore: z.number().int(),
  vat_rate_bp: z.number().int(),
  /** quantity × unit_price_ore, excl. VAT. */
  sum_ore: z.number().int(),
  /** (sale − net) / sale, basis points; null when the sale price is 0. */
  margin_bp: z.number().int().nullable(),
});
export type OfferItem = z.infer<typeof OfferItemSchema>;

export const OfferWorkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Hours in hundredths (7,5 h = 750). */
  hours_hundredths: z.number().int(),
  /** Hourly rate excl. VAT, öre. */
  rate_ore: z.number().int(),
  /** The deduction the labour qualifies for, or null. */
  deduction_type: DeductionTypeSchema.nullable(),
  /** hours × rate excl. VAT, öre (rounded to whole öre). */
  sum_ore: z.number().int(),
});
export type OfferWork = z.infer<typeof OfferWorkSchema>;

export const OfferRowSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Excl. VAT, öre (negative for a discount line). */
  amount_ore: z.number().int(),
  vat_rate_bp: z.number().int(),
});
export type OfferRow = z.infer<typeof OfferRowSchema>;

export const OfferDeductionSchema = z.object({
  id: z.number().int(),
  type: DeductionTypeSchema,
  /** The person who claims the deduction (one row per person). */
  person_name: z.string(),
  /** Share of the qualifying labour this person pays, basis points; null = an equal share. */
  share_bp: z.number().int().nullable(),
  /** ROT and RUT the person already received this year (the yearly ceiling), öre. */
  prior_rot_ore: z.number().int(),
  prior_rut_ore: z.number().int(),
  /** The deduction for this person (computed), öre. */
  amount_ore: z.number().int(),
  /** True when the yearly ceiling cut the amount. */
  capped: z.boolean(),
});
export type OfferDeduction = z.infer<typeof OfferDeductionSchema>;

export const OfferSurchargeSchema = z.object({
  type: SurchargeTypeSchema,
  /** For type percent: basis points of the subtotal excl. VAT. */
  percent_bp: z.number().int().nullable(),
  /** For type amount: öre excl. VAT. */
  amount_ore: z.number().int().nullable(),
});
export type OfferSurcharge = z.infer<typeof OfferSurchargeSchema>;

export const OfferTotalsSchema = z.object({
  items_ore: z.number().int(),
  work_ore: z.number().int(),
  rows_ore: z.number().int(),
  /** Items + work + rows, excl. VAT. */
  subtotal_ore: z.number().int(),
  surcharge_ore: z.number().int(),
  total_excl_vat_ore: z.number().int(),
  vat_ore: z.number().int(),
  total_incl_vat_ore: z.number().int(),
  /** Labour incl. VAT that qualifies for ROT / RUT. */
  rot_labour_incl_vat_ore: z.number().int(),
  rut_labour_incl_vat_ore: z.number().int(),
  rot_ore: z.number().int(),
  rut_ore: z.number().int(),
  deduction_ore: z.number().int(),
  /** Total incl. VAT − deduction, before rounding. */
  after_deduction_ore: z.number().int(),
  /** Öresavrundning to whole kronor (shown on its own line). */
  rounding_ore: z.number().int(),
  to_pay_ore: z.number().int(),
  /** The rates used (from the dated table of Skatteverket's rules). */
  rot_rate_bp: z.number().int(),
  rut_rate_bp: z.number().int(),
  /** The date the rules were taken for (YYYY-MM-DD). */
  rules_date: z.string(),
});
export type OfferTotals = z.infer<typeof OfferTotalsSchema>;

const ProjectRefSchema = z
  .object({ id: z.number().int(), number: z.string(), name: z.string() })
  .nullable();

/** The end customer the offer is to: a row of the customer register (id) or only a name/e-mail. */
export const OfferEndCustomerSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
});

export const OfferSummarySchema = z.object({
  id: z.number().int(),
  /** The company's offer number, "KO-1001" upwards; versions share it. */
  number: z.string(),
  version: z.number().int(),
  title: z.string(),
  status: OfferStatusSchema,
  store: z.object({ external_id: z.string(), name: z.string() }),
  project: ProjectRefSchema,
  end_customer: OfferEndCustomerSchema,
  valid_until: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  total_incl_vat_ore: z.number().int(),
  to_pay_ore: z.number().int(),
});
export type OfferSummary = z.infer<typeof OfferSummarySchema>;

export const OfferSchema = OfferSummarySchema.extend({
  message: z.string(),
  previous_offer_id: z.number().int().nullable(),
  replaced_by_offer_id: z.number().int().nullable(),
  /** Drafts only; a sent offer's edits make a new version. */
  editable: z.boolean(),
  source_quote_id: z.number().int().nullable(),
  source_order_id: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  declined_at: z.string().nullable(),
  terms_accepted_at: z.string().nullable(),
  items: z.array(OfferItemSchema),
  work: z.array(OfferWorkSchema),
  rows: z.array(OfferRowSchema),
  deductions: z.array(OfferDeductionSchema),
  surcharge: OfferSurchargeSchema,
  totals: OfferTotalsSchema,
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferPageSchema = tradePageSchema(OfferSummarySchema);
export type OfferPage = z.infer<typeof OfferPageSchema>;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const OfferListQuerySchema = PageQuerySchema.extend({
  project_id: IdSchema.optional(),
  /** The offers of one customer of the register (its page /kunder/{id}/). */
  end_customer_id: IdSchema.optional(),
  search: z.string().trim().max(100).optional(),
  status: OfferStatusSchema.optional(),
});
export type OfferListQuery = z.infer<typeof OfferListQuerySchema>;

export const OfferIdParamsSchema = z.object({ eid: z.string().min(1).max(64), id: IdSchema });
export const OfferLineParamsSchema = OfferIdParamsSchema.extend({ line_id: IdSchema });

const TitleSchema = z.string().trim().min(1, 'Ange en rubrik.').max(200);
const EmailSchema = z.email('Ange en giltig e-postadress.').max(254);

/** What a new offer (and the from_* calls) may set besides its lines. */
export const OfferHeadFields = {
  title: TitleSchema,
  project_id: BodyIdSchema.nullable().optional(),
  /** A customer of the register (end-customer/); its name and e-mail become the recipient. */
  end_customer_id: BodyIdSchema.nullable().optional(),
  recipient_name: z.string().trim().max(200).optional(),
  recipient_email: z.union([EmailSchema, z.literal('')]).optional(),
  valid_until: IsoDateSchema.optional(),
  message: z.string().max(4000).optional(),
};

export const OfferCreateBodySchema = z.object(OfferHeadFields);
export type OfferCreateBody = z.infer<typeof OfferCreateBodySchema>;

/** PATCH offer/{id}/: any head field; `project_id` moves the offer to a project (null: none). */
export const OfferPatchBodySchema = z
  .object(OfferHeadFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Inget att ändra.' });
export type OfferPatchBody = z.infer<typeof OfferPatchBodySchema>;

const FromBodyFields = {
  title: TitleSchema.optional(),
  project_id: OfferHeadFields.project_id,
  end_customer_id: OfferHeadFields.end_customer_id,
  recipient_name: OfferHeadFields.recipient_name,
  recipient_email: OfferHeadFields.recipient_email,
  valid_until: OfferHeadFields.valid_until,
  /** Markup on the purchase price for every copied item, basis points (default 0). */
  markup_bp: z.number().int().min(0).max(100_000).optional(),
};

export const OfferFromQuoteBodySchema = z.object({ quote_id: BodyIdSchema, ...FromBodyFields });
export type OfferFromQuoteBody = z.infer<typeof OfferFromQuoteBodySchema>;
export const OfferFromOrderBodySchema = z.object({ order_id: BodyIdSchema, ...FromBodyFields });
export type OfferFromOrderBody = z.infer<typeof OfferFromOrderBodySchema>;

const QuantitySchema = z
  .number()
  .int('Antalet ska vara ett heltal.')
  .min(1, 'Antalet måste vara minst 1.')
  .max(OFFER_MAX_QUANTITY, `Antalet får vara högst ${OFFER_MAX_QUANTITY}.`);

/**
 * The spec's add payload (§3 "Offer item add payload", §7 "Quote add to offer"): external_id
 * (the article's id), offer_id, title, quantity. The company's sale price: unit_price_ore, or
 * markup_bp on the net price, or (neither) the net price itself.
 */
export const OfferItemAddBodySchema = z.object({
  external_id: z.union([z.string().trim().min(1).max(64), z.number().int().positive()]),
  offer_id: BodyIdSchema,
  title: z.string().trim().max(200).optional(),
  quantity: QuantitySchema,
  unit_price_ore: PositiveOreSchema.optional(),
  markup_bp: z.number().int().min(0).max(100_000).optional(),
});
export type OfferItemAddBody = z.infer<typeof OfferItemAddBodySchema>;

export const OfferItemUpdateBodySchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    quantity: QuantitySchema.optional(),
    unit_price_ore: PositiveOreSchema.optional(),
    markup_bp: z.number().int().min(0).max(100_000).optional(),
  })
  .refine((b) => !(b.unit_price_ore !== undefined && b.markup_bp !== undefined), {
    message: 'Ange antingen pris eller påslag, inte båda.',
    path: ['markup_bp'],
  });
export type OfferItemUpdateBody = z.infer<typeof OfferItemUpdateBodySchema>;

export const OfferWorkBodySchema = z.object({
  title: z.string().trim().min(1, 'Beskriv arbetet.').max(200),
  hours_hundredths: z
    .number()
    .int('Ange timmar med högst två decimaler.')
    .min(1, 'Ange antal timmar.')
    .max(1_000_000),
  rate_ore: z.number().int().min(0).max(10_000_000),
  deduction_type: DeductionTypeSchema.nullable().optional(),
});
export type OfferWorkBody = z.infer<typeof OfferWorkBodySchema>;

export const OfferRowBodySchema = z.object({
  text: z.string().trim().min(1, 'Skriv en text.').max(500),
  amount_ore: OreSchema,
  vat_rate_bp: z.union([z.literal(2500), z.literal(1200), z.literal(600), z.literal(0)]).optional(),
});
export type OfferRowBody = z.infer<typeof OfferRowBodySchema>;

export const OfferDeductionBodySchema = z.object({
  type: DeductionTypeSchema,
  person_name: z.string().trim().min(1, 'Ange vem som gör avdraget.').max(200),
  share_bp: z.number().int().min(1).max(10_000).nullable().optional(),
  prior_rot_ore: PositiveOreSchema.optional(),
  prior_rut_ore: PositiveOreSchema.optional(),
});
export type OfferDeductionBody = z.infer<typeof OfferDeductionBodySchema>;

export const OfferSurchargeBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('percent'), percent_bp: z.number().int().min(0).max(100_000) }),
  z.object({ type: z.literal('amount'), amount_ore: OreSchema }),
]);
export type OfferSurchargeBody = z.infer<typeof OfferSurchargeBodySchema>;

export const OfferSendBodySchema = z.object({
  /** A note to the customer in the e-mail (the offer's message if omitted). */
  message: z.string().max(4000).optional(),
});
export type OfferSendBody = z.infer<typeof OfferSendBodySchema>;

/** The query of the end customer's link (`…/offert/{offerId}/?offer_hash=…`). */
export const OfferHashQuerySchema = z.object({
  offer_hash: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Länken är ogiltig.'),
});
