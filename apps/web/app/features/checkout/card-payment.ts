/**
 * The card step of the checkout (issue 5), independent of the payment company: the page talks
 * to a `CardPaymentForm`; `loadCardPaymentForm` fetches the Stripe implementation (and with it
 * Stripe.js) only when a shopper pays by card, so no other page carries it in its bundle.
 */

export type CardConfirmResult =
  /** The payment went through. */
  | { kind: 'paid' }
  /** The bank has not answered yet; the receipt says 'Betalningen behandlas'. */
  | { kind: 'processing' }
  /** The card was declined: this order's payment failed (the order is cancelled). */
  | { kind: 'declined'; message: string }
  /** The card details are incomplete or wrong: the shopper corrects them and tries again. */
  | { kind: 'invalid'; message: string }
  /** Network or provider trouble: nothing was charged, the same payment may be tried again. */
  | { kind: 'failed'; message: string };

export interface CardPaymentForm {
  /** Puts the provider's card form into `element`; `onReady` once it can be used. */
  mount(element: HTMLElement, events: { onReady(): void; onLoadError(): void }): void;
  /** Confirms the payment with what was typed; returnUrl is used if the bank must redirect. */
  confirm(returnUrl: string): Promise<CardConfirmResult>;
  destroy(): void;
}

export type CardPaymentSetup = {
  /** The provider's publishable key, from the cart's payment methods (never built in). */
  publishableKey: string;
  /** The order's payment (from the checkout reply). */
  clientSecret: string;
};

export type CardPaymentLoader = (setup: CardPaymentSetup) => Promise<CardPaymentForm>;

/** What the checkout needs from a placed order to run the card step. */
export type PendingCardPayment = CardPaymentSetup & {
  orderId: string;
  orderNumber: string;
  /** Öre to pay by card. */
  toPay: number;
};

/** Starts fetching the Stripe module early (when card is chosen), so paying starts sooner. */
export function prefetchCardPayment(): void {
  void import('./stripe-card-payment.ts').catch(() => {});
}

/** The Stripe implementation, loaded on demand. */
export const loadCardPaymentForm: CardPaymentLoader = async (setup) => {
  const { createStripeCardPaymentForm } = await import('./stripe-card-payment.ts');
  return createStripeCardPaymentForm(setup);
};

/**
 * The card step's input from the checkout reply (the web client keeps the reply loosely
 * typed): a card order still to pay with the provider's client secret, or null.
 */
export function pendingCardPayment(
  order: Record<string, unknown>,
  publishableKey: string | null,
): PendingCardPayment | null {
  const payment = order.payment as
    { method?: unknown; status?: unknown; client_secret?: unknown } | undefined;
  const summary = order.summary as { to_pay?: unknown } | undefined;
  if (
    !publishableKey ||
    payment?.method !== 'card' ||
    payment.status !== 'pending' ||
    typeof payment.client_secret !== 'string' ||
    payment.client_secret === ''
  ) {
    return null;
  }
  return {
    publishableKey,
    clientSecret: payment.client_secret,
    orderId: String(order.id),
    orderNumber: typeof order.number === 'string' ? order.number : '',
    toPay: typeof summary?.to_pay === 'number' ? summary.to_pay : 0,
  };
}
