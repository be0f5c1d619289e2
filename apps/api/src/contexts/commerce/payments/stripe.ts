import Stripe from 'stripe';
import type {
  CardPaymentEvent,
  CardPaymentProvider,
  CardPaymentStatus,
  CreatedCardPayment,
} from './provider.ts';
import { WebhookSignatureError } from './provider.ts';

/** Stripe PaymentIntent statuses, reduced to what an order needs to know. */
function toStatus(status: Stripe.PaymentIntent.Status): CardPaymentStatus {
  if (status === 'succeeded') return 'paid';
  if (status === 'canceled') return 'failed';
  return 'pending';
}

/** The PaymentIntent events that end a card order's payment; other events are acknowledged. */
const OUTCOMES: Readonly<Record<string, CardPaymentEvent['outcome']>> = {
  'payment_intent.succeeded': 'paid',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
};

export type StripeCardProviderOptions = {
  secretKey: string;
  publishableKey: string;
  /** whsec_…: verifies webhook deliveries; without it there is no webhook. */
  webhookSecret?: string | undefined;
  /**
   * The SDK's HTTP client. Production leaves it unset (the SDK's Node client); tests pass
   * `Stripe.createFetchHttpClient(fakeFetch)` so nothing leaves the machine.
   */
  httpClient?: Stripe.HttpClient | undefined;
};

/**
 * Card payments with Stripe PaymentIntents: amounts are öre, which is Stripe's smallest unit
 * of SEK. The order's public id is the idempotency key, so a retried checkout never creates
 * a second charge, and it is the PaymentIntent's `order_id` metadata, so a webhook event
 * finds its order.
 */
export class StripeCardProvider implements CardPaymentProvider {
  readonly name = 'stripe';
  readonly publishableKey: string;
  readonly webhook: CardPaymentProvider['webhook'];
  private readonly stripe: Stripe;

  constructor(options: StripeCardProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(options.httpClient ? { httpClient: options.httpClient } : {}),
    });
    const secret = options.webhookSecret;
    this.webhook = secret
      ? { verify: (rawBody, signature) => this.verifyWebhook(rawBody, signature, secret) }
      : null;
  }

  async createPayment(input: {
    amountOre: number;
    currency: 'SEK';
    orderId: string;
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
        metadata: { order_id: input.orderId, order_number: input.orderNumber },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error('Stripe returned no client secret');
    return { id: intent.id, clientSecret: intent.client_secret, status: toStatus(intent.status) };
  }

  async status(paymentId: string): Promise<CardPaymentStatus> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    // A declined card leaves the intent waiting for another method, with the decline noted.
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
    return toStatus(intent.status);
  }

  async cancel(paymentId: string): Promise<void> {
    const intent = await this.stripe.paymentIntents.retrieve(paymentId);
    // Only a payment still waiting can be cancelled; a finished one is left as it is.
    if (intent.status === 'succeeded' || intent.status === 'canceled') return;
    await this.stripe.paymentIntents.cancel(
      paymentId,
      {},
      { idempotencyKey: `cancel-${paymentId}` },
    );
  }

  private verifyWebhook(rawBody: Buffer, signature: string, secret: string): CardPaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
    const outcome = OUTCOMES[event.type] ?? 'ignored';
    const object = event.data.object as { object?: string; id?: string; metadata?: unknown };
    const isIntent = object.object === 'payment_intent';
    const metadata = (isIntent ? object.metadata : null) as Record<string, string> | null;
    return {
      id: event.id,
      type: event.type,
      outcome: isIntent ? outcome : 'ignored',
      paymentId: isIntent && typeof object.id === 'string' ? object.id : null,
      orderId: metadata?.order_id ?? null,
    };
  }
}

/** The configured provider, or null (then card payment is not offered at all). */
export function cardProviderFromConfig(config: {
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret?: string | undefined;
}): CardPaymentProvider | null {
  if (!config.stripeSecretKey || !config.stripePublishableKey) return null;
  return new StripeCardProvider({
    secretKey: config.stripeSecretKey,
    publishableKey: config.stripePublishableKey,
    webhookSecret: config.stripeWebhookSecret,
  });
}
