import type { Order } from '@bygg/contracts/orders';
import type { FastifyBaseLogger } from 'fastify';
import { NotFoundError } from '../../../kernel/errors.ts';
import type { CardPaymentProvider } from '../payments/provider.ts';
import { CardPaymentRepository } from './card-payment-repository.ts';
import type { CheckoutRepository } from './repository.ts';

/** How a webhook delivery was handled (the route answers 200 with it). */
export type WebhookResult = {
  received: true;
  /** applied: the order changed; unchanged: nothing to do; duplicate: seen before; ignored. */
  result: 'applied' | 'unchanged' | 'duplicate' | 'ignored';
};

export type CardPaymentsOptions = {
  provider: CardPaymentProvider | null;
  logger: FastifyBaseLogger;
  /** The order reply (with its current payment state) by internal id. */
  view: (orderId: number) => Promise<Order>;
  /** Sends the order confirmation: for a card order, once it is paid and not before. */
  confirm: (orderId: number, receiptBase: string) => Promise<void>;
};

/**
 * The card step of an order (issue 5): the payment is created after the order commits; it
 * ends paid (→ confirmation e-mail) or failed (→ the order is cancelled and its stock and
 * gift-card money are given back), told by the provider's signed webhook, or by the
 * provider's status when the receipt is read before the webhook came.
 */
export class CardPayments {
  readonly repository: CardPaymentRepository;

  constructor(
    private readonly orders: CheckoutRepository,
    private readonly options: CardPaymentsOptions,
  ) {
    this.repository = new CardPaymentRepository(orders.db);
  }

  get provider(): CardPaymentProvider | null {
    return this.options.provider;
  }

  /** Creates the provider's payment after the commit (a network call never holds locks). */
  async start(orderId: number, order: Order): Promise<Order> {
    const provider = this.options.provider;
    if (!provider) return order;
    try {
      const payment = await provider.createPayment({
        amountOre: order.summary.to_pay,
        currency: 'SEK',
        orderId: order.id,
        orderNumber: order.number,
        email: order.contact.email,
        idempotencyKey: order.id,
      });
      await this.orders.setProviderPayment(orderId, payment.id);
      return { ...order, payment: { ...order.payment, client_secret: payment.clientSecret } };
    } catch (error) {
      // The order stands; the receipt page asks for the payment again.
      this.options.logger.error({ err: error, order: order.number }, 'card payment not created');
      return order;
    }
  }

  /**
   * The receipt of a card order still pending: asks the provider how the payment stands and
   * applies an ending the webhook has not brought yet; otherwise hands out the client secret
   * again (creating the payment if that failed at checkout), so the page can still pay.
   */
  async refresh(
    orderId: number,
    providerPaymentId: string | null,
    view: Order,
    receiptBase: string,
  ): Promise<Order> {
    const provider = this.options.provider;
    if (!provider) return view;
    try {
      if (providerPaymentId) {
        const status = await provider.status(providerPaymentId);
        if (status !== 'pending') {
          await this.end(orderId, status, providerPaymentId, receiptBase);
          return this.options.view(orderId);
        }
      }
      return await this.start(orderId, view);
    } catch (error) {
      this.options.logger.error({ err: error }, 'card payment status unavailable');
      return view;
    }
  }

