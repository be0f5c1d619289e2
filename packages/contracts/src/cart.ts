import { z } from 'zod';
import { STOCK_FAILURE_REASONS, STOCK_STATUSES } from '@bygg/domain/stock';
import { TOO_MANY_PRODUCTS_MESSAGE } from '@bygg/domain/quantity';
import { DB_INT_MAX, IdSchema, PathIdSchema } from './input.ts';

/**
 * The cart (storefront spec §3 "Cart", §4 "Cart", §7 "Cart (v1.0)", §8).
 *
 * UNITS: every amount in the cart, validate and checkout replies is an integer number of
 * öre (1 SEK = 100 öre), including VAT unless the field name says `excl_vat`; format it
 * with domain/money formatPrice. Quantities are whole sales units (st, pkt, lpm, …).
 *
 * Who owns a cart: the browser, by the HttpOnly signed cookie `bygg_cart` that the API sets
 * on the first add; a logged-in trade user (proffs) additionally by their user id, so the
 * cart follows them to another browser. When a logged-in request carries a cart cookie of an
 * anonymous cart, that cart is merged into the user's cart (quantities added, nothing lost).
 *
 * Which store prices the cart: the store in the `bygg_store` cookie (the store the shopper
 * chose) when it is one of the organisation's stores; `PATCH cart/current/shipping/` with
 * `store_id` also sets it (the pickup store). A cart without either uses the organisation's
 * central store, or its first store when it has none. Prices follow the same rules as the
 * product API's offers (store price over list price, campaigns, a trade customer's net price).
 *
 * Statuses: GET cart/current/ 404 = no cart yet (not an error). Every call that changes the
 * cart replies with the whole cart. PATCH shipping replies 200 (changed) or 202 (nothing to
 * change). 400 = bad input (body names the field), 404 = unknown article / cart line, 428 =
 * too many requests (the storefront shows its dedicated message and opens the mini cart).
 */

/** The largest quantity one cart line can hold (a typo such as 10000 st gets the spec's message). */
export const MAX_LINE_QUANTITY = 9_999;
/** At most this many lines in one cart (storefront spec §9 "cart/offer limits 50 and 200"). */
export const MAX_CART_LINES = 200;
/** The cart cookie (HttpOnly, signed, set by the API). Clients never read it. */
export const CART_COOKIE = 'bygg_cart';
/** The header that makes a checkout idempotent; one new value per checkout attempt. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Shipping types (storefront spec §3): store pickup 1, address 2. */
export const ShippingTypeSchema = z.union([z.literal(1), z.literal(2)]);
export const StockFailureReasonSchema = z.enum(STOCK_FAILURE_REASONS);

export const CartItemOptionSchema = z.object({
  name: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
});

/**
 * Why a line cannot be ordered as it is now (issue 22): the same reason and §8 text that
 * validate and checkout would answer with, so the cart and /kassa flag it at once.
 */
export const CartLineProblemSchema = z.object({
  reason: StockFailureReasonSchema,
  message: z.string(),
  /** What is in stock now for INSUFFICIENT_STOCK, else null. */
  available_quantity: z.number().int().nullable(),
});

