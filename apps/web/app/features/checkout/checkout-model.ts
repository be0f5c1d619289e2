import type { Cart, CheckoutBody, PaymentMethodId, StockFailure } from '@bygg/contracts/cart';
import type { ShippingType } from '@bygg/domain/shipping';
import { SHIPPING_TYPES } from '@bygg/domain/shipping';
import { STOCK_FAILURE_MESSAGES, isStockFailureReason } from '@bygg/domain/stock';
import { deliveryAddress } from './checkout-form.ts';
import type { CheckoutFieldName, CheckoutValues } from './checkout-form.ts';

/** Card providers whose browser form this storefront has (card-payment.ts). */
const CARD_PROVIDERS: readonly string[] = ['stripe'];

/**
 * The methods to offer: as the API lists them for this cart (pay in store only with store
 * pickup, invoice only for trade users, card only where a card provider is configured). Card
 * needs the provider's publishable key from that list, and a provider whose form we have.
 */
export function offeredPaymentMethods(cart: Cart) {
  return cart.payment_methods.filter(
    (method) =>
      method.id !== 'card' ||
      (method.publishable_key !== null &&
        method.publishable_key !== '' &&
        method.provider !== null &&
        CARD_PROVIDERS.includes(method.provider)),
  );
}

/** The card provider's publishable key of this cart (null when card is not offered). */
export function cardPublishableKey(cart: Cart): string | null {
  return offeredPaymentMethods(cart).find((m) => m.id === 'card')?.publishable_key ?? null;
}

/** The chosen method if it is still offered, else the first one offered (or none). */
export function effectivePaymentMethod(
  cart: Cart,
  chosen: PaymentMethodId | null,
): PaymentMethodId | null {
  const offered = offeredPaymentMethods(cart);
  return offered.find((method) => method.id === chosen)?.id ?? offered[0]?.id ?? null;
}

/** The checkout request body (contracts/cart.ts CheckoutBodySchema) from the form. */
export function checkoutBody(input: {
  values: CheckoutValues;
  shippingType: ShippingType;
  payment: PaymentMethodId;
  reference: string;
  message: string;
  checksum: string;
  /** A trade user's project the order is for (issue 18), if chosen. */
  projectId?: number | null;
}): CheckoutBody {
  const { values } = input;
  const company = values.company.trim();
  const reference = input.reference.trim();
  const message = input.message.trim();
  return {
    contact: {
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      company: company || null,
    },
    shipping: {
      type: input.shippingType,
      address: input.shippingType === SHIPPING_TYPES.ADDRESS ? deliveryAddress(values) : null,
    },
    payment: {
      method: input.payment,
      reference: input.payment === 'invoice' && reference ? reference : null,
    },
    message: message || null,
    checksum: input.checksum,
    ...(input.projectId ? { project_id: input.projectId } : {}),
  };
}

/**
 * One Idempotency-Key per checkout attempt: the same body sent again (a double click, a retry
 * after a lost reply) reuses the key, so the API returns the order it already placed; any
 * change to the order (a field, the cart's checksum) is a new attempt with a new key.
 */
export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()) {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(body: CheckoutBody): string {
      const fingerprint = JSON.stringify(body);
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: newKey() };
      return current.key;
    },
  };
}

/** Swedish text of a stock failure (spec §8 literal texts; the API's message otherwise). */
export function stockFailureText(failure: StockFailure): string {
  const base = isStockFailureReason(failure.reason)
    ? STOCK_FAILURE_MESSAGES[failure.reason]
    : failure.message;
  return failure.reason === 'INSUFFICIENT_STOCK' && failure.available_quantity !== null
    ? `${base} (${failure.available_quantity} st finns).`
    : base;
}

/** Failures per cart line, and those that concern the whole cart (e.g. INVALID_CHECKSUM). */
export function groupFailures(failures: readonly StockFailure[]): {
  byLine: Record<number, string>;
  general: string[];
} {
  const byLine: Record<number, string> = {};
  const general: string[] = [];
  for (const failure of failures) {
    if (failure.item_id === null) general.push(stockFailureText(failure));
    else byLine[failure.item_id] = stockFailureText(failure);
  }
  return { byLine, general };
}

const API_FIELD_NAMES: Record<string, CheckoutFieldName> = {
  'contact.first_name': 'firstName',
  'contact.last_name': 'lastName',
  'contact.email': 'email',
  'contact.phone': 'phone',
  'contact.company': 'company',
  'shipping.address.street': 'street',
  'shipping.address.postcode': 'postcode',
  'shipping.address.city': 'city',
};

/** A 400's field errors (paths like 'body.contact.email') as the form's fields. */
export function formFieldsFromApi(
  fields: ReadonlyArray<{ path: string; message: string }>,
): Partial<Record<CheckoutFieldName, string>> {
  const errors: Partial<Record<CheckoutFieldName, string>> = {};
  for (const field of fields) {
    const name = API_FIELD_NAMES[field.path.replace(/^body\./, '')];
    if (name && !errors[name]) errors[name] = field.message;
  }
  return errors;
}
