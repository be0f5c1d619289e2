import { z } from 'zod';
import {
  AppliedGiftCardSchema,
  CartItemOptionSchema,
  CartStoreSchema,
  CheckoutContactSchema,
  PaymentMethodIdSchema,
  ShippingTypeSchema,
} from './cart.ts';

/**
 * An order (the reply of POST /api/v1.0/cart/current/checkout/, 201) and its receipt
 * (GET /api/v1.0/orders/{id}/, for /kvitto/visa/{id}).
 *
 * UNITS: every amount is an integer number of öre (1 SEK = 100 öre), including VAT unless
 * the field name says `excl_vat`. Quantities are whole sales units.
 *
 * The id is a random, unguessable token (not the order number): knowing it is what lets a
 * browser read the receipt, so it is only ever given to the browser that placed the order
 * and written in the confirmation e-mail.
 */

export const ORDER_STATUSES = ['placed', 'awaiting_payment', 'paid', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pay_at_pickup', 'invoiced', 'pending', 'paid', 'failed'] as const;

export const OrderLineSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  options: z.array(CartItemOptionSchema),
  /** Whole sales units. */
  quantity: z.number().int().positive(),
  unit: z.string(),
  /** Öre incl. VAT: the unit price charged. */
  price: z.number().int(),
  /** Öre incl. VAT: price × quantity. */
  sum: z.number().int(),
  /** Öre: the VAT contained in sum. */
  vat: z.number().int(),
  /** VAT rate as a fraction, e.g. 0.25. */
  vat_rate: z.number().min(0).max(1),
  /** Warehouse code the line was taken from. */
  warehouse: z.string(),
  is_gift_card: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** Totals per warehouse (the purchase event computes tax per warehouse line). */
export const OrderWarehouseSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Öre incl. VAT. */
  sum: z.number().int(),
  /** Öre: VAT in sum. */
  vat: z.number().int(),
});

/** A gift card bought in this order: number and PIN are shown on the receipt only. */
export const IssuedGiftCardSchema = z.object({
  /** 16 digits, grouped in fours for display by the client. */
  number: z.string(),
  /**
   * The random PIN, shown until the order confirmation carrying it has been sent; null after
   * that (only its hash is kept, issue 15).
   */
  pin: z.string().nullable(),
  /** Öre: the card's value. */
  value: z.number().int(),
});

export const OrderSchema = z.object({
  /** Unguessable id for the receipt URL /kvitto/visa/{id}. */
  id: z.string(),
  /** Human order number, e.g. 'W100042', for customer service. */
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** ISO 8601. */
  created_at: z.string(),
  store: CartStoreSchema,
  contact: CheckoutContactSchema,
  shipping: z.object({
    type: ShippingTypeSchema,
    label: z.string(),
    /** Öre incl. VAT. */
    price: z.number().int(),
    address: z.object({ street: z.string(), postcode: z.string(), city: z.string() }).nullable(),
  }),
  payment: z.object({
    method: PaymentMethodIdSchema,
    label: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    reference: z.string().nullable(),
    /**
     * Card only, while status is pending: the provider's client secret for its browser SDK
     * to confirm the payment. Null otherwise.
     */
    client_secret: z.string().nullable(),
  }),
  message: z.string().nullable(),
  lines: z.array(OrderLineSchema),
  warehouses: z.array(OrderWarehouseSchema),
  giftcards: z.array(AppliedGiftCardSchema),
  issued_giftcards: z.array(IssuedGiftCardSchema),
  summary: z.object({
    /** Units. */
    quantity: z.number().int(),
    /** Öre incl. VAT: the items. */
    items_price: z.number().int(),
    /** Öre incl. VAT. */
    shipping_price: z.number().int(),
    /** Öre incl. VAT: taken off the items by the discount code (0 without one). */
    discount: z.number().int(),
    /** The discount code used, e.g. 'BYGG10'; null without one. */
    voucher_code: z.string().nullable(),
    /** Öre incl. VAT: items minus the discount plus shipping. */
    price: z.number().int(),
    /** Öre: VAT contained in price. */
    vat: z.number().int(),
    /** Öre: price without VAT. */
    price_excl_vat: z.number().int(),
    /** Öre: paid with gift cards. */
    giftcard_amount: z.number().int(),
    /** Öre: left to pay (in store, by invoice or by card). */
    to_pay: z.number().int(),
  }),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Ogiltigt ordernummer'),
});

/**
 * POST /api/v1.0/payments/{provider}/webhook/: the card provider tells how a payment ended.
 * The body is the provider's own event JSON, verified against its raw bytes and the signature
 * header (Stripe-Signature); a bad signature is 400, an event seen before or of no interest
 * is acknowledged with 200 and changes nothing.
 */
export const PaymentWebhookParamsSchema = z.object({
  provider: z.enum(['stripe']),
});

export const PaymentWebhookHeadersSchema = z.object({
  'stripe-signature': z
    .string({ error: 'Stripe-Signature saknas' })
    .min(1, 'Stripe-Signature saknas')
    .max(4096),
});

export const PaymentWebhookReplySchema = z.object({
  received: z.literal(true),
  /** applied: the order changed; unchanged: nothing to do; duplicate: seen before; ignored. */
  result: z.enum(['applied', 'unchanged', 'duplicate', 'ignored']),
});
export type PaymentWebhookReply = z.infer<typeof PaymentWebhookReplySchema>;
