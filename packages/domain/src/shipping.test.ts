import { describe, expect, it } from 'vitest';
import {
  FREE_SHIPPING_LABEL,
  FREE_SHIPPING_THRESHOLD_ORE,
  SHIPPING_TYPES,
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
