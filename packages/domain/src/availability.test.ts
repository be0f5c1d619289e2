import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AVAILABILITY,
  AVAILABILITY_ALL,
  STOCK_TYPE,
  combineFlags,
  describeFlags,
  describeStockType,
  hasFlag,
  isBookable,
  isHidden,
  isNonStocked,
  isPriceHidden,
  isSellable,
  isShippable,
  isStockHidden,
  isValidAvailability,
  isValidStockType,
} from './availability.ts';

describe('availability bits', () => {
  it('uses the bit values from the spec', () => {
    expect(AVAILABILITY).toEqual({
      NONE: 0,
      SELLABLE: 1,
      SHIPPABLE: 2,
      BOOKABLE: 4,
      HIDDEN: 8,
      HIDDEN_PRICE: 16,
      HIDDEN_STOCK: 32,
      NON_STOCKED_ITEM: 64,
    });
    expect(STOCK_TYPE).toEqual({ STOCKED: 1, UNSTOCKED: 2, TEMP_OUT_OF_STOCK: 4 });
  });

  it('answers each predicate from its own bit only', () => {
    const bits = combineFlags(AVAILABILITY.SELLABLE, AVAILABILITY.HIDDEN_STOCK);
    expect(bits).toBe(33);
    expect(isSellable(bits)).toBe(true);
    expect(isStockHidden(bits)).toBe(true);
    expect(isShippable(bits)).toBe(false);
    expect(isBookable(bits)).toBe(false);
    expect(isHidden(bits)).toBe(false);
    expect(isPriceHidden(bits)).toBe(false);
    expect(isNonStocked(bits)).toBe(false);
    expect(isNonStocked(64)).toBe(true);
  });

  it('treats a NONE check as "no bit set"', () => {
    expect(hasFlag(0, AVAILABILITY.NONE)).toBe(true);
    expect(hasFlag(1, AVAILABILITY.NONE)).toBe(false);
  });

  it('requires every bit of a combined flag', () => {
    expect(hasFlag(3, 3)).toBe(true);
    expect(hasFlag(1, 3)).toBe(false);
  });

  it('describes set bits by name', () => {
    expect(describeFlags(0)).toEqual([]);
    expect(describeFlags(1 + 2 + 32)).toEqual(['SELLABLE', 'SHIPPABLE', 'HIDDEN_STOCK']);
    expect(describeStockType(5)).toEqual(['STOCKED', 'TEMP_OUT_OF_STOCK']);
  });

  it('describes exactly the bits that combine back to the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: AVAILABILITY_ALL }), (bits) => {
        const names = describeFlags(bits);
        expect(combineFlags(...names.map((name) => AVAILABILITY[name]))).toBe(bits);
        for (const name of names) expect(hasFlag(bits, AVAILABILITY[name])).toBe(true);
      }),
    );
  });

  it('validates the range of each bit field', () => {
    expect(isValidAvailability(127)).toBe(true);
    expect(isValidAvailability(128)).toBe(false);
    expect(isValidAvailability(-1)).toBe(false);
    expect(isValidAvailability(1.5)).toBe(false);
    expect(isValidAvailability('1')).toBe(false);
    expect(isValidStockType(7)).toBe(true);
    expect(isValidStockType(8)).toBe(false);
  });
});
