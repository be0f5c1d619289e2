import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { articles, type ArticleOption } from './catalog.ts';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';
import { tradeUsers } from './trade.ts';

/**
 * Carts, orders and gift cards (storefront spec §3 "Cart", issue 5). Every amount is integer
 * öre including VAT unless the column says otherwise.
 */

/**
 * A shopping cart. `token` is the random value of the browser's signed cart cookie; user_id
 * ties it to a logged-in trade user too (one open cart per user and organisation). The cart
 * is deleted when its order is placed.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id').references(() => tradeUsers.id, { onDelete: 'cascade' }),
    /** The store that prices the cart and where it is picked up. */
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** Shipping type: store pickup 1, address 2. */
    shippingType: smallint('shipping_type').notNull().default(1),
    /** The discount code applied to the cart (one at a time); counted when the order is placed. */
    voucherId: integer('voucher_id').references((): AnyPgColumn => vouchers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_token_uq').on(t.token),
    uniqueIndex('carts_user_uq')
      .on(t.organisationId, t.userId)
      .where(sql`${t.userId} is not null`),
    check('carts_shipping_type_ck', sql`${t.shippingType} in (1, 2)`),
  ],
);

/** One line per article: adds upsert with quantity = quantity + excluded.quantity. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_article_uq').on(t.cartId, t.articleId),
    check('cart_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/**
 * Gift cards: a 16-digit number (the last digit a Luhn check digit) and a random 4-digit PIN
 * kept only as a salted hash. The balance is spent with a conditional update
 * (balance_ore >= amount), so two orders cannot both spend the same money.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    number: text('number').notNull(),
    /** sha256(number ':' pin) in hex. */
    pinHash: text('pin_hash').notNull(),
    /**
     * A bought card's random PIN, encrypted with a key from the server secret
     * (giftcards/pin-seal.ts), kept only until the order confirmation carrying it was sent.
     */
    pinSealed: text('pin_sealed'),
    initialOre: integer('initial_ore').notNull(),
    balanceOre: integer('balance_ore').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The order that bought the card; null for cards sold in a store or seeded. */
    issuedOrderId: integer('issued_order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_number_uq').on(t.number),
    index('gift_cards_issued_order_idx').on(t.issuedOrderId),
    check(
      'gift_cards_balance_ck',
      sql`${t.balanceOre} >= 0 and ${t.balanceOre} <= ${t.initialOre}`,
    ),
  ],
);

/** Articles that are gift cards: buying one issues a card of value_ore with the order. */
export const giftCardArticles = pgTable('gift_card_articles', {
  articleId: integer('article_id')
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  valueOre: integer('value_ore').notNull(),
});

/** Gift cards applied to a cart (the cart's voucher); spent when the order is placed. */
export const cartGiftCards = pgTable(
  'cart_gift_cards',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.giftCardId] })],
);

export type OrderContact = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company?: string | null;
};
export type OrderAddress = { street: string; postcode: string; city: string };

