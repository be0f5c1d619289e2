import type { Cart, CartLine } from '@bygg/contracts/cart';
import {
  beginCheckout,
  cartChange,
  purchase,
  variantText,
} from '~/lib/analytics/ecommerce-events.ts';
import type { AnalyticsProduct, PurchaseLine } from '~/lib/analytics/ecommerce-events.ts';

/**
 * GA4 ecommerce events of the cart (storefront spec §7), built from cart lines: the line
 * carries the unit price incl. VAT in öre, the brand, the category and the options whose
 * text is the item variant.
 */

export function analyticsProduct(line: CartLine): AnalyticsProduct {
  return {
    id: String(line.article_id),
    name: line.title,
    priceOre: line.price,
    brand: line.brand,
    category: line.category,
    variant: line.options.length > 0 ? variantText(line.options) : null,
  };
}

/**
 * Spec §4: an update counts as add_to_cart when the quantity grew, otherwise as
 * remove_from_cart; a removed line is a change to 0. null when nothing changed.
 */
export function lineChangeEvent(line: CartLine, oldQuantity: number, newQuantity: number) {
  if (oldQuantity === newQuantity) return null;
  return cartChange(analyticsProduct(line), oldQuantity, newQuantity);
}

/** What an add did to the cart: the line of the article, and how much it grew. */
export function addEvent(before: Cart | null, after: Cart, articleId: number) {
  const line = after.items.find((item) => item.article_id === articleId);
  if (!line) return null;
  const old = before?.items.find((item) => item.article_id === articleId)?.quantity ?? 0;
  return lineChangeEvent(line, old, line.quantity);
}

export function beginCheckoutEvent(cart: Cart) {
  return beginCheckout(
    cart.items.map((line) => ({ product: analyticsProduct(line), quantity: line.quantity })),
  );
}

/**
 * Spec §7 purchase: tax per warehouse line from its vat_rate, shipping (0 by default), coupon
 * '' (the shop has no discount codes), affiliation from the organisation's configuration.
 */
export function purchaseEvent(input: { orderId: string; affiliation: string; cart: Cart }) {
  const lines: PurchaseLine[] = input.cart.items.map((line) => ({
    product: analyticsProduct(line),
    quantity: line.quantity,
    vatRate: line.vat_rate,
  }));
  return purchase({
    transactionId: input.orderId,
    affiliation: input.affiliation,
    lines,
    shippingOre: input.cart.summary.shipping_price,
    coupon: '',
  });
}
