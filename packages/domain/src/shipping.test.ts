import { describe, expect, it } from 'vitest';
import {
  FREE_SHIPPING_LABEL,
  FREE_SHIPPING_THRESHOLD_ORE,
  SHIPPING_TYPES,
  freeShippingBasisOre,
  freeShippingRemainingOre,
  isShippingType,
  qualifiesForFreeShipping,
} from './shipping.ts';
import { formatPrice } from './money.ts';

describe('shipping', () => {
  it('gives free shipping only for orders over 499 kr', () => {
    expect(FREE_SHIPPING_THRESHOLD_ORE).toBe(49_900);
    expect(qualifiesForFreeShipping(49_900)).toBe(false);
    expect(qualifiesForFreeShipping(49_901)).toBe(true);
    expect(qualifiesForFreeShipping(0)).toBe(false);
  });

  it('judges free shipping on the goods after the discount code, not before', () => {
    // 540:- of goods with 10 % off: 486:- is paid for the goods, so shipping is charged.
    const goods = freeShippingBasisOre(54_000, 5_400);
    expect(goods).toBe(48_600);
    expect(qualifiesForFreeShipping(goods)).toBe(false);
    expect(freeShippingRemainingOre(goods)).toBe(1_301);
    // Without a discount the same items ship free.
    expect(qualifiesForFreeShipping(freeShippingBasisOre(54_000, 0))).toBe(true);
    expect(freeShippingRemainingOre(freeShippingBasisOre(54_000, 0))).toBe(0);
    // A discount larger than the items leaves nothing, never a negative amount.
    expect(freeShippingBasisOre(10_000, 20_000)).toBe(0);
  });

  it('needs one öre more than 499:- for free shipping', () => {
    expect(freeShippingRemainingOre(0)).toBe(49_901);
    expect(freeShippingRemainingOre(49_900)).toBe(1);
    expect(freeShippingRemainingOre(49_901)).toBe(0);
  });

  it('states the threshold in the label in the price format', () => {
    expect(FREE_SHIPPING_LABEL).toBe('Fri frakt för order över 499:-*');
    expect(FREE_SHIPPING_LABEL).toContain(formatPrice(FREE_SHIPPING_THRESHOLD_ORE));
  });

  it('numbers store pickup 1 and address delivery 2', () => {
    expect(SHIPPING_TYPES).toEqual({ STORE_PICKUP: 1, ADDRESS: 2 });
    expect(isShippingType(2)).toBe(true);
    expect(isShippingType(3)).toBe(false);
  });
});
