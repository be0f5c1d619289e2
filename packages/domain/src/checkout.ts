/**
 * Checkout rules (issue 5): shipping prices, payment methods and order numbers. Money in öre.
 */
import { qualifiesForFreeShipping, SHIPPING_TYPES, type ShippingType } from './shipping.ts';
import { ORGANISATIONS, type OrganisationId } from './organisations.ts';

/** Home delivery (shipping type 2) costs this unless the goods (after a discount) are over 499:-. */
export const HOME_DELIVERY_PRICE_ORE = 14_900;

export const SHIPPING_LABELS: Readonly<Record<ShippingType, string>> = {
  [SHIPPING_TYPES.STORE_PICKUP]: 'Hämta i butik',
  [SHIPPING_TYPES.ADDRESS]: 'Hemleverans',
};

/**
 * The price of a shipping type for the goods after the discount (freeShippingBasisOre, öre
 * incl. VAT). Pickup is always free.
 */
export function shippingPriceOre(type: ShippingType, goodsOre: number): number {
  if (type === SHIPPING_TYPES.STORE_PICKUP) return 0;
  return qualifiesForFreeShipping(goodsOre) ? 0 : HOME_DELIVERY_PRICE_ORE;
}

/** Home delivery is a service sold at the standard VAT rate (25 %, basis points). */
export const SHIPPING_VAT_RATE_BP = 2500;

export type PaymentMethodId = 'pay_in_store' | 'invoice' | 'card';

export const PAYMENT_LABELS: Readonly<Record<PaymentMethodId, string>> = {
  pay_in_store: 'Betala i butik vid hämtning',
  invoice: 'Faktura',
  card: 'Kort',
};

export const PAYMENT_DESCRIPTIONS: Readonly<Record<PaymentMethodId, string>> = {
  pay_in_store: 'Du betalar när du hämtar varorna i butiken.',
  // The terms are the customer account's (20, 30, 45 days …), not one for all.
  invoice: 'Fakturan skickas till ert företag och betalas enligt ert kundkontos villkor.',
  card: 'Betala med Visa eller Mastercard.',
};

export type PaymentContext = {
  shippingType: ShippingType;
  /** A logged-in trade user with a company account. */
  hasTradeAccount: boolean;
  /** The organisation has the card-checkout feature and a provider is configured. */
  cardAvailable: boolean;
};

/**
 * The payment methods a cart may use: pay in store only with store pickup, invoice only for
 * trade customers, card where configured. (When gift cards cover the whole order any of them
 * may be chosen; nothing is left to pay.)
 */
export function availablePaymentMethods(ctx: PaymentContext): PaymentMethodId[] {
  const methods: PaymentMethodId[] = [];
  if (ctx.shippingType === SHIPPING_TYPES.STORE_PICKUP) methods.push('pay_in_store');
  if (ctx.hasTradeAccount) methods.push('invoice');
  if (ctx.cardAvailable) methods.push('card');
  return methods;
}

/**
 * Home delivery is offered only when it can be paid for before delivery (invoice or card):
 * paying in store needs a store visit.
 */
export function homeDeliveryOffered(ctx: Omit<PaymentContext, 'shippingType'>): boolean {
  return ctx.hasTradeAccount || ctx.cardAvailable;
}

/**
 * Whether the shop may advertise home delivery and 'Fri frakt för order över 499:-*' to any
 * visitor (ADR 030): only an organisation with card checkout lets an anonymous shopper pay
 * before delivery; elsewhere home delivery is for trade accounts alone, so it is not advertised.
 */
export function homeDeliveryAdvertised(organisation: OrganisationId): boolean {
  return ORGANISATIONS[organisation].flags.includes('cardCheckout');
}

/** The order number people see: 'W' and a six-digit-or-longer number from the row id. */
export function orderNumber(id: number): string {
  return `W${100_000 + id}`;
}