  /**
   * POST /api/v1.0/payments/{provider}/webhook/: verifies the delivery (WebhookSignatureError
   * → 400), then records the event and applies it to its order in one transaction, so a
   * repeated delivery is acknowledged without changing anything, and a failure part-way
   * leaves nothing recorded and the provider delivers it again.
   */
  async webhook(
    providerName: string,
    rawBody: Buffer,
    signature: string,
    receiptBase: string,
  ): Promise<WebhookResult> {
    const provider = this.options.provider;
    if (!provider || !provider.webhook || provider.name !== providerName) {
      throw new NotFoundError('Kortbetalning är inte konfigurerad');
    }
    const event = provider.webhook.verify(rawBody, signature);
    if (event.outcome === 'ignored') return { received: true, result: 'ignored' };

    const outcome = await this.orders.db.transaction(async (tx) => {
      const order = await this.repository.findOrder(tx, event.orderId, event.paymentId);
      const recorded = await this.repository.recordEvent(tx, {
        provider: provider.name,
        id: event.id,
        type: event.type,
        orderId: order?.id ?? null,
      });
      if (!recorded) return { result: 'duplicate' as const, orderId: null };
      if (!order) {
        this.options.logger.warn({ event: event.id }, 'payment event for an unknown order');
        return { result: 'unchanged' as const, orderId: null };
      }
      if (
        order.providerPaymentId &&
        event.paymentId &&
        order.providerPaymentId !== event.paymentId
      ) {
        // An older payment of the same order (e.g. made again after a failed create).
        return { result: 'unchanged' as const, orderId: null };
      }
      const changed =
        event.outcome === 'paid'
          ? await this.repository.markPaid(tx, order.id, event.paymentId)
          : await this.repository.cancelUnpaid(tx, order.id);
      if (!changed && event.outcome === 'paid' && order.status === 'cancelled') {
        this.options.logger.error(
          { order: order.publicId, payment: event.paymentId },
          'card payment succeeded for a cancelled order: refund it',
        );
      }
      return {
        result: changed ? ('applied' as const) : ('unchanged' as const),
        orderId: changed ? order.id : null,
      };
    });
    if (outcome.orderId !== null) {
      await this.afterEnd(outcome.orderId, event.outcome, event.paymentId, receiptBase);
    }
    return { received: true, result: outcome.result };
  }

  /** Applies a payment's ending outside a webhook (the receipt's status check). */
  private async end(
    orderId: number,
    status: 'paid' | 'failed',
    providerPaymentId: string,
    receiptBase: string,
  ): Promise<void> {
    const changed = await this.orders.db.transaction((tx) =>
      status === 'paid'
        ? this.repository.markPaid(tx, orderId, providerPaymentId)
        : this.repository.cancelUnpaid(tx, orderId),
    );
    if (changed) await this.afterEnd(orderId, status, providerPaymentId, receiptBase);
  }

  /** After the commit: the confirmation for a paid order; a failed one's payment is cancelled. */
  private async afterEnd(
    orderId: number,
    outcome: 'paid' | 'failed',
    providerPaymentId: string | null,
    receiptBase: string,
  ): Promise<void> {
    if (outcome === 'paid') {
      await this.options.confirm(orderId, receiptBase);
      return;
    }
    // The order is cancelled: its payment must not be completed later by a retry in the page.
    if (providerPaymentId && this.options.provider) {
      try {
        await this.options.provider.cancel(providerPaymentId);
      } catch (error) {
        this.options.logger.warn(
          { err: error, payment: providerPaymentId },
          'payment not cancelled',
        );
      }
    }
  }

  /**
   * Cancels card orders left unpaid for longer than `maxAgeMs` (the shopper closed the page),
   * so their stock and gift-card money are not held for ever. The provider's payment is
   * cancelled first, so it cannot succeed after the order is gone; one that did succeed
   * makes its order paid instead. Returns how many orders were cancelled.
   */
  async expireStale(now: Date, maxAgeMs: number, receiptBase: string): Promise<number> {
    const ids = await this.repository.staleUnpaid(new Date(now.getTime() - maxAgeMs), 50);
    const provider = this.options.provider;
    let cancelled = 0;
    for (const id of ids) {
      try {
        const row = await this.orders.orderById(id);
        const paymentId = row?.providerPaymentId ?? null;
        if (paymentId && provider) {
          await provider.cancel(paymentId);
          if ((await provider.status(paymentId)) === 'paid') {
            await this.end(id, 'paid', paymentId, receiptBase);
            continue;
          }
        }
        const changed = await this.orders.db.transaction((tx) =>
          this.repository.cancelUnpaid(tx, id),
        );
        if (changed) cancelled++;
      } catch (error) {
        this.options.logger.warn({ err: error, order: id }, 'unpaid card order not expired');
      }
    }
    return cancelled;
  }
}
