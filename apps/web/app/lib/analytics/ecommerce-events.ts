import { CURRENCY } from '@bygg/domain/money';
import { lineAmounts, totalsOf } from '@bygg/domain/pricing';
import { marketingGranted, pushToDataLayer } from './consent-mode.ts';

/**
 * The ecommerce events the data layer receives (spec §7 tag manager), in the tag manager's
 * ecommerce shape. Amounts come in as integer öre and leave as SEK with two decimals.
 */

/** The list names of spec §7, literal. */
export const LIST_NAMES = {
  browse: 'Browse Products',
  browseStore: 'Browse Store Products',
  related: 'Related Products',
  popular: 'Popular Products',
  brand: 'Brand Products',
  supplier: 'Supplier Products',
  search: 'Search Products',
} as const;

export type ListName = (typeof LIST_NAMES)[keyof typeof LIST_NAMES];

export type AnalyticsProduct = {
  id: string;
  name: string;
  /** Unit price including VAT, öre. */
  priceOre: number;
  brand?: string | null;
  category?: string | null;
  /** The chosen variant as `variantText` writes it. */
  variant?: string | null;
};

export type AnalyticsItem = {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  item_brand?: string;
  item_category?: string;
  item_variant?: string;
  item_list_name?: ListName;
  index?: number;
};

export type EcommerceEvent = {
  event:
    | 'view_item_list'
    | 'view_item'
    | 'add_to_cart'
    | 'remove_from_cart'
    | 'begin_checkout'
    | 'purchase'
    | 'view_promotion';
  ecommerce: Record<string, unknown>;
};

function sek(ore: number): number {
  return Math.round(ore) / 100;
}

function item(product: AnalyticsProduct, quantity: number, extra: Partial<AnalyticsItem> = {}) {
  const result: AnalyticsItem = {
    item_id: product.id,
    item_name: product.name,
    price: sek(product.priceOre),
    quantity,
    ...extra,
  };
  if (product.brand) result.item_brand = product.brand;
  if (product.category) result.item_category = product.category;
  if (product.variant) result.item_variant = product.variant;
  return result;
}

/** The lines' amounts as the cart and the order have them (@bygg/domain/pricing). */
function amounts(
  lines: readonly { product: AnalyticsProduct; quantity: number; vatRate?: number }[],
) {
  return totalsOf(
    lines.map((line) =>
      lineAmounts({
        unitOre: line.product.priceOre,
        quantity: line.quantity,
        vatRateBp: Math.round((line.vatRate ?? 0) * 10_000),
      }),
    ),
  );
}

function sumOre(lines: readonly { product: AnalyticsProduct; quantity: number }[]): number {
  return amounts(lines).totalOre;
}

/** Spec §7: a cart variant's text joins its options as name:value with unit, comma separated. */
export function variantText(
  options: readonly { name: string; value: string; unit?: string | null }[],
): string {
  return options
    .map((option) => `${option.name}:${option.value}${option.unit ? ` ${option.unit}` : ''}`)
    .join(', ');
}

export function viewItemList(listName: ListName, products: readonly AnalyticsProduct[]) {
  return {
    event: 'view_item_list',
    ecommerce: {
      item_list_name: listName,
      items: products.map((product, index) =>
        item(product, 1, { item_list_name: listName, index }),
      ),
    },
  } satisfies EcommerceEvent;
}

export function viewItem(product: AnalyticsProduct) {
  return {
    event: 'view_item',
    ecommerce: { currency: CURRENCY, value: sek(product.priceOre), items: [item(product, 1)] },
  } satisfies EcommerceEvent;
}

/** Spec §4: a cart update counts as an add when the quantity grew, otherwise as a remove. */
export function cartChange(product: AnalyticsProduct, oldQuantity: number, newQuantity: number) {
  const quantity = Math.abs(newQuantity - oldQuantity);
  return {
    event: newQuantity > oldQuantity ? 'add_to_cart' : 'remove_from_cart',
    ecommerce: {
      currency: CURRENCY,
      value: sek(product.priceOre * quantity),
      items: [item(product, quantity)],
    },
  } satisfies EcommerceEvent;
}

export function beginCheckout(lines: readonly { product: AnalyticsProduct; quantity: number }[]) {
  return {
    event: 'begin_checkout',
    ecommerce: {
      currency: CURRENCY,
      value: sek(sumOre(lines)),
      items: lines.map((line) => item(line.product, line.quantity)),
    },
  } satisfies EcommerceEvent;
}

export type PurchaseLine = {
  product: AnalyticsProduct;
  quantity: number;
  /** The warehouse line's VAT rate, 0–1 (the API's vat_rate). */
  vatRate: number;
};

/**
 * Spec §7: tax is computed per warehouse line from its vat_rate; shipping defaults to 0 and
 * the coupon to ''; the affiliation is the organisation's.
 */
export function purchase(input: {
  transactionId: string;
  affiliation: string;
  lines: readonly PurchaseLine[];
  shippingOre?: number;
  coupon?: string;
}) {
  const { totalOre, vatOre: taxOre } = amounts(input.lines);
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: input.transactionId,
      affiliation: input.affiliation,
      currency: CURRENCY,
      value: sek(totalOre),
      tax: sek(taxOre),
      shipping: sek(input.shippingOre ?? 0),
      coupon: input.coupon ?? '',
      items: input.lines.map((line) => item(line.product, line.quantity)),
    },
  } satisfies EcommerceEvent;
}

export function viewPromotion(promotion: { id: string; name: string; creative?: string | null }) {
  return {
    event: 'view_promotion',
    ecommerce: {
      items: [
        {
          promotion_id: promotion.id,
          promotion_name: promotion.name,
          ...(promotion.creative ? { creative_name: promotion.creative } : {}),
        },
      ],
    },
  } satisfies EcommerceEvent;
}

/**
 * Sends an event to the data layer when marketing consent is granted; returns whether it was
 * sent. The previous ecommerce object is cleared first, so its fields do not merge into this one.
 */
export function trackEcommerce(event: EcommerceEvent): boolean {
  if (!marketingGranted()) return false;
  pushToDataLayer({ ecommerce: null });
  pushToDataLayer(event);
  return true;
}
