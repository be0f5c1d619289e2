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
