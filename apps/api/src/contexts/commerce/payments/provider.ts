/**
 * Card payments go through a provider adapter (issue 5), so the checkout does not depend on
 * one payment company. The checkout creates a payment for an order after the order is
 * committed; the shopper's browser confirms it with the provider's own SDK (card details
 * never reach our server); the provider's signed webhook then tells us how it ended, and the
 * receipt asks the provider for the payment's status as a fallback.
 */

export type CardPaymentStatus = 'pending' | 'paid' | 'failed';

export type CreatedCardPayment = {
  /** The provider's id of the payment (e.g. a Stripe PaymentIntent id). */
  id: string;
  /** What the browser SDK needs to confirm the payment. */
  clientSecret: string;
  status: CardPaymentStatus;
};

/**
 * A verified webhook event, reduced to what an order needs: `paid` and `failed` carry the
 * payment and the order (our public order id, from the payment's metadata); anything else is
 * `ignored` and only acknowledged.
 */
export type CardPaymentEvent = {
  /** The provider's event id: the same id delivered twice is applied once. */
  id: string;
  /** The provider's own event type, e.g. 'payment_intent.succeeded'. */
  type: string;
  outcome: 'paid' | 'failed' | 'ignored';
  paymentId: string | null;
  orderId: string | null;
};

/** The webhook's signature is missing, wrong or too old (the route answers 400). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface CardPaymentProvider {
  /** 'stripe': the contract's payment method `provider`, and the webhook's path segment. */
  readonly name: string;
  /** Published to the browser for the provider's SDK. */
  readonly publishableKey: string;
  /**
   * Creates (or, for the same idempotency key, returns again) a payment of amountOre öre.
   * Never called inside a database transaction: it is a network call.
   */
  createPayment(input: {
    amountOre: number;
    currency: 'SEK';
    /** Our public order id, stored with the payment so its webhook events find the order. */
    orderId: string;
    orderNumber: string;
    email: string;
    idempotencyKey: string;
  }): Promise<CreatedCardPayment>;
  /** The payment's status now. */
  status(paymentId: string): Promise<CardPaymentStatus>;
  /** Cancels a payment that is not to be taken any more (its order was cancelled). */
  cancel(paymentId: string): Promise<void>;
  /**
   * Verifies a webhook delivery against the raw request body and its signature header and
   * returns the event; throws WebhookSignatureError when it cannot be trusted. Null when no
   * webhook secret is configured (the route then answers 404).
   */
  readonly webhook: {
    verify(rawBody: Buffer, signature: string): CardPaymentEvent;
  } | null;
}
