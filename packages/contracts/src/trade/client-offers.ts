import { z } from 'zod';
import { PageQuerySchema } from './common.ts';
import {
  DeductionTypeSchema,
  OfferHashQuerySchema,
  OfferStatusSchema,
  type Offer,
} from './offers.ts';
import { tradePageSchema } from './quotes.ts';

/**
 * Client offers (issue 19, trade-area spec §7 "Client offers"): the end customer's side of an
 * offer, under `api/proffs/client-offer/…`, authorised by the project token of the end
 * customer's invitation (a bearer value, never a trade session) and, for the approval, the
 * link's `offer_hash` too.
 *
 * | Method | Path | Reply |
 * |---|---|---|
 * | GET | client-offer/?page&page_size | ClientOfferPage: the project's sent offers (current versions) |
 * | GET | client-offer/{id}/ | ClientOffer |
 * | PUT | client-offer/{id}/approve/?offer_hash= | ClientOffer (approved); 409 once decided |
 * | PUT | client-offer/{id}/decline/?offer_hash= | ClientOffer (declined); 409 once decided |
 *
 * The end customer sees amounts incl. VAT only: never the trade customer's net prices or
 * margins. A wrong or replaced hash, another project's offer, a draft: 404 with the same
 * message, so the reply never tells whether the offer exists.
 */

export const CLIENT_OFFER_NOT_FOUND_MESSAGE =
  'Offerten finns inte eller länken är inte längre giltig.';
export const CLIENT_OFFER_ALREADY_APPROVED = 'Offerten är redan godkänd.';
export const CLIENT_OFFER_ALREADY_DECLINED = 'Offerten är redan avböjd.';
export const CLIENT_OFFER_EXPIRED = 'Offerten har gått ut och kan inte längre godkännas.';
export const CLIENT_OFFER_TERMS_REQUIRED =
  'Du behöver godkänna villkoren innan du godkänner offerten.';

export const ClientOfferParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const ClientOfferHashQuerySchema = OfferHashQuerySchema;
export const ClientOfferListQuerySchema = PageQuerySchema;

export const ClientOfferDecisionBodySchema = z
  .object({
    /** The name the customer signs with; the invited end customer's name when left out. */
    name: z.string().trim().min(1, 'Ange ditt namn.').max(200).optional(),
  })
  .nullish();
export type ClientOfferDecisionBody = z.infer<typeof ClientOfferDecisionBodySchema>;

export const ClientOfferLineSchema = z.object({
  kind: z.enum(['item', 'work', 'row', 'surcharge']),
  text: z.string(),
  /** "12 st", "7,5 h"; '' for a free row. */
  quantity: z.string(),
  /** Per unit incl. VAT (a work row: the hourly rate); null for a free row. */
  unit_price_incl_vat_ore: z.number().int().nullable(),
  sum_incl_vat_ore: z.number().int(),
  deduction_type: DeductionTypeSchema.nullable(),
});
export type ClientOfferLine = z.infer<typeof ClientOfferLineSchema>;

export const ClientOfferSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  version: z.number().int(),
  title: z.string(),
  status: OfferStatusSchema,
  valid_until: z.string(),
  sent_at: z.string().nullable(),
  total_incl_vat_ore: z.number().int(),
  to_pay_ore: z.number().int(),
});
export type ClientOfferSummary = z.infer<typeof ClientOfferSummarySchema>;

