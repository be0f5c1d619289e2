// The commerce context's public face: the cart (with vouchers and applied gift cards), gift
// cards, checkout ("place order"), orders and receipts, and card payments.
import { defineContext, type ContextDeps } from '../define-context.ts';
import { CartRepository } from './cart/repository.ts';
import { cartRoutes } from './cart/routes.ts';
import { CartService } from './cart/service.ts';
import { CheckoutRepository } from './checkout/repository.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { CheckoutService } from './checkout/service.ts';
import { giftCardRoutes } from './giftcards/routes.ts';
import { PunchoutRepository } from './punchout/repository.ts';
import { punchoutRoutes, punchoutToken } from './punchout/routes.ts';
import { CHECKOUT_CLOSED_MESSAGE, PunchoutService } from './punchout/service.ts';
import { GiftCardService } from './giftcards/service.ts';
import type { OrderPlacedHook, TradeOrderPlacer } from '../trade/index.ts';
import { tradeOrderPlacer as placerOf } from './checkout/trade-order.ts';
import type { CardPaymentProvider } from './payments/provider.ts';
import { cardProviderFromConfig } from './payments/stripe.ts';

export type { CardPaymentProvider } from './payments/provider.ts';
export type { CheckoutService } from './checkout/service.ts';

/**
 * The trade area's order placement for the quote cart (issue 18): commerce's pricing of
 * lines, stock reservation and idempotency (checkout/trade-order.ts). app.ts builds it and
 * hands it to trade.
 */
export function tradeOrderPlacer(
  deps: Pick<ContextDeps, 'db' | 'clock'> & {
    onTradeOrder: OrderPlacedHook;
    /** After a new order's commit: its confirmation e-mail (CheckoutService.confirmPlaced). */
    afterCommit?: (orderId: number) => void;
  },
): TradeOrderPlacer {
  return placerOf({
    carts: new CartRepository(deps.db),
    repository: new CheckoutRepository(deps.db),
    now: () => (deps.clock ? deps.clock() : new Date()),
    onTradeOrder: deps.onTradeOrder,
    afterCommit: deps.afterCommit,
  });
}

export type CommerceOptions = ContextDeps & {
  /** Card payments; default: Stripe when both STRIPE_* keys are set, else none. */
  cardProvider?: CardPaymentProvider | null | undefined;
  /** The trade context's hook for orders of trade users (trade's tradeOrderHook). */
  onTradeOrder?: OrderPlacedHook | undefined;
};

/**
 * The cart under /api/v1.0/cart/current/, gift-card balances, checkout and receipts, the
 * card provider's webhook. app.checkout is the order service (tests wait for confirmation
 * e-mails with app.checkout.settle(); shutdown waits too).
 */
export const commerceContext = defineContext(
  'commerce',
  async (app, deps: CommerceOptions) => {
    const { db, config, clock, rateLimits } = deps;
    const card =
      deps.cardProvider !== undefined ? deps.cardProvider : cardProviderFromConfig(config);
    const cartRepository = new CartRepository(db);
    const cartService = new CartService(cartRepository, { clock, card });
    const giftCards = new GiftCardService(db, config.sessionSecret, deps.failures);
    const checkout = new CheckoutService(
      new CheckoutRepository(db),
      cartService,
      cartRepository,
      giftCards,
      {
        clock,
        card,
        onTradeOrder: deps.onTradeOrder,
        logger: app.log,
        mailer: deps.mailer,
      },
    );
    app.decorate('checkout', checkout);
    const punchout = new PunchoutService(new PunchoutRepository(db), cartService, () =>
      clock ? clock() : new Date(),
    );
    await app.register(punchoutRoutes, { service: punchout, rateLimits });
    await app.register(cartRoutes, { service: cartService, giftCards, rateLimits });
    await app.register(giftCardRoutes, { service: giftCards, rateLimits, clock });
    await app.register(checkoutRoutes, {
      service: checkout,
      rateLimits,
      publicUrl: config.publicUrl,
      checkoutClosed: async (request) =>
        (await punchout.isOpen(request.organisation, punchoutToken(request)))
          ? CHECKOUT_CLOSED_MESSAGE
          : null,
    });
    // Confirmations whose sending failed are retried, and card orders left unpaid give their
    // stock back (card-payments.ts expireStale), every five minutes (the job runner, ADR 041).
    const base = config.publicUrl;
    deps.jobs.every({
      name: 'order-confirmations-retry',
      everyMs: 5 * 60_000,
      run: () => checkout.resendPending(base),
    });
    deps.jobs.every({
      name: 'unpaid-card-orders-expiry',
      everyMs: 5 * 60_000,
      run: () => checkout.expireUnpaidCardOrders(base),
    });
    app.addHook('onClose', () => checkout.settle());
  },
  // The cart belongs to the logged-in user when there is one (request.sessionUser).
  { dependencies: ['trade'] },
);