/** One cart line (spec §3 "Cart line"). */
export const CartLineSchema = z.object({
  /** The cart line's id: PATCH/DELETE cart/current/item/{id}/ take it. */
  id: z.number().int(),
  /** The 7-digit article id (the same id as the product API's article_id). */
  article_id: z.number().int(),
  /** Whole sales units, 1..MAX_LINE_QUANTITY. */
  quantity: z.number().int().positive(),
  /** The article's full title (product title plus options). */
  title: z.string(),
  brand: z.string().nullable(),
  /** Name of the product's (leaf) category, for analytics item_category. */
  category: z.string().nullable(),
  /** The product page slug (/produkt/{slug}). */
  product_slug: z.string(),
  /** First product image, /media/products/{key}/{width}.webp at 160 px; null without one. */
  image_url: z.string().nullable(),
  /** Sales unit: st, pkt, lpm, … */
  unit: z.string(),
  /** Öre incl. VAT: the price of ONE unit for the cart's store now. */
  price: z.number().int(),
  /** Öre excl. VAT: the price of one unit. */
  price_excl_vat: z.number().int(),
  /** Öre incl. VAT: the ordinary unit price while a campaign applies, else null. */
  reduced_from: z.number().int().nullable(),
  /** Öre incl. VAT: price × quantity. */
  sum: z.number().int(),
  /** Öre excl. VAT: the line's sum without VAT. */
  sum_excl_vat: z.number().int(),
  /** VAT rate as a fraction, e.g. 0.25. */
  vat_rate: z.number().min(0).max(1),
  /** True when the price is the logged-in trade customer's negotiated net price. */
  is_net_price: z.boolean(),
  /** Article options (spec: options list of name, value, unit). */
  options: z.array(CartItemOptionSchema),
  /** Code of the warehouse the line is picked from (the `warehouses` entry it belongs to). */
  warehouse: z.string(),
  /** Stock status in that warehouse now; UNKNOWN where the stock is hidden or not kept. */
  stock_status: z.enum(STOCK_STATUSES),
  /** Units on hand in that warehouse; null when hidden, unknown or not stocked (made to order). */
  quantity_on_hand: z.number().int().nullable(),
  /** A gift card article: buying it issues a gift card with the order. */
  is_gift_card: z.boolean(),
  /** What stops this line from being ordered now (for the chosen shipping), or null. */
  problem: CartLineProblemSchema.nullable(),
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** The lines of one warehouse with their totals (the purchase event's tax per warehouse line). */
export const CartWarehouseSchema = z.object({
  /** Warehouse code, e.g. '1042' or 'CENTRAL'. */
  code: z.string(),
  name: z.string(),
  is_central: z.boolean(),
  /** Ids of the cart lines picked here. */
  item_ids: z.array(z.number().int()),
  /** Öre incl. VAT. */
  sum: z.number().int(),
  /** Öre: the VAT contained in sum. */
  vat: z.number().int(),
});

/** One way to get the goods (spec §3 shipping types). */
export const ShippingOptionSchema = z.object({
  type: ShippingTypeSchema,
  /** 'Hämta i butik' or 'Hemleverans'. */
  label: z.string(),
  /** Öre incl. VAT for this cart (0 when free, e.g. over 499:- for home delivery). */
  price: z.number().int(),
  /** Öre incl. VAT: the ordinary price before the free-shipping rule. */
  ordinary_price: z.number().int(),
  /** Öre: free over this items total (strictly more); null when always free. */
  free_over: z.number().int().nullable(),
});

/** The shipping list (spec §3: shipping list with selected and sum). */
export const CartShippingSchema = z.object({
  /** The chosen shipping type. */
  selected: ShippingTypeSchema,
  /** Öre incl. VAT: the chosen option's price for this cart. */
  sum: z.number().int(),
  options: z.array(ShippingOptionSchema),
});

/** A gift card applied to the cart; the full number is never sent back. */
export const AppliedGiftCardSchema = z.object({
  /** The last four digits, e.g. '4821', shown as '•••• 4821'. */
  last4: z.string(),
  /** Öre: the card's balance now. */
  balance: z.number().int(),
  /** Öre: how much of it this order would use. */
  amount: z.number().int(),
});

/**
 * The voucher part of the cart (spec §3 "voucher"): the discount code applied to it, if any,
 * and the gift cards that pay part of it. Null when the cart has neither.
 */
export const CartVoucherSchema = z.object({
  /** The applied discount code in upper case, e.g. 'BYGG10'; null without one. */
  code: z.string().nullable(),
  /** Swedish description of the code, e.g. '10 % rabatt på varorna vid köp över 500 kr'. */
  description: z.string().nullable(),
  /** Öre incl. VAT: what the code takes off the items now (0 while it does not apply). */
  discount: z.number().int().nonnegative(),
  /** Why the applied code gives no discount now (e.g. the minimum is no longer reached). */
  message: z.string().nullable(),
  giftcards: z.array(AppliedGiftCardSchema),
  /** Öre: the sum the gift cards cover (at most the cart total). */
  amount: z.number().int(),
});

export const PAYMENT_METHODS = ['pay_in_store', 'invoice', 'card'] as const;
export const PaymentMethodIdSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethodId = z.infer<typeof PaymentMethodIdSchema>;

/**
 * A payment method this cart may use now. pay_in_store: only with store pickup; invoice:
 * only for a logged-in trade user with a company; card: only the building-supply chain with
 * a configured card provider. Methods not offered are not listed.
 */
export const PaymentMethodSchema = z.object({
  id: PaymentMethodIdSchema,
  /** 'Betala i butik vid hämtning', 'Faktura', 'Kort'. */
  label: z.string(),
  /** Short Swedish help text for the checkout page. */
  description: z.string(),
  /** The card provider ('stripe') for id card; null otherwise. */
  provider: z.string().nullable(),
  /** The provider's publishable key for its browser SDK (card only), else null. */
  publishable_key: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const CartStoreSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  /** Name without the organisation prefix, e.g. 'Uppsala'. */
  name: z.string(),
  slug: z.string(),
  is_central: z.boolean(),
  /** The store has trade accounts: the cart shows the proffs total (excl. VAT). */
  proffs_enabled: z.boolean(),
});

export const CartSummarySchema = z.object({
  /** Öre incl. VAT: items minus the discount plus shipping (the order total before gift cards). */
  price: z.number().int(),
  /** Units in the cart (the sum of line quantities; the mini-cart badge). */
  quantity: z.number().int().nonnegative(),
  /** Öre incl. VAT: the items alone. */
  items_price: z.number().int(),
  /** Öre incl. VAT: the chosen shipping. */
  shipping_price: z.number().int(),
  /** Öre incl. VAT: taken off the items by the discount code (0 without one). */
  discount: z.number().int().nonnegative(),
  /** Öre: the VAT contained in price. */
  vat: z.number().int(),
  /** Öre: price without VAT (the proffs cart total). */
  price_excl_vat: z.number().int(),
  /** Öre: paid by gift cards. */
  giftcard_amount: z.number().int(),
  /** Öre: left to pay after gift cards. */
  to_pay: z.number().int(),
  /** Öre: how much more for free home delivery (0 when already free). */
  free_shipping_remaining: z.number().int(),
});

export const CartSchema = z.object({
  summary: CartSummarySchema,
  warehouses: z.array(CartWarehouseSchema),
  items: z.array(CartLineSchema),
  /**
   * Swedish notes about changes the shopper should know of, e.g. a line that was lowered to
   * what is in stock, or a merged anonymous cart; shown joined by line breaks (spec §4).
   */
  messages: z.array(z.string()),
  shipping: CartShippingSchema,
  voucher: CartVoucherSchema.nullable(),
  store: CartStoreSchema,
  payment_methods: z.array(PaymentMethodSchema),
  /** Opaque fingerprint of lines, quantities and prices; send it to validate and checkout. */
  checksum: z.string(),
});
export type Cart = z.infer<typeof CartSchema>;

// --- Request bodies ---------------------------------------------------------------------

const quantity = (min: number) =>
  z
    .number({ error: 'Antal ska vara ett heltal' })
    .int('Antal ska vara ett heltal')
    .min(min, `Antal ska vara minst ${min}`)
    .max(MAX_LINE_QUANTITY, TOO_MANY_PRODUCTS_MESSAGE);

/** POST cart/current/item/: adds quantity to the article's line (or creates it). */
export const AddCartItemBodySchema = z.object({
  article_id: z.number({ error: 'Ogiltigt artikelnummer' }).int().positive().max(DB_INT_MAX),
  /** Whole units to add, 1..MAX_LINE_QUANTITY. */
  quantity: quantity(1),
});
export type AddCartItemBody = z.infer<typeof AddCartItemBodySchema>;

/** PATCH cart/current/item/{id}/: sets the line's quantity; 0 removes the line (spec §5). */
export const UpdateCartItemBodySchema = z.object({ quantity: quantity(0) });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBodySchema>;

export const CartItemParamsSchema = z.object({
  id: PathIdSchema,
});

/** PATCH cart/current/shipping/: 200 with the cart when something changed, 202 when not. */
export const UpdateShippingBodySchema = z
  .object({
    type: ShippingTypeSchema.optional(),
    /** The store to pick up in (and to price the cart for). */
    store_id: IdSchema.optional(),
  })
  .refine((body) => body.type !== undefined || body.store_id !== undefined, {
    message: 'Ange type eller store_id',
  });
export type UpdateShippingBody = z.infer<typeof UpdateShippingBodySchema>;

/** A gift card number: 16 digits, the last a Luhn check digit; spaces are allowed. */
export const GiftCardNumberSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{16}$/, 'Presentkortsnumret ska ha 16 siffror'));
/** The 4-digit PIN printed under the scratch field. */
export const GiftCardPinSchema = z.string().regex(/^\d{4}$/, 'PIN-koden ska ha 4 siffror');

/** POST cart/current/giftcard/. */
export const AddGiftCardBodySchema = z.object({
  number: GiftCardNumberSchema,
  pin: GiftCardPinSchema,
});
export type AddGiftCardBody = z.input<typeof AddGiftCardBodySchema>;

/** DELETE cart/current/giftcard/: removes the card with these last four digits. */
export const RemoveGiftCardBodySchema = z.object({
  last4: z.string().regex(/^\d{4}$/, 'Ange de fyra sista siffrorna'),
});
export type RemoveGiftCardBody = z.infer<typeof RemoveGiftCardBodySchema>;

/** The longest discount code. */
export const MAX_VOUCHER_CODE_LENGTH = 40;

/** POST cart/current/voucher/: a discount code, matched without regard to case or spaces. */
export const ApplyVoucherBodySchema = z.object({
  code: z
    .string({ error: 'Ange en rabattkod' })
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'Ange en rabattkod')
        .max(MAX_VOUCHER_CODE_LENGTH, 'Rabattkoden är för lång')
        .regex(/^[A-Z0-9ÅÄÖ_-]+$/, 'Rabattkoden finns inte'),
    ),
});
export type ApplyVoucherBody = z.input<typeof ApplyVoucherBodySchema>;