/**
 * A placed order. public_id is the unguessable id of the receipt URL; the order number shown
 * to people is 'W' + (100000 + id).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    userId: integer('user_id').references(() => tradeUsers.id, { onDelete: 'set null' }),
    /** placed | awaiting_payment | paid | cancelled */
    status: text('status').notNull(),
    /** pay_in_store | invoice | card */
    paymentMethod: text('payment_method').notNull(),
    /** pay_at_pickup | invoiced | pending | paid | failed */
    paymentStatus: text('payment_status').notNull(),
    /** The buyer's invoice reference, or the card provider's payment id. */
    paymentReference: text('payment_reference'),
    /** Card provider's id of the payment (e.g. a Stripe PaymentIntent id). */
    providerPaymentId: text('provider_payment_id'),
    contact: jsonb('contact').$type<OrderContact>().notNull(),
    shippingType: smallint('shipping_type').notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>(),
    shippingOre: integer('shipping_ore').notNull(),
    itemsOre: integer('items_ore').notNull(),
    /** Items plus shipping. */
    totalOre: integer('total_ore').notNull(),
    /** VAT contained in total_ore. */
    vatOre: integer('vat_ore').notNull(),
    giftCardOre: integer('gift_card_ore').notNull(),
    /** The discount code's reduction of the items (already taken off total_ore). */
    discountOre: integer('discount_ore').notNull().default(0),
    /** The discount code used, as typed in upper case; null without one. */
    voucherCode: text('voucher_code'),
    voucherId: integer('voucher_id').references((): AnyPgColumn => vouchers.id, {
      onDelete: 'set null',
    }),
    /** total_ore - gift_card_ore: what is paid in store, invoiced or charged to the card. */
    toPayOre: integer('to_pay_ore').notNull(),
    message: text('message'),
    /** When the confirmation e-mail went out; null = still to send (retried). */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_public_id_uq').on(t.publicId),
    index('orders_user_idx').on(t.userId),
    index('orders_unsent_idx')
      .on(t.id)
      .where(sql`${t.confirmationSentAt} is null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    articleId: integer('article_id').notNull(),
    title: text('title').notNull(),
    brand: text('brand'),
    category: text('category'),
    options: jsonb('options').$type<ArticleOption[]>().notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    priceOre: integer('price_ore').notNull(),
    sumOre: integer('sum_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    warehouseCode: text('warehouse_code').notNull(),
    warehouseName: text('warehouse_name').notNull(),
    /** The warehouse whose stock was decremented; null when nothing was (made to order, gift card). */
    stockWarehouseId: integer('stock_warehouse_id'),
    isGiftCard: smallint('is_gift_card').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position)],
);

/** Gift card money spent by an order. */
export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: serial('id').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountOre: integer('amount_ore').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_card_redemptions_card_idx').on(t.giftCardId),
    index('gift_card_redemptions_order_idx').on(t.orderId),
  ],
);

/**
 * Checkout idempotency: the key is inserted first thing in the order transaction, so a
 * second request with the same key waits on the unique index until the first commits (then
 * reads its order) or rolls back (then places the order itself). Scope is the cart cookie
 * token, or 'user:<id>' for a logged-in user, so keys of different shoppers never collide.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** sha256 of the request body: the same key with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    /** Set in the same transaction as the key, so a committed key always has its order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.scope, t.key] })],
);

/**
 * Card-payment webhook events already handled (issue 5): the event id is inserted in the
 * same transaction that applies the event to its order, so a delivery Stripe repeats (it
 * retries until it gets a 2xx) changes nothing the second time.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    /** 'stripe'. */
    provider: text('provider').notNull(),
    /** The provider's event id, e.g. 'evt_…'. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The order the event was about, if it found one. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_events_pk', columns: [t.provider, t.eventId] })],
);

/**
 * Discount codes (storefront spec §3 "voucher"), per organisation. A code takes either a
 * percentage or a fixed amount off the items (never more than the items cost), from a
 * minimum items total, between valid_from and valid_to. used_count is raised with a
 * conditional update in the order transaction (used_count < usage_limit), so a code with one
 * use left cannot be used by two racing orders.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** Stored in upper case; codes are matched case-insensitively by upper-casing the input. */
    code: text('code').notNull(),
    /** Swedish text for the cart, e.g. '10 % rabatt på varorna'. */
    description: text('description').notNull(),
    /** 1..100; exactly one of percent_off and amount_off_ore is set. */
    percentOff: smallint('percent_off'),
    /** Öre incl. VAT. */
    amountOffOre: integer('amount_off_ore'),
    /** Öre incl. VAT: the items total the cart must reach. */
    minOrderOre: integer('min_order_ore').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    /** Exclusive; null = no end. */
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Orders that may use the code; null = unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vouchers_organisation_code_uq').on(t.organisationId, t.code),
    check('vouchers_kind_ck', sql`(${t.percentOff} is null) <> (${t.amountOffOre} is null)`),
    check('vouchers_percent_ck', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check('vouchers_amount_ck', sql`${t.amountOffOre} is null or ${t.amountOffOre} > 0`),
    check(
      'vouchers_code_ck',
      sql`${t.code} = upper(${t.code}) and length(${t.code}) between 3 and 40`,
    ),
    check(
      'vouchers_usage_ck',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);
