import Stripe from 'stripe';
import type { CardPaymentProvider, CardPaymentStatus, CreatedCardPayment } from './provider.ts';

/** Stripe PaymentIntent statuses, reduced to what an order needs to know. */
function toStatus(status: Stripe.PaymentIntent.Status): CardPaymentStatus {
  if (status === 'succeeded') return 'paid';
  if (status === 'canceled') return 'failed';
  return 'pending';
}

/**
 * Card payments with Stripe PaymentIntents: amounts are öre, which is Stripe's smallest unit
 * of SEK. The order's public id is the idempotency key, so a retried checkout never creates
 * a second charge.
 */
export class StripeCardProvider implements CardPaymentProvider {
  readonly name = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string,
  ) {
    this.stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  }

  async createPayment(input: {
    amountOre: number;
    currency: 'SEK';
    orderNumber: string;
    email: string;
    idempotencyKey: string;
  }): Promise<CreatedCardPayment> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountOre,
        currency: input.currency.toLowerCase(),
        // Cards only, confirmed in the page: no redirect-based methods.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        description: `Order ${input.orderNumber}`,
        receipt_email: input.email,
        metadata: { order_number: input.orderNumber },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret, status: toStatus(intent.status) };
  }

  async status(paymentId: string): Promise<CardPaymentStatus> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    return toStatus(intent.status);
  }
}

/** The configured provider, or null (then card payment is not offered at all). */
export function cardProviderFromConfig(config: {
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
}): CardPaymentProvider | null {
  if (!config.stripeSecretKey || !config.stripePublishableKey) return null;
  return new StripeCardProvider(config.stripeSecretKey, config.stripePublishableKey);
}
