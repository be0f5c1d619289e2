/**
 * Card payments go through a provider adapter (issue 5), so the checkout does not depend on
 * one payment company. The checkout creates a payment for an order after the order is
 * committed; the shopper's browser confirms it with the provider's own SDK (card details
 * never reach our server); the receipt asks the provider for the payment's status.
 */

export type CardPaymentStatus = 'pending' | 'paid' | 'failed';

export type CreatedCardPayment = {
  /** The provider's id of the payment (e.g. a Stripe PaymentIntent id). */
  id: string;
  /** What the browser SDK needs to confirm the payment. */
  clientSecret: string;
  status: CardPaymentStatus;
};

export interface CardPaymentProvider {
  /** 'stripe': the contract's payment method `provider`. */
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
    orderNumber: string;
    email: string;
    idempotencyKey: string;
  }): Promise<CreatedCardPayment>;
  /** The payment's status now. */
  status(paymentId: string): Promise<CardPaymentStatus>;
}
