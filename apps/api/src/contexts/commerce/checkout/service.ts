import { createHash, randomBytes } from 'node:crypto';
import { VOUCHER_MESSAGES, type CheckoutBody, type StockFailure } from '@bygg/contracts/cart';
import type { OrganisationId } from '@bygg/contracts/common';
import type { Order } from '@bygg/contracts/orders';
import type { Database } from '@bygg/db/client';
import { GIFT_CARD_VALIDITY_YEARS } from '@bygg/domain/giftcard';
import { lineTotal, vatPortion } from '@bygg/domain/money';
import { STOCK_FAILURE_MESSAGES } from '@bygg/domain/stock';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError, DomainError, NotFoundError } from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import type { CardPaymentProvider } from '../payments/provider.ts';
import { invalidateCatalogueCaches } from '../../../plugins/response-cache.ts';
import type { CartIdentity } from '../cart/identity.ts';
import {
  cartChecksum,
  cartFailures,
  cartTotals,
  giftCardAllocation,
  paymentMethods,
  priceLine,
  voucherDiscount,
} from '../../pricing/index.ts';
import type { CartRepository } from '../cart/repository.ts';
import type { CartService } from '../cart/service.ts';
import type { GiftCardService } from '../giftcards/service.ts';
import { CardPayments } from './card-payments.ts';
import { confirmationMail } from './confirmation.ts';
import { orderView, type OrderViewInput } from './order-view.ts';
import type { CheckoutRepository, NewOrder, NewOrderLine } from './repository.ts';

/** 409: the order cannot be placed as the cart is; the body lists why (`failures`). */
export class CheckoutConflictError extends DomainError {
  readonly statusCode = 409;
  readonly error = 'Conflict';
  constructor(
    message: string,
    readonly failures: StockFailure[],
  ) {
    super(message);
    this.name = 'CheckoutConflictError';
  }

  override extraBody(): Record<string, unknown> {
    return { failures: this.failures };
  }
}

/** 422: the Idempotency-Key was used for a different request body. */
export class IdempotencyMismatchError extends DomainError {
  readonly statusCode = 422;
  readonly error = 'Unprocessable Entity';
  constructor() {
    super('Idempotency-Key har redan använts för en annan beställning');
    this.name = 'IdempotencyMismatchError';
  }
}

/** 503: the database went away mid-placement; nothing was stored, the same key may be retried. */
export class CheckoutInterruptedError extends DomainError {
  readonly statusCode = 503;
  readonly error = 'Service Unavailable';
  constructor() {
    super('Beställningen kunde inte slutföras. Försök igen.');
    this.name = 'CheckoutInterruptedError';
  }
}

/** The key was committed by another request: read its order. */
class KeyTaken extends Error {}

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

function voucherConflict(message: string): CheckoutConflictError {
  return new CheckoutConflictError(message, [
    {
      reason: 'INVALID_CHECKSUM',
      message,
      item_id: null,
      article_id: null,
      available_quantity: null,
    },
  ]);
}

const GIFT_CARD_CHANGED =
  'Presentkortets saldo har ändrats. Kontrollera varukorgen och försök igen.';

export type CheckoutOptions = {
  clock?: (() => Date) | undefined;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** The card provider, if configured (orders only get card payment where it was offered). */
  card?: CardPaymentProvider | null | undefined;
};

/**
 * Places orders (issue 5): one transaction that claims the idempotency key, locks the cart,
 * re-prices it, takes stock and gift-card money with conditional updates and writes the
 * order; the confirmation e-mail and the card payment happen after the commit.
 */
export class CheckoutService {
  private readonly inflight = new Set<Promise<unknown>>();
  /** The card step: payment creation, webhook, paid/failed endings (card-payments.ts). */
  readonly cards: CardPayments;

