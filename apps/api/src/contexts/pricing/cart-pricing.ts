import { createHash } from 'node:crypto';
import {
  VOUCHER_MESSAGES,
  type Cart,
  type CartLine,
  type PaymentMethod,
  type StockFailure,
} from '@bygg/contracts/cart';
import { AVAILABILITY, hasFlag, STOCK_TYPE } from '@bygg/domain/availability';
import {
  availablePaymentMethods,
  HOME_DELIVERY_PRICE_ORE,
  homeDeliveryOffered,
  PAYMENT_DESCRIPTIONS,
  PAYMENT_LABELS,
  shippingPriceOre,
  SHIPPING_LABELS,
  SHIPPING_VAT_RATE_BP,
} from '@bygg/domain/checkout';
import { last4 } from '@bygg/domain/giftcard';
import { formatPrice } from '@bygg/domain/money';
import {
  lineAmounts,
  totalsOf,
  vatAfterDiscount,
  vatOfInclOre,
  vatRateFraction,
  type ArticlePrice,
  type LineAmounts,
} from '@bygg/domain/pricing';
import {
  FREE_SHIPPING_THRESHOLD_ORE,
  freeShippingBasisOre,
  freeShippingRemainingOre,
  SHIPPING_TYPES,
  type ShippingType,
} from '@bygg/domain/shipping';
import {
  STOCK_FAILURE_MESSAGES,
  stockStatusFromQuantity,
  type StockFailureReason,
} from '@bygg/domain/stock';
import { ORGANISATIONS, type OrganisationId } from '@bygg/domain/organisations';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import { effectiveAvailability, isListed, showsPrice } from '@bygg/domain/availability-rules';
import type { AppliedGiftCardRow, CartLineRow, CartStoreRow, VoucherRow } from './cart-rows.ts';

/** What pricing a cart needs besides its rows. */
export type PricingInput = {
  organisation: OrganisationId;
  store: CartStoreRow;
  shippingType: ShippingType;
  lines: readonly CartLineRow[];
  /** The viewer's price of each line's article (net prices included), from the price query. */
  prices: ReadonlyMap<number, ArticlePrice>;
  giftCards: readonly AppliedGiftCardRow[];
  /** The cart's discount code, if one is applied. */
  voucher: VoucherRow | null;
  now: Date;
  hasTradeAccount: boolean;
  card: { provider: string; publishableKey: string } | null;
};

export type PricedLine = {
  row: CartLineRow;
  /** Öre incl. VAT per unit; null when the article has no price for the store. */
  priceOre: number | null;
  reducedFromOre: number | null;
  isNetPrice: boolean;
  availability: number;
  /** Whether placing the order decrements stock for this line. */
  decrementsStock: boolean;
};

/**
 * The effective availability and the price of a line in the cart's store, with the product
 * API's own rules (availability levels, store price over list price, campaigns, net prices).
 */
export function priceLine(input: PricingInput, row: CartLineRow): PricedLine {
  const availability = effectiveAvailability(
    row.articleAvailability,
    row.stockAvailability,
    input.store.ownLink,
  );
  const price = showsPrice(availability) ? input.prices.get(row.articleId) : undefined;
  return {
    row,
    priceOre: price?.priceOre ?? null,
    reducedFromOre: price?.reducedFromOre ?? null,
    isNetPrice: price?.isNetPrice ?? false,
    availability,
    decrementsStock: decrementsStock(row),
  };
}

/** The line's amounts (an unpriced line counts as 0, and is refused at checkout). */
export function amountsOf(line: PricedLine): LineAmounts {
  return lineAmounts({
    unitOre: line.priceOre ?? 0,
    quantity: line.row.quantity,
    vatRateBp: line.row.vatRateBp,
  });
}

/**
 * Gift cards and made-to-order articles are not taken from stock; a stocked article is, from
 * the store's own warehouse.
 */
export function decrementsStock(row: CartLineRow): boolean {
  if (row.giftCardValueOre !== null) return false;
  if (hasFlag(row.articleAvailability, AVAILABILITY.NON_STOCKED_ITEM)) return false;
  if (hasFlag(row.articleStockType, STOCK_TYPE.UNSTOCKED)) return false;
  if (row.stockType !== null && hasFlag(row.stockType, STOCK_TYPE.UNSTOCKED)) return false;
  return true;
}