export const ClientOfferSchema = ClientOfferSummarySchema.extend({
  message: z.string(),
  /** The trade customer who made the offer. */
  company: z.object({ name: z.string() }),
  project: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  recipient_name: z.string(),
  lines: z.array(ClientOfferLineSchema),
  deductions: z.array(
    z.object({ type: DeductionTypeSchema, person_name: z.string(), amount_ore: z.number().int() }),
  ),
  totals: z.object({
    total_excl_vat_ore: z.number().int(),
    vat_ore: z.number().int(),
    total_incl_vat_ore: z.number().int(),
    deduction_ore: z.number().int(),
    rounding_ore: z.number().int(),
    to_pay_ore: z.number().int(),
  }),
  /** The project's terms were accepted (end-customer/project/{id}/accept_terms/). */
  terms_accepted: z.boolean(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  declined_at: z.string().nullable(),
});
export type ClientOffer = z.infer<typeof ClientOfferSchema>;

export const ClientOfferPageSchema = tradePageSchema(ClientOfferSummarySchema);
export type ClientOfferPage = z.infer<typeof ClientOfferPageSchema>;

/** An amount excl. VAT with its VAT rate (basis points), incl. VAT, rounded to whole öre. */
export function withVat(exclOre: number, vatRateBp: number): number {
  return Math.round((exclOre * (10_000 + vatRateBp)) / 10_000);
}

function hoursText(hundredths: number): string {
  return `${(hundredths / 100).toLocaleString('sv-SE', { maximumFractionDigits: 2 })} h`;
}

/**
 * An offer's lines as the end customer sees them (the approval page, the editor's preview):
 * each line incl. VAT, no purchase prices. The totals are the offer's own (the server's), so
 * the lines may differ from the total by the öre of per-line rounding, as on any receipt.
 */
export function clientOfferLines(
  offer: Pick<Offer, 'items' | 'work' | 'rows' | 'totals'>,
): ClientOfferLine[] {
  const lines: ClientOfferLine[] = [];
  for (const item of offer.items) {
    lines.push({
      kind: 'item',
      text: item.title,
      quantity: `${item.quantity} ${item.unit}`,
      unit_price_incl_vat_ore: withVat(item.unit_price_ore, item.vat_rate_bp),
      sum_incl_vat_ore: withVat(item.sum_ore, item.vat_rate_bp),
      deduction_type: null,
    });
  }
  for (const work of offer.work) {
    lines.push({
      kind: 'work',
      text: work.title,
      quantity: hoursText(work.hours_hundredths),
      unit_price_incl_vat_ore: withVat(work.rate_ore, 2500),
      sum_incl_vat_ore: withVat(work.sum_ore, 2500),
      deduction_type: work.deduction_type,
    });
  }
  for (const row of offer.rows) {
    lines.push({
      kind: 'row',
      text: row.text,
      quantity: '',
      unit_price_incl_vat_ore: null,
      sum_incl_vat_ore: withVat(row.amount_ore, row.vat_rate_bp),
      deduction_type: null,
    });
  }
  if (offer.totals.surcharge_ore !== 0) {
    lines.push({
      kind: 'surcharge',
      text: 'Tillägg',
      quantity: '',
      unit_price_incl_vat_ore: null,
      sum_incl_vat_ore: withVat(offer.totals.surcharge_ore, 2500),
      deduction_type: null,
    });
  }
  return lines;
}

/** The customer's view of a whole offer (the editor's preview builds it from the offer). */
export function clientOfferOf(
  offer: Offer,
  extra: { company: string; terms_accepted: boolean },
): ClientOffer {
  return {
    id: offer.id,
    number: offer.number,
    version: offer.version,
    title: offer.title,
    status: offer.status,
    valid_until: offer.valid_until,
    sent_at: offer.sent_at,
    total_incl_vat_ore: offer.totals.total_incl_vat_ore,
    to_pay_ore: offer.totals.to_pay_ore,
    message: offer.message,
    company: { name: extra.company },
    project: offer.project ? { id: offer.project.id, name: offer.project.name } : null,
    recipient_name: offer.end_customer.name,
    lines: clientOfferLines(offer),
    deductions: offer.deductions.map((d) => ({
      type: d.type,
      person_name: d.person_name,
      amount_ore: d.amount_ore,
    })),
    totals: {
      total_excl_vat_ore: offer.totals.total_excl_vat_ore,
      vat_ore: offer.totals.vat_ore,
      total_incl_vat_ore: offer.totals.total_incl_vat_ore,
      deduction_ore: offer.totals.deduction_ore,
      rounding_ore: offer.totals.rounding_ore,
      to_pay_ore: offer.totals.to_pay_ore,
    },
    terms_accepted: extra.terms_accepted,
    approved_at: offer.approved_at,
    approved_by_name: offer.approved_by_name,
    declined_at: offer.declined_at,
  };
}
