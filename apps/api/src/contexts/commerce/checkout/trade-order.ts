import { randomBytes } from 'node:crypto';
import type { Database } from '@bygg/db/client';
import { inclVatOre } from '@bygg/domain/pricing';
import { SHIPPING_TYPES } from '@bygg/domain/shipping';
import { NotFoundError } from '../../../kernel/errors.ts';
import {
  cartFailures,
  cartTotals,
  lineFailure,
  priceLine,
  type PricedLine,
  type PricingInput,
} from '../../pricing/index.ts';
import type {
  OrderPlacedHook,
  PlaceItemsInput,
  PricedItem,
  PriceItemsInput,
  TradeOrderPlacer,
} from '../../trade/index.ts';
import type { CartRepository } from '../cart/repository.ts';
import {
  CheckoutConflictError,
  ensureStockTaken,
  hookLines,
  KeyTaken,
  orderLines,
} from './place-order.ts';
import type { CheckoutRepository, NewOrder } from './repository.ts';
import { CheckoutInterruptedError, IdempotencyMismatchError } from './service.ts';

type Deps = {
  carts: CartRepository;
  repository: CheckoutRepository;
  now: () => Date;
  onTradeOrder: OrderPlacedHook | undefined;
  /**
   * After the commit of a new order: the order confirmation e-mail, the same as a checkout
   * order's (CheckoutService.sendOrderConfirmation, ADR 041).
   */
  afterCommit?: ((orderId: number) => void) | undefined;
};

/** A line at the price agreed in a store quote (excl. VAT → incl. the article's VAT). */
function atAgreedPrice(line: PricedLine, agreedExclOre: number | undefined): PricedLine {
  if (agreedExclOre === undefined || line.priceOre === null) return line;
  return {
    ...line,
    priceOre: inclVatOre(agreedExclOre, line.row.vatRateBp),
    reducedFromOre: null,
    isNetPrice: true,
  };
}

/**
 * The trade area's orders that are not a storefront cart (the quote cart, issue 18), placed
 * with the storefront's guarantees: the lines priced by the same statement as a cart's (the
 * company's net prices), the same stock checks, the idempotency key claimed first, and the
 * order, its lines and the stock taken in the one statement of checkout (whole order or none).
 */