function failure(
  reason: StockFailureReason,
  line: PricedLine,
  available: number | null = null,
): StockFailure {
  return {
    reason,
    message: STOCK_FAILURE_MESSAGES[reason],
    item_id: line.row.id,
    article_id: line.row.articleId,
    available_quantity: available,
  };
}

/**
 * What stops a line from being ordered now (storefront spec §3 stock-failure reasons), or
 * null. Stock is judged from the row read; checkout re-checks with a conditional update.
 */
export function lineFailure(
  line: PricedLine,
  organisation: OrganisationId,
  shippingType: ShippingType,
): StockFailure | null {
  const { row } = line;
  if (!row.productOrganisations.includes(organisation)) return failure('INVALID_REFERENCE', line);
  if (!isListed(line.availability) || line.priceOre === null) return failure('UNAVAILABLE', line);
  if (
    shippingType === SHIPPING_TYPES.ADDRESS &&
    !hasFlag(line.availability, AVAILABILITY.SHIPPABLE)
  ) {
    return failure('UNAVAILABLE', line);
  }
  if (!line.decrementsStock) return null;
  if (!row.hasStockRow) return failure('OUT_OF_STOCK', line, 0);
  if (row.stockType !== null && hasFlag(row.stockType, STOCK_TYPE.TEMP_OUT_OF_STOCK)) {
    return failure('OUT_OF_STOCK', line, 0);
  }
  // Unknown stock of a stocked article: 'Butiksvara, kontakta din butik', not sold online.
  if (row.stockQuantity === null) return failure('UNAVAILABLE', line);
  if (row.stockQuantity <= 0) return failure('OUT_OF_STOCK', line, 0);
  if (row.stockQuantity < row.quantity) {
    return failure('INSUFFICIENT_STOCK', line, row.stockQuantity);
  }
  return null;
}

export function cartFailures(input: PricingInput, lines: readonly PricedLine[]): StockFailure[] {
  return lines.flatMap((line) => {
    const f = lineFailure(line, input.organisation, input.shippingType);
    return f ? [f] : [];
  });
}

/** Opaque fingerprint of what the shopper sees: store, shipping, lines, prices, gift cards. */
export function cartChecksum(input: PricingInput, lines: readonly PricedLine[]): string {
  const data = JSON.stringify([
    input.store.id,
    input.shippingType,
    lines.map((l) => [l.row.articleId, l.row.quantity, l.priceOre]),
    input.giftCards.map((g) => [g.id, g.balanceOre]),
    input.voucher
      ? [input.voucher.id, voucherDiscount(input, itemsTotal(lines)).discountOre]
      : null,
  ]);
  return createHash('sha256').update(data).digest('base64url').slice(0, 22);
}

const MEDIA_WIDTH = 160;

function toCartLine(line: PricedLine, input: PricingInput): CartLine {
  const { row } = line;
  const amounts = amountsOf(line);
  const visibleQuantity =
    row.stockAvailability !== null && hasFlag(row.stockAvailability, AVAILABILITY.HIDDEN_STOCK)
      ? null
      : line.decrementsStock
        ? row.stockQuantity
        : null;
  return {
    id: row.id,
    article_id: row.articleId,
    quantity: row.quantity,
    title: row.title,
    brand: row.brand,
    category: row.category,
    product_slug: row.productSlug,
    image_url: row.imageKey ? `/media/products/${row.imageKey}/${MEDIA_WIDTH}.webp` : null,
    unit: row.unit,
    price: amounts.unitOre,
    price_excl_vat: amounts.unitExclOre,
    reduced_from: line.reducedFromOre,
    sum: amounts.totalOre,
    sum_excl_vat: amounts.exclOre,
    vat_rate: vatRateFraction(row.vatRateBp),
    is_net_price: line.isNetPrice,
    options: row.options.map((o) => ({ name: o.name, value: o.value, unit: o.unit ?? null })),
    warehouse: input.store.warehouseCode,
    stock_status: line.decrementsStock
      ? visibleQuantity === null
        ? 'UNKNOWN'
        : stockStatusFromQuantity(visibleQuantity)
      : 'UNKNOWN',
    quantity_on_hand: visibleQuantity,
    is_gift_card: row.giftCardValueOre !== null,
    problem: lineProblem(line, input),
  };
}