  constructor(
    private readonly repository: CheckoutRepository,
    private readonly carts: CartService,
    private readonly cartRepository: CartRepository,
    private readonly giftCards: GiftCardService,
    private readonly options: CheckoutOptions,
  ) {
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
    // transaction (KeyTaken below reads its order), so the common case saves a round trip.
    const found = await this.carts.find(identity);
    if (!found) {
      // A request with the same key may have placed the order (and removed the cart).
      const placed = await this.replay(identity.organisation, scope, key, requestHash);
      if (placed) return { order: placed, replayed: true };
      throw new NotFoundError('Det finns ingen varukorg');
    }
    this.checkBody(body);

    let placed: { orderId: number; publicId: string; view: OrderViewInput };
    try {
      placed = await this.repository.db.transaction((tx) =>
        this.place(tx, identity, found.cart.id, body, scope, key, requestHash),
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

    // The order took stock: cached listings and pages show the new stock now (ADR 014).
    invalidateCatalogueCaches();
    // Built from what the transaction wrote, not read back (five fewer round trips).
    let order = orderView(placed.view);
    if (order.payment.method === 'card' && order.payment.status === 'pending') {
      // A card order is confirmed by e-mail once it is paid (card-payments.ts), not now.
      order = await this.cards.start(placed.orderId, order);
    } else {
      this.sendConfirmation(placed.orderId, order, identity.organisation, receiptBase);
    }
    return { order, replayed: false };
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

  private async place(
    tx: Database,
    identity: CartIdentity,
    cartId: number,
    body: CheckoutBody,
    scope: string,
    key: string,
    requestHash: string,
  ): Promise<{ orderId: number; publicId: string; view: OrderViewInput }> {
    // Claim the key and lock the cart row in one statement; gone = ordered by a parallel request.
    const { claimed, cart } = await this.repository.claimKeyAndLockCart(
      tx,
      { scope, key, requestHash },
      cartId,
    );
    if (!claimed) throw new KeyTaken();
    if (!cart) throw new NotFoundError('Varukorgen är redan beställd');
    const base = await this.carts.pricingInput(identity, cart, tx);
    const input = { ...base, shippingType: body.shipping.type };
    if (input.lines.length === 0) {
      throw new BadRequestError('Varukorgen är tom', [
        { path: 'cart', message: 'Varukorgen är tom' },
      ]);
    }
    const lines = input.lines.map((row) => priceLine(input, row));
    const failures = cartFailures(input, lines);
    if (body.checksum !== undefined && body.checksum !== cartChecksum(base, lines)) {
      failures.push({
        reason: 'INVALID_CHECKSUM',
        message: STOCK_FAILURE_MESSAGES.INVALID_CHECKSUM,
        item_id: null,
        article_id: null,
        available_quantity: null,
      });
    }
    if (failures.length > 0) throw new CheckoutConflictError(failures[0]?.message ?? '', failures);

    const methods = paymentMethods(input).map((m) => m.id);
    if (!methods.includes(body.payment.method)) {
      const message = 'Betalsättet går inte att välja för den här beställningen';
      throw new BadRequestError(message, [{ path: 'body.payment.method', message }]);
    }

    const totals = cartTotals(input, lines);
    // A discount code that no longer applies (expired, used up, minimum not reached): the
    // order would cost more than the cart showed, so the shopper reviews it first (409).
    const voucher = input.voucher;
    const voucherProblem = voucherDiscount(input, totals.itemsOre).problem;
    if (voucher && voucherProblem) throw voucherConflict(voucherProblem);
    const now = this.now();
    const allocation = giftCardAllocation(input.giftCards, totals.totalOre, now);
    const redemptions: OrderViewInput['redemptions'][number][] = [];
    for (const a of allocation) {
      // A card in the cart with nothing left to use was spent (or expired) since the shopper
      // saw it: the order would silently cost more, so they review it first (409).
      const spent = a.card.balanceOre <= 0 || a.card.expiresAt <= now;
      const left =
        a.amountOre === 0
          ? a.card.balanceOre
          : await this.repository.spendGiftCard(tx, a.card.id, a.amountOre, now);
      if (a.amountOre > 0 && left !== null) {
        redemptions.push({ number: a.card.number, balanceOre: left, amountOre: a.amountOre });
      }
      if (spent || left === null) {
        throw new CheckoutConflictError(GIFT_CARD_CHANGED, [
          {
            reason: 'INVALID_CHECKSUM',
            message: GIFT_CARD_CHANGED,
            item_id: null,
            article_id: null,
            available_quantity: null,
          },
        ]);
      }
    }

    const method = body.payment.method;
    const paid = totals.toPayOre === 0;
    const paymentStatus = paid
      ? 'paid'
      : method === 'pay_in_store'
        ? 'pay_at_pickup'
        : method === 'invoice'
          ? 'invoiced'
          : 'pending';
    const publicId = randomBytes(18).toString('base64url');
    const newOrder: NewOrder = {
      publicId,
      organisation: identity.organisation,
      storeId: input.store.id,
      userId: identity.user?.id ?? null,
      status: paymentStatus === 'pending' ? 'awaiting_payment' : 'placed',
      paymentMethod: method,
      paymentStatus,
      paymentReference: method === 'invoice' ? (body.payment.reference ?? null) : null,
      contact: {
        first_name: body.contact.first_name.trim(),
        last_name: body.contact.last_name.trim(),
        email: body.contact.email.trim(),
        phone: body.contact.phone.trim(),
        company: body.contact.company?.trim() || null,
      },
      shippingType: body.shipping.type,
      shippingAddress:
        body.shipping.type === 2 && body.shipping.address
          ? {
              street: body.shipping.address.street.trim(),
              postcode: body.shipping.address.postcode.replace(/\s/g, ''),
              city: body.shipping.address.city.trim(),
            }
          : null,
      shippingOre: totals.shippingOre,
      itemsOre: totals.itemsOre,
      totalOre: totals.totalOre,
      vatOre: totals.vatOre,
      giftCardOre: totals.giftCardOre,
      discountOre: totals.discountOre,
      voucherId: voucher?.id ?? null,
      voucherCode: voucher?.code ?? null,
      toPayOre: totals.toPayOre,
      message: body.message?.trim() || null,
    };
    const orderLines: NewOrderLine[] = lines.map((line, position) => {
      const price = line.priceOre ?? 0;
      const sum = lineTotal(price, line.row.quantity);
      return {
        position,
        articleId: line.row.articleId,
        title: line.row.title,
        brand: line.row.brand,
        category: line.row.category,
        options: line.row.options,
        quantity: line.row.quantity,
        unit: line.row.unit,
        priceOre: price,
        sumOre: sum,
        vatOre: vatPortion(sum, line.row.vatRateBp / 10_000),
        vatRateBp: line.row.vatRateBp,
        warehouseCode: input.store.warehouseCode,
        warehouseName: input.store.warehouseName,
        stockWarehouseId: line.decrementsStock ? input.store.warehouseId : null,
        isGiftCard: line.row.giftCardValueOre !== null,
      };
    });
    // Order, lines, redemptions, the key's order id, the cart's removal and the stock: one
    // statement. Stock is taken in the same statement as the order, so its row locks (the
    // hottest rows of the shop) are held only until the commit, a round trip or two later.
    const stockLines = lines.filter((line) => line.decrementsStock);
    const written = await this.repository.writeOrder(
      tx,
      newOrder,
      orderLines,
      allocation
        .filter((a) => a.amountOre > 0)
        .map((a) => ({ giftCardId: a.card.id, amountOre: a.amountOre })),
      { scope, key, cartId },
      {
        warehouseId: input.store.warehouseId,
        wanted: stockLines.map((line) => ({
          articleId: line.row.articleId,
          quantity: line.row.quantity,
        })),
      },
    );
    const stockFailures: StockFailure[] = [];
    for (const line of [...stockLines].sort((a, b) => a.row.articleId - b.row.articleId)) {
      const { row } = line;
      if ((written.taken.get(row.articleId) ?? null) === null) {
        const onHand = await this.repository.stockOnHand(
          tx,
          row.articleId,
          input.store.warehouseId,
        );
        const reason = onHand <= 0 ? 'OUT_OF_STOCK' : 'INSUFFICIENT_STOCK';
        stockFailures.push({
          reason,
          message: STOCK_FAILURE_MESSAGES[reason],
          item_id: row.id,
          article_id: row.articleId,
          available_quantity: onHand,
        });
      }
    }
    if (stockFailures.length > 0) {
      throw new CheckoutConflictError(stockFailures[0]?.message ?? '', stockFailures);
    }
    const orderId = written.id;
    const issued = await this.issueGiftCards(tx, identity.organisation, orderId, lines, now);
    // The code's use is counted late too: a popular code's row is a hot row.
    if (voucher && !(await this.repository.useVoucher(tx, voucher.id, now))) {
      throw voucherConflict(VOUCHER_MESSAGES.usedUp);
    }

    const view: OrderViewInput = {
      order: {
        ...newOrder,
        id: orderId,
        providerPaymentId: null,
        confirmationSentAt: null,
        createdAt: written.createdAt,
      },
      lines: orderLines,
      store: input.store,
      redemptions,
      issued: issued.map((g) => ({ ...g, pin: this.giftCards.issuedPin(g.number) })),
      clientSecret: null,
    };
    return { orderId, publicId, view };
  }

  /** One card per gift-card unit bought, valid GIFT_CARD_VALIDITY_YEARS from now. */
  private async issueGiftCards(
    tx: Database,
    organisation: OrganisationId,
    orderId: number,
    lines: ReturnType<typeof priceLine>[],
    now: Date,
  ): Promise<Array<{ number: string; valueOre: number }>> {
    const cards: Array<{ number: string; valueOre: number }> = [];
    const expiresAt = new Date(now);
    expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + GIFT_CARD_VALIDITY_YEARS);
    for (const line of lines) {
      const valueOre = line.row.giftCardValueOre;
      if (valueOre === null) continue;
      for (let i = 0; i < line.row.quantity; i++) {
        let issued = false;
        while (!issued) {
          const number = this.giftCards.newNumber();
          issued = await this.repository.issueGiftCard(tx, {
            organisation,
            number,
            pinHash: this.giftCards.pinHash(number, this.giftCards.issuedPin(number)),
            valueOre,
            expiresAt,
            orderId,
          });
          if (issued) cards.push({ number, valueOre });
        }
      }
    }
    return cards;
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
      issued: issued.map((g) => ({ ...g, pin: this.giftCards.issuedPin(g.number) })),
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
