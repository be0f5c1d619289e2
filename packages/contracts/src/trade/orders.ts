import { z } from 'zod';
import { PageQuerySchema } from './common.ts';
import { tradePageSchema } from './quotes.ts';

/**
 * A trade company's orders (trade-area spec §7 "Orders"; issue 18): the ones placed from
 * the quote cart and the ones placed in the storefront by its users.
 */

const IdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const ORDER_NOT_FOUND_MESSAGE = 'Ordern finns inte';
export const NO_QUOTE_CART_MESSAGE = 'Det finns ingen offertkorg att beställa';
export const ORDER_NEEDS_PROJECT_MESSAGE = 'Välj ett projekt för beställningen';
export const QUOTE_CART_NOT_ORDERABLE =
  'Offertkorgen går inte att beställa som den är. Kontrollera raderna.';
/** Spec §8, word for word. */
export const EXPORT_STARTED_MESSAGE =
  'Export ... har påbörjats. När den är färdig får du en länk till din e-postadress.';
export const EXPORT_EXPIRED_MESSAGE = 'Länken har gått ut eller finns inte';

export const OrderListQuerySchema = PageQuerySchema.extend({
  project_id: IdSchema.optional(),
  search: z.string().trim().max(100).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const OrderIdParamsSchema = z.object({ eid: z.string().min(1).max(64), id: IdSchema });
export const OrderAttachmentParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  order_id: IdSchema,
});
export const ExportTokenParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/, 'Ogiltig länk'),
});

export const ORDER_STATUS_LABELS: Record<string, string> = {
  placed: 'Mottagen',
  awaiting_payment: 'Väntar på betalning',
  paid: 'Betald',
  cancelled: 'Avbruten',
};

export const OrderSummarySchema = z.object({
  id: z.number().int(),
  /** The number people see ('W' + 100000 + id). */
  number: z.string(),
  store: z.object({ external_id: z.string(), name: z.string() }),
  project: z.object({ id: z.number().int(), number: z.string(), name: z.string() }).nullable(),
  status: z.string(),
  status_label: z.string(),
  /** 1 pickup in the store, 2 delivery to an address. */
  shipping_type: z.number().int(),
  created_at: z.string(),
  placed_by: z.string().nullable(),
  /** Incl. VAT, öre (what the order costs); total_excl_vat_ore without VAT. */
  total_ore: z.number().int(),
  total_excl_vat_ore: z.number().int(),
  line_count: z.number().int(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderLineSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  /** Unit price and line sum excl. VAT, öre. */
  unit_price_ore: z.number().int(),
  sum_ore: z.number().int(),
  vat_rate_bp: z.number().int(),
  warehouse: z.string(),
});

export const OrderAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  isImage: z.boolean(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type OrderAttachment = z.infer<typeof OrderAttachmentSchema>;

export const OrderDetailSchema = OrderSummarySchema.extend({
  lines: z.array(OrderLineSchema),
  shipping_address: z
    .object({ street: z.string(), postcode: z.string(), city: z.string() })
    .nullable(),
  shipping_ore: z.number().int(),
  vat_ore: z.number().int(),
  payment_method: z.string(),
  reference: z.string().nullable(),
  quote_id: z.number().int().nullable(),
  invoices: z.array(
    z.object({ number: z.string(), due_at: z.string(), total_ore: z.number().int() }),
  ),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderPageSchema = tradePageSchema(OrderSummarySchema);
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** POST order/ (spec §7: body store_id): places the stored quote cart of this store. */
export const CreateOrderBodySchema = z.object({
  store_id: z.string().min(1).max(64),
  /** The buyer's reference on the invoice. */
  reference: z.string().trim().max(100).optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const OrderExportBodySchema = z
  .object({
    project_id: z.number().int().positive().max(2_147_483_647).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .default({});
export const OrderExportReplySchema = z.object({ message: z.string(), job_id: z.number().int() });

export const OrderAttachmentListSchema = z.object({ results: z.array(OrderAttachmentSchema) });

export const OrderFileParamsSchema = OrderAttachmentParamsSchema.extend({ file_id: IdSchema });
export const OrderFileQuerySchema = z.object({ size: z.enum(['thumbnail']).optional() });
export const ATTACHMENT_NOT_FOUND_MESSAGE = 'Bilagan finns inte';
export const NO_ATTACHMENTS_MESSAGE = 'Ordern har inga bilagor';