/** The line's stock failure as the cart shows it (checkout refuses the same line). */
function lineProblem(line: PricedLine, input: PricingInput): CartLine['problem'] {
  const f = lineFailure(line, input.organisation, input.shippingType);
  return f
    ? { reason: f.reason, message: f.message, available_quantity: f.available_quantity }
    : null;
}

/** How much of each applied gift card pays for the order, in card order, up to the total. */
export function giftCardAllocation(
  giftCards: readonly AppliedGiftCardRow[],
  totalOre: number,
  now: Date,
): Array<{ card: AppliedGiftCardRow; amountOre: number }> {
  let remaining = totalOre;
  return giftCards.map((card) => {
    const usable = card.expiresAt > now ? card.balanceOre : 0;
    const amountOre = Math.max(0, Math.min(usable, remaining));
    remaining -= amountOre;
    return { card, amountOre };
  });
}

/**
 * Why a discount code gives nothing now (Swedish message), or null when it applies: not
 * started, expired, used up, or the items total below its minimum.
 */
export function voucherProblem(voucher: VoucherRow, itemsOre: number, now: Date): string | null {
  if (voucher.validFrom > now) return VOUCHER_MESSAGES.notStarted;
  if (voucher.validTo !== null && voucher.validTo <= now) return VOUCHER_MESSAGES.expired;
  if (voucher.usageLimit !== null && voucher.usedCount >= voucher.usageLimit) {
    return VOUCHER_MESSAGES.usedUp;
  }
  if (itemsOre < voucher.minOrderOre) {
    return VOUCHER_MESSAGES.minimum(formatPrice(voucher.minOrderOre));
  }
  return null;
}

/**
 * The discount code's reduction of the items (öre incl. VAT): a percentage rounded to whole
 * öre, or a fixed amount, never more than the items cost; 0 with the reason when it does
 * not apply now.
 */
export function voucherDiscount(
  input: Pick<PricingInput, 'voucher' | 'now'>,
  itemsOre: number,
): { discountOre: number; problem: string | null } {
  const { voucher } = input;
  if (!voucher) return { discountOre: 0, problem: null };
  const problem = voucherProblem(voucher, itemsOre, input.now);
  if (problem) return { discountOre: 0, problem };
  const raw =
    voucher.percentOff !== null
      ? Math.round((itemsOre * voucher.percentOff) / 100)
      : (voucher.amountOffOre ?? 0);
  return { discountOre: Math.max(0, Math.min(raw, itemsOre)), problem: null };
}

function itemsTotal(lines: readonly PricedLine[]): number {
  return totalsOf(lines.map(amountsOf)).totalOre;
}

export type CartTotals = {
  itemsOre: number;
  /** The discount code's reduction of the items. */
  discountOre: number;
  /** The items after the discount: what free shipping is judged on. */
  goodsOre: number;
  shippingOre: number;
  totalOre: number;
  vatOre: number;
  giftCardOre: number;
  toPayOre: number;
  quantity: number;
};

export function cartTotals(input: PricingInput, lines: readonly PricedLine[]): CartTotals {
  const items = totalsOf(lines.map(amountsOf));
  const itemsOre = items.totalOre;
  const quantity = items.quantity;
  const { discountOre } = voucherDiscount(input, itemsOre);
  let vatOre = vatAfterDiscount(items, discountOre);
  // Free home delivery is judged on what is paid for the goods: after the discount code.
  const goodsOre = freeShippingBasisOre(itemsOre, discountOre);
  const shippingOre = shippingPriceOre(input.shippingType, goodsOre);
  vatOre += vatOfInclOre(shippingOre, SHIPPING_VAT_RATE_BP);
  const totalOre = itemsOre - discountOre + shippingOre;
  const giftCardOre = giftCardAllocation(input.giftCards, totalOre, input.now).reduce(
    (sum, a) => sum + a.amountOre,
    0,
  );
  return {
    itemsOre,
    discountOre,
    goodsOre,
    shippingOre,
    totalOre,
    vatOre,
    giftCardOre,
    toPayOre: totalOre - giftCardOre,
    quantity,
  };
}

export function paymentMethods(input: PricingInput): PaymentMethod[] {
  return availablePaymentMethods({
    shippingType: input.shippingType,
    hasTradeAccount: input.hasTradeAccount,
    cardAvailable: input.card !== null,
  }).map((id) => ({
    id,
    label: PAYMENT_LABELS[id],
    description: PAYMENT_DESCRIPTIONS[id],
    provider: id === 'card' ? (input.card?.provider ?? null) : null,
    publishable_key: id === 'card' ? (input.card?.publishableKey ?? null) : null,
  }));
}

