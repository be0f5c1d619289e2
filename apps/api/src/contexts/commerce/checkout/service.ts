import { createHash } from 'node:crypto';
import type { CheckoutBody } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import type { Order } from '@bygg/contracts/orders';
import { orderNumber } from '@bygg/domain/checkout';
import type { FastifyBaseLogger } from 'fastify';
import {
  BadRequestError,
  DomainError,
  fixedStatusError,
  NotFoundError,
} from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { invalidateCatalogueCaches } from '../../../plugins/response-cache.ts';
import type { OrderPlacedHook } from '../../trade/index.ts';
import type { CartIdentity } from '../cart/identity.ts';
import type { CartRepository } from '../cart/repository.ts';
import type { CartService } from '../cart/service.ts';
import { GiftCardService } from '../giftcards/service.ts';
import type { CardPaymentProvider } from '../payments/provider.ts';
import { CardPayments } from './card-payments.ts';
import { confirmationMail, newPinMail } from './confirmation.ts';
import { orderView } from './order-view.ts';
import { KeyTaken, placeOrder, type PlacedOrder, type PlaceOrderDeps } from './place-order.ts';
import type { CheckoutRepository } from './repository.ts';

export { CheckoutConflictError } from './place-order.ts';

/** 422: the Idempotency-Key was used for a different request body. */
export class IdempotencyMismatchError extends fixedStatusError(
  422,
  'Unprocessable Entity',
  'Idempotency-Key har redan använts för en annan beställning',
) {}

/** 503: the database went away mid-placement; nothing was stored, the same key may be retried. */
export class CheckoutInterruptedError extends fixedStatusError(
  503,
  'Service Unavailable',
  'Beställningen kunde inte slutföras. Försök igen.',
) {}