export function tradeOrderPlacer(deps: Deps): TradeOrderPlacer {
  async function pricingInput(input: PriceItemsInput, executor?: Database) {
    const store = await deps.carts.store(input.storeId, executor);
    if (!store || store.organisationId !== input.organisation) {
      throw new NotFoundError('Butiken finns inte');
    }
    const now = deps.now();
    const { lines, prices } = await deps.carts.itemLines(
      input.items,
      store.warehouseId,
      { organisation: input.organisation, storeId: store.id, companyId: input.companyId, now },
      executor,
    );
    const pricing: PricingInput = {
      organisation: input.organisation,
      store,
      shippingType: SHIPPING_TYPES.STORE_PICKUP,
      lines,
      prices,
      giftCards: [],
      voucher: null,
      now,
      hasTradeAccount: true,
      card: null,
    };
    return { pricing, priced: lines.map((line) => priceLine(pricing, line)) };
  }

  async function price(input: PriceItemsInput): Promise<PricedItem[]> {
    const { pricing, priced } = await pricingInput(input);
    const byPosition = new Map(priced.map((line) => [line.row.id, line]));
    return input.items.map((item, i) => {
      const line = byPosition.get(i + 1);
      if (!line) {
        return {
          articleId: item.articleId,
          quantity: item.quantity,
          title: null,
          unit: 'st',
          warehouse: pricing.store.warehouseName,
          priceInclOre: null,
          vatRateBp: 0,
          isNetPrice: false,
          problem: {
            reason: 'INVALID_REFERENCE',
            message: 'Artikeln finns inte',
            availableQuantity: null,
          },
        };
      }
      const failure = lineFailure(line, pricing.organisation, pricing.shippingType);
      return {
        articleId: item.articleId,
        quantity: item.quantity,
        title: line.row.title,
        unit: line.row.unit,
        warehouse: pricing.store.warehouseName,
        priceInclOre: line.priceOre,
        vatRateBp: line.row.vatRateBp,
        isNetPrice: line.isNetPrice,
        problem: failure
          ? {
              reason: failure.reason,
              message: failure.message,
              availableQuantity: failure.available_quantity,
            }
          : null,
      };
    });
  }

  async function placeIn(tx: Database, input: PlaceItemsInput): Promise<number> {
    if (!(await deps.repository.claimKey(tx, input.claim))) throw new KeyTaken();
    const { pricing, priced: current } = await pricingInput(input, tx);
    const agreed = input.agreedPricesExclOre;
    // row.id is the item's position (1-based) in the input.
    const priced = agreed
      ? current.map((line) => atAgreedPrice(line, agreed[line.row.id - 1]))
      : current;
    const failures = cartFailures(pricing, priced);
    if (priced.length !== input.items.length) {
      failures.unshift({
        reason: 'INVALID_REFERENCE',
        message: 'Artikeln finns inte',
        item_id: null,
        article_id: null,
        available_quantity: null,
      });
    }
    if (failures.length > 0) throw new CheckoutConflictError(failures[0]?.message ?? '', failures);
    const totals = cartTotals(pricing, priced);
    const valid = { input: pricing, lines: priced };
    const lines = orderLines(valid);
    const [first, ...rest] = input.user.name.trim().split(/\s+/);
    const order: NewOrder = {
      publicId: randomBytes(18).toString('base64url'),
      organisation: input.organisation,
      storeId: pricing.store.id,
      userId: input.user.id,
      status: 'placed',
      paymentMethod: 'invoice',
      paymentStatus: 'invoiced',
      paymentReference: input.reference,
      contact: {
        first_name: first ?? '',
        last_name: rest.join(' '),
        email: input.user.email,
        phone: input.user.phone ?? '',
        company: input.companyName,
      },
      shippingType: SHIPPING_TYPES.STORE_PICKUP,
      shippingAddress: null,
      shippingOre: totals.shippingOre,
      itemsOre: totals.itemsOre,
      totalOre: totals.totalOre,
      vatOre: totals.vatOre,
      giftCardOre: 0,
      discountOre: 0,
      voucherId: null,
      voucherCode: null,
      toPayOre: totals.toPayOre,
      message: null,
    };
    const written = await deps.repository.writeOrder(
      tx,
      order,
      lines,
      [],
      { scope: input.claim.scope, key: input.claim.key, cartId: null },
      {
        warehouseId: pricing.store.warehouseId,
        wanted: priced
          .filter((line) => line.decrementsStock)
          .map((line) => ({ articleId: line.row.articleId, quantity: line.row.quantity })),
      },
    );
    await ensureStockTaken({ deps, tx }, valid, written.taken);
    await input.inTransaction(tx, written.id);
    await deps.onTradeOrder?.(tx, {
      orderId: written.id,
      organisation: input.organisation,
      storeId: pricing.store.id,
      storeName: pricing.store.name,
      user: { id: input.user.id, companyId: input.user.companyId },
      paymentStatus: order.paymentStatus,
      createdAt: written.createdAt,
      lines: hookLines(lines),
      shippingOre: order.shippingOre,
      discountOre: 0,
      voucherCode: null,
      giftCardOre: 0,
      totalOre: order.totalOre,
      projectId: input.projectId,
    });
    return written.id;
  }

  async function replay(claim: PlaceItemsInput['claim']): Promise<number | null> {
    const row = await deps.repository.idempotency(claim.scope, claim.key);
    if (!row || row.orderId === null) return null;
    if (row.requestHash !== claim.requestHash) throw new IdempotencyMismatchError();
    return row.orderId;
  }

  return {
    price,
    replay,
    async place(input) {
      const earlier = await replay(input.claim);
      if (earlier !== null) return { orderId: earlier, replayed: true };
      try {
        const orderId = await deps.repository.db.transaction((tx) => placeIn(tx, input));
        deps.afterCommit?.(orderId);
        return { orderId, replayed: false };
      } catch (error) {
        if (!(error instanceof KeyTaken)) throw error;
        const orderId = await replay(input.claim);
        if (orderId === null) throw new CheckoutInterruptedError();
        return { orderId, replayed: true };
      }
    },
  };
}