/** Messages shown with the cart: each line that cannot be ordered as it is, and why. */
function messagesFor(failures: readonly StockFailure[], lines: readonly PricedLine[]): string[] {
  return failures.map((f) => {
    const line = lines.find((l) => l.row.id === f.item_id);
    const extra =
      f.reason === 'INSUFFICIENT_STOCK' && f.available_quantity !== null
        ? ` (${f.available_quantity} ${line?.row.unit ?? 'st'} finns)`
        : '';
    return line ? `${line.row.title}: ${f.message}${extra}` : f.message;
  });
}

/** The whole cart reply (storefront spec §3 "Cart"). Amounts in öre. */
export function buildCart(input: PricingInput, extraMessages: readonly string[] = []): Cart {
  const lines = input.lines.map((row) => priceLine(input, row));
  const totals = cartTotals(input, lines);
  const items = lines.map((line) => toCartLine(line, input));
  const failures = cartFailures(input, lines);
  const warehouseVat = totalsOf(lines.map(amountsOf)).vatOre;
  const homeDelivery = homeDeliveryOffered({
    hasTradeAccount: input.hasTradeAccount,
    cardAvailable: input.card !== null,
  });
  const shippingOptions: Cart['shipping']['options'] = [
    {
      type: SHIPPING_TYPES.STORE_PICKUP,
      label: SHIPPING_LABELS[SHIPPING_TYPES.STORE_PICKUP],
      price: 0,
      ordinary_price: 0,
      free_over: null,
    },
  ];
  if (homeDelivery || input.shippingType === SHIPPING_TYPES.ADDRESS) {
    shippingOptions.push({
      type: SHIPPING_TYPES.ADDRESS,
      label: SHIPPING_LABELS[SHIPPING_TYPES.ADDRESS],
      price: shippingPriceOre(SHIPPING_TYPES.ADDRESS, totals.goodsOre),
      ordinary_price: HOME_DELIVERY_PRICE_ORE,
      free_over: FREE_SHIPPING_THRESHOLD_ORE,
    });
  }
  const allocation = giftCardAllocation(input.giftCards, totals.totalOre, input.now);
  return {
    summary: {
      price: totals.totalOre,
      quantity: totals.quantity,
      items_price: totals.itemsOre,
      shipping_price: totals.shippingOre,
      discount: totals.discountOre,
      vat: totals.vatOre,
      price_excl_vat: totals.totalOre - totals.vatOre,
      giftcard_amount: totals.giftCardOre,
      to_pay: totals.toPayOre,
      free_shipping_remaining: freeShippingRemainingOre(totals.goodsOre),
    },
    warehouses:
      lines.length === 0
        ? []
        : [
            {
              code: input.store.warehouseCode,
              name: input.store.warehouseName,
              is_central: input.store.warehouseIsCentral,
              item_ids: lines.map((l) => l.row.id),
              sum: totals.itemsOre,
              vat: warehouseVat,
            },
          ],
    items,
    messages: [...extraMessages, ...messagesFor(failures, lines)],
    shipping: {
      selected: input.shippingType,
      sum: totals.shippingOre,
      options: shippingOptions,
    },
    voucher:
      input.giftCards.length === 0 && input.voucher === null
        ? null
        : {
            code: input.voucher?.code ?? null,
            description: input.voucher?.description ?? null,
            discount: totals.discountOre,
            message: voucherDiscount(input, totals.itemsOre).problem,
            giftcards: allocation.map((a) => ({
              last4: last4(a.card.number),
              balance: a.card.balanceOre,
              amount: a.amountOre,
            })),
            amount: totals.giftCardOre,
          },
    store: {
      id: input.store.id,
      external_id: input.store.externalId,
      name: stripOrganisationPrefix(
        input.store.name,
        ORGANISATIONS[input.organisation].storeNamePrefix,
      ),
      slug: input.store.slug,
      is_central: input.store.isCentral,
      proffs_enabled: input.store.proffsEnabled,
    },
    payment_methods: paymentMethods(input),
    checksum: cartChecksum(input, lines),
  };
}