/** Connection lost, admin shutdown, serialization failure or deadlock: safe to retry. */
function isTransient(error: unknown): boolean {
  const e = error as {
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  const code = e?.code ?? e?.cause?.code;
  if (code && ['57P01', '57P02', '57P03', '40001', '40P01', '08006', '08003'].includes(code)) {
    return true;
  }
  const message = `${e?.message ?? ''} ${e?.cause?.message ?? ''}`;
  return /Connection terminated|connection.*(closed|ended)|ECONNRESET|terminating connection/i.test(
    message,
  );
}

export type CheckoutOptions = {
  clock?: (() => Date) | undefined;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** The card provider, if configured (orders only get card payment where it was offered). */
  card?: CardPaymentProvider | null | undefined;
  /** The trade context's order-placed hook (events, invoices), called in the transaction. */
  onTradeOrder?: OrderPlacedHook | undefined;
};

/**
 * Orders (issue 5): checkout() runs the place-order use case (place-order.ts: claim the key
 * and lock the cart, validate, redeem gift cards, write the order and take its stock, issue
 * bought gift cards, count the voucher) in one transaction, maps a lost connection to a
 * retryable 503 and a key committed by a parallel request to its order, then sends the
 * confirmation e-mail or starts the card payment after the commit. Receipts, confirmation
 * retries and card-payment endings live here too.
 */
export class CheckoutService {
  private readonly inflight = new Set<Promise<unknown>>();
  /** The card step: payment creation, webhook, paid/failed endings (card-payments.ts). */
  readonly cards: CardPayments;
  /** What the place-order use case works with (place-order.ts). */
  private readonly placeOrderDeps: PlaceOrderDeps;

  constructor(
    private readonly repository: CheckoutRepository,
    private readonly carts: CartService,
    private readonly cartRepository: CartRepository,
    private readonly giftCards: GiftCardService,
    private readonly options: CheckoutOptions,
  ) {
    this.placeOrderDeps = {
      repository,
      carts,
      giftCards,
      now: () => this.now(),
      onTradeOrder: options.onTradeOrder,
    };
    this.cards = new CardPayments(repository, {
      provider: options.card ?? null,
      logger: options.logger,
      view: (orderId) => this.view(orderId),
      confirm: (orderId, receiptBase) => this.confirm(orderId, receiptBase),
    });
  }

  private now(): Date {
    return this.options.clock ? this.options.clock() : new Date();
  }

  /** Waits for confirmation e-mails still being sent (tests, shutdown). */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  static scopeOf(identity: CartIdentity): string | null {
    if (identity.user) return `user:${identity.user.id}`;
    return identity.token ? `cart:${identity.token}` : null;
  }

  async checkout(
    identity: CartIdentity,
    body: CheckoutBody,
    key: string,
    receiptBase: string,
  ): Promise<{ order: Order; replayed: boolean }> {
    const scope = CheckoutService.scopeOf(identity);
    if (!scope) throw new NotFoundError('Det finns ingen varukorg');
    const requestHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    // No separate look-up of the key first: a committed key makes claimKeyAndLockCart fail inside the
    // transaction (KeyTaken below reads its order), so the common case saves a round trip. An
    // anonymous browser's cart is found by its token in that same statement (another round
    // trip saved); a user's needs find(), which merges the browser's cart into it.
    const byToken = identity.user === null && identity.token !== null;
    const found = byToken ? null : await this.carts.find(identity);
    if (!byToken && !found) {
      // A request with the same key may have placed the order (and removed the cart).
      const placed = await this.replay(identity.organisation, scope, key, requestHash);
      if (placed) return { order: placed, replayed: true };
      throw new NotFoundError('Det finns ingen varukorg');
    }
    this.checkBody(body);
    const cart =
      found === null
        ? { token: identity.token ?? '', organisation: identity.organisation }
        : { id: found.cart.id };

    let placed: PlacedOrder;
    try {
      placed = await this.repository.db.transaction((tx) =>
        placeOrder(this.placeOrderDeps, tx, {
          identity,
          cart,
          body,
          claim: { scope, key, requestHash },
        }),
      );
    } catch (error) {
      if (error instanceof KeyTaken) {
        const order = await this.replay(identity.organisation, scope, key, requestHash);
        if (order) return { order, replayed: true };
        throw new CheckoutInterruptedError();
      }
      if (error instanceof DomainError) throw error;
      if (isTransient(error)) {
        this.options.logger.warn({ err: error }, 'checkout interrupted; nothing was stored');
        throw new CheckoutInterruptedError();
      }
      throw error;
    }

    return {
      order: await this.afterCommit(placed, identity.organisation, receiptBase),
      replayed: false,
    };
  }

  /**
   * After the order's transaction committed (never before: a rolled-back order sends
   * nothing): cached stock is dropped, and the confirmation is sent, or for a card order the
   * payment is started (its confirmation goes out once it is paid).
   */
  private async afterCommit(
    placed: PlacedOrder,
    organisation: OrganisationId,
    receiptBase: string,
  ): Promise<Order> {
    // The order took stock: cached listings and pages show the new stock now (ADR 014).
    invalidateCatalogueCaches();
    // Built from what the transaction wrote, not read back (five fewer round trips).
    const order = orderView(placed.view);
    if (order.payment.method === 'card' && order.payment.status === 'pending') {
      return this.cards.start(placed.orderId, order);
    }
    this.sendConfirmation(placed.orderId, order, organisation, receiptBase);
    return order;
  }

  /** The order a committed key points at; 422 when the key came with another body. */
  private async replay(
    organisation: OrganisationId,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<Order | null> {
    const row = await this.repository.idempotency(scope, key);
    if (!row || row.orderId === null) return null;
    if (row.requestHash !== requestHash) throw new IdempotencyMismatchError();
    const order = await this.repository.orderById(row.orderId);
    if (!order || order.organisation !== organisation) return null;
    const view = await this.view(order.id);
    // A retried card checkout needs the payment's client secret again (same payment).
    return view.payment.method === 'card' && view.payment.status === 'pending'
      ? this.cards.start(order.id, view)
      : view;
  }

  private checkBody(body: CheckoutBody): void {
    if (body.shipping.type === 2 && !body.shipping.address) {
      const message = 'Ange leveransadress för hemleverans';
      throw new BadRequestError(message, [{ path: 'body.shipping.address', message }]);
    }
  }

  /** The receipt of /kvitto/visa/{id}: anyone holding the unguessable id may read it. */
  async receipt(organisation: OrganisationId, publicId: string, receiptBase = ''): Promise<Order> {
    const order = await this.repository.orderByPublicId(organisation, publicId);
    if (!order) throw new NotFoundError('Ordern finns inte');
    let view = await this.view(order.id);
    if (order.paymentMethod === 'card' && order.paymentStatus === 'pending') {
      view = await this.cards.refresh(order.id, order.providerPaymentId, view, receiptBase);
    }
    return view;
  }

  /**
   * The confirmation of an order placed outside checkout (the trade area's quote cart and
   * store quotes, ADR 041): the same e-mail, sent after the commit without holding up the
   * reply; settle() waits for it.
   */
  confirmPlaced(orderId: number, receiptBase: string): void {
    const job = this.confirm(orderId, receiptBase).catch((error: unknown) => {
      this.options.logger.error({ err: error, orderId }, 'order confirmation not sent');
    });
    this.inflight.add(job);
    void job.finally(() => this.inflight.delete(job));
  }

  /** The confirmation of an order whose payment just completed (a paid card order). */
  private async confirm(orderId: number, receiptBase: string): Promise<void> {
    const row = await this.repository.orderById(orderId);
    if (!row) return;
    this.sendConfirmation(orderId, await this.view(orderId), row.organisation, receiptBase);
  }

  /** Card orders unpaid for an hour are cancelled and give back their stock (periodic job). */
  expireUnpaidCardOrders(receiptBase: string): Promise<number> {
    return this.cards.expireStale(this.now(), 60 * 60_000, receiptBase);
  }

  private async view(orderId: number): Promise<Order> {
    const order = await this.repository.orderById(orderId);
    if (!order) throw new NotFoundError('Ordern finns inte');
    const [lines, store, redemptions, issued] = await Promise.all([
      this.repository.lines(orderId),
      this.cartRepository.store(order.storeId),
      this.repository.redemptions(orderId),
      this.repository.issuedGiftCards(orderId),
    ]);
    if (!store) throw new NotFoundError('Butiken finns inte');
    return orderView({
      order,
      lines,
      store,
      redemptions,
      issued: issued.map(({ pinSealed, ...g }) => ({
        ...g,
        pin: this.giftCards.openPin(pinSealed),
      })),
      clientSecret: null,
    });
  }

  /**
   * Sends the confirmation after the commit, without holding up the reply. A failure is
   * logged and leaves confirmation_sent_at null, so resendPending() tries again: the order
   * itself is never affected.
   */
  private sendConfirmation(
    orderId: number,
    order: Order,
    organisation: OrganisationId,
    receiptBase: string,
  ): void {
    const job = (async () => {
      try {
        await this.options.mailer.send(
          confirmationMail(order, organisation, `${receiptBase}/kvitto/visa/${order.id}`),
        );
        await this.repository.markConfirmationSent(orderId);
      } catch (error) {
        this.options.logger.error(
          { err: error, order: order.number },
          'order confirmation not sent',
        );
      }
    })();
    this.inflight.add(job);
    void job.finally(() => this.inflight.delete(job));
  }

  /**
   * Issue 15: before migration 0013 a bought card's PIN was HMAC(server secret, number), and a
   * start without SESSION_SECRET signed with the secret in the repository, so anyone holding
   * such a card's number could work out its PIN. Every card that still holds money and has
   * such a PIN gets a new random one, e-mailed to the buyer. While that e-mail is not sent the
   * new PIN stays sealed, so the buyer's receipt shows it. Returns how many were replaced.
   */
  async replacePublicPins(publicSecrets: readonly string[]): Promise<number> {
    let replaced = 0;
    for (const card of await this.repository.liveIssuedCards(this.now())) {
      const isPublic = publicSecrets.some(
        (secret) =>
          this.giftCards.pinHash(card.number, GiftCardService.legacyPin(secret, card.number)) ===
          card.pinHash,
      );
      if (!isPublic) continue;
      const pin = this.giftCards.newPin();
      const sealed = this.giftCards.sealPin(pin);
      const newHash = this.giftCards.pinHash(card.number, pin);
      if (!(await this.repository.replacePinHash(card.id, card.pinHash, newHash, sealed))) continue;
      replaced += 1;
      try {
        await this.options.mailer.send(
          newPinMail({ ...card, orderNumber: orderNumber(card.orderNumberId), pin }),
        );
        await this.repository.dropSealedPin(card.id);
      } catch (error) {
        this.options.logger.error(
          { err: error, order: orderNumber(card.orderNumberId) },
          'new gift-card PIN not e-mailed; the receipt shows it',
        );
      }
    }
    return replaced;
  }

  /** Retries confirmations that failed (older than a minute, so none still in flight). */
  async resendPending(receiptBase: string): Promise<number> {
    const ids = await this.repository.unsentOrderIds(new Date(Date.now() - 60_000), 50);
    for (const id of ids) {
      const row = await this.repository.orderById(id);
      if (!row) continue;
      this.sendConfirmation(id, await this.view(id), row.organisation, receiptBase);
    }
    await this.settle();
    return ids.length;
  }
}
