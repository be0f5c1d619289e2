import Stripe from 'stripe';

/**
 * An in-memory stand-in for the few Stripe API calls the adapter makes (PaymentIntents:
 * create, retrieve, cancel), plugged in as the SDK's `httpClient` (tests only: the machine
 * has no internet, and no test may charge anything). Everything above the HTTP boundary (the
 * SDK's request building, idempotency headers, the adapter, the checkout) runs for real.
 */

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  receipt_email: string | null;
  last_payment_error: { code: string; message: string } | null;
};

export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  form: URLSearchParams;
};

export class FakeStripeApi {
  readonly intents = new Map<string, FakeIntent>();
  readonly requests: FakeRequest[] = [];
  private readonly byIdempotencyKey = new Map<string, FakeIntent>();
  private counter = 0;
  /** Set to make the next calls fail like a network outage. */
  offline = false;

  /** The SDK's HTTP client, to pass as StripeCardProvider's `httpClient`. */
  readonly httpClient: Stripe.HttpClient = Stripe.createFetchHttpClient((input, init) =>
    this.fetch(String(input), init),
  );

  /** Moves an intent to a status, as the card holder's bank would. */
  settle(id: string, status: 'succeeded' | 'failed' | 'canceled'): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no intent ${id}`);
    if (status === 'failed') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { code: 'card_declined', message: 'Your card was declined.' };
    } else {
      intent.status = status;
    }
    return intent;
  }

  private async fetch(url: string, init: RequestInit | undefined): Promise<Response> {
    if (this.offline) throw new TypeError('fetch failed');
    const { pathname } = new URL(url);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    const idempotencyKey = headers.get('idempotency-key');
    this.requests.push({ method, path: pathname, idempotencyKey, form });

    if (method === 'POST' && pathname === '/v1/payment_intents') {
      const again = idempotencyKey ? this.byIdempotencyKey.get(idempotencyKey) : undefined;
      if (again) return json(200, again);
      const id = `pi_fake${++this.counter}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_fake`,
        metadata,
        description: form.get('description'),
        receipt_email: form.get('receipt_email'),
        last_payment_error: null,
      };
      this.intents.set(id, intent);
      if (idempotencyKey) this.byIdempotencyKey.set(idempotencyKey, intent);
      return json(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(pathname);
    const intent = match?.[1] ? this.intents.get(match[1]) : undefined;
    if (!intent) {
      return json(404, { error: { type: 'invalid_request_error', message: 'No such intent' } });
    }
    if (method === 'GET' && !match?.[2]) return json(200, intent);
    if (method === 'POST' && match?.[2]) {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return json(400, {
          error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' },
        });
      }
      intent.status = 'canceled';
      return json(200, intent);
    }
    return json(400, { error: { type: 'invalid_request_error', message: 'Unsupported' } });
  }

  /** A webhook event about an intent, as Stripe would send it (JSON text). */
  static event(id: string, type: string, intent: FakeIntent): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: intent },
    });
  }
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': 'req_fake' },
  });
}