/** The Swedish messages of a refused or no longer applying discount code. */
export const VOUCHER_MESSAGES = {
  unknown: 'Rabattkoden finns inte',
  notStarted: 'Rabattkoden gäller inte ännu',
  expired: 'Rabattkoden har gått ut',
  usedUp: 'Rabattkoden har redan använts',
  /** `minimum` is the required items total, formatted like '500:-'. */
  minimum: (minimum: string) => `Rabattkoden gäller vid köp för minst ${minimum}`,
  none: 'Det finns ingen rabattkod i varukorgen',
} as const;

// --- Validate (POST /api/v2.0/cart/validate/) ----------------------------------------------

/** One problem with the cart; message is the Swedish text of spec §8 for the reason. */
export const StockFailureSchema = z.object({
  reason: StockFailureReasonSchema,
  message: z.string(),
  /** The cart line concerned; null for a cart-wide failure (INVALID_CHECKSUM). */
  item_id: z.number().int().nullable(),
  article_id: z.number().int().nullable(),
  /** What is in stock now for INSUFFICIENT_STOCK, else null. */
  available_quantity: z.number().int().nullable(),
});
export type StockFailure = z.infer<typeof StockFailureSchema>;

/** Body of validate; checksum is the cart's last checksum the client saw (optional). */
export const ValidateCartBodySchema = z.object({ checksum: z.string().max(128).optional() });

