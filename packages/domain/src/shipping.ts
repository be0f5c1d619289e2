/**
 * Shipping rules (storefront.md §3 "Shipping types", §9).
 */

/** Free delivery over 499 SEK (storefront.md §9). */
export const FREE_SHIPPING_THRESHOLD_ORE = 49_900;
export const FREE_SHIPPING_LABEL = 'Fri frakt för order över 499:-*';

export const SHIPPING_TYPES = { STORE_PICKUP: 1, ADDRESS: 2 } as const;
export type ShippingType = (typeof SHIPPING_TYPES)[keyof typeof SHIPPING_TYPES];

export function isShippingType(value: unknown): value is ShippingType {
  return value === SHIPPING_TYPES.STORE_PICKUP || value === SHIPPING_TYPES.ADDRESS;
}

/** "Över 499:-" means strictly more than 499 kr; an order of exactly 499:- pays shipping. */
export function qualifiesForFreeShipping(orderTotalOre: number): boolean {
  return orderTotalOre > FREE_SHIPPING_THRESHOLD_ORE;
}

/**
 * What free shipping is judged on: the amount the customer pays for the goods, i.e. the items
 * after the discount code's reduction. Gift cards are a way to pay, not a discount, so they are
 * not taken off. Öre incl. VAT.
 */
export function freeShippingBasisOre(itemsOre: number, discountOre: number): number {
  return Math.max(0, itemsOre - Math.max(0, discountOre));
}

/** How much more the goods (after the discount) must cost for free shipping; 0 once free. */
export function freeShippingRemainingOre(goodsOre: number): number {
  return Math.max(0, FREE_SHIPPING_THRESHOLD_ORE + 1 - goodsOre);
}