/** 200 always when a cart exists (404 when none): valid is false when failures is not empty. */
export const CartValidationSchema = z.object({
  valid: z.boolean(),
  failures: z.array(StockFailureSchema),
  checksum: z.string(),
});
export type CartValidation = z.infer<typeof CartValidationSchema>;

/** The 409 body of checkout when stock ran out or the cart changed: fix and try again. */
export const CheckoutConflictSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  failures: z.array(StockFailureSchema),
});
export type CheckoutConflict = z.infer<typeof CheckoutConflictSchema>;

// --- Checkout (POST /api/v1.0/cart/current/checkout/) -------------------------------------

const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} måste fyllas i`).max(max, `${label} är för långt`);

export const CheckoutContactSchema = z.object({
  first_name: required('Förnamn', 100),
  last_name: required('Efternamn', 100),
  email: z.email('Ange en giltig e-postadress').max(254),
  /** Swedish phone number, digits with optional +, spaces and dashes. */
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s-]{6,20}$/, 'Ange ett giltigt telefonnummer'),
  company: z.string().trim().max(200).nullable().optional(),
});
export type CheckoutContact = z.infer<typeof CheckoutContactSchema>;

/** Delivery address (required for shipping type 2); postcode: 5 digits after removing spaces. */
export const CheckoutAddressSchema = z.object({
  street: required('Gatuadress'),
  postcode: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{5}$/, 'Postnumret ska ha 5 siffror')),
  city: required('Ort', 100),
});

export const CheckoutShippingSchema = z.object({
  type: ShippingTypeSchema,
  /** Required when type is 2. */
  address: CheckoutAddressSchema.nullable().optional(),
});

export const CheckoutPaymentSchema = z.object({
  method: PaymentMethodIdSchema,
  /** Invoice only: the buyer's reference (märkning) printed on the invoice. */
  reference: z.string().trim().max(100).nullable().optional(),
});

export const CheckoutBodySchema = z.object({
  contact: CheckoutContactSchema,
  shipping: CheckoutShippingSchema,
  payment: CheckoutPaymentSchema,
  /** A note to the store, e.g. when to pick up. */
  message: z.string().trim().max(1000).nullable().optional(),
  /** The cart checksum the shopper saw; a different cart now gives 409 INVALID_CHECKSUM. */
  checksum: z.string().max(128).optional(),
  /** A logged-in trade user's project the order is for (one they may see in the store). */
  project_id: z.number().int().positive().nullable().optional(),
});
export type CheckoutBody = z.input<typeof CheckoutBodySchema>;

/** Idempotency-Key header: 8..128 visible characters, e.g. a UUID made per checkout attempt. */
export const IdempotencyKeySchema = z
  .string({ error: 'Idempotency-Key saknas' })
  .regex(/^[\x21-\x7e]{8,128}$/, 'Idempotency-Key ska vara 8–128 tecken');
