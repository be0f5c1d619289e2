import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  TOO_MANY_PRODUCTS_MESSAGE,
  canDecrement,
  parseQuantityInput,
  quantityChangeIntent,
  removesLine,
} from './quantity.ts';

describe('quantity input', () => {
  it('reads whole numbers and keeps 0 so it can remove the line', () => {
    expect(parseQuantityInput('3', 1)).toBe(3);
    expect(parseQuantityInput(' 12 ', 1)).toBe(12);
    expect(parseQuantityInput('0', 4)).toBe(0);
  });

  it('reverts to the previous value for empty or invalid input', () => {
    for (const raw of ['', '  ', 'abc', '2.5', '2,5', '-1', '1e3', '99999999999999999999']) {
      expect(parseQuantityInput(raw, 4), raw).toBe(4);
    }
  });

  it('always returns a non-negative integer or the previous value', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (raw, previous) => {
        const result = parseQuantityInput(raw, previous);
        expect(result === previous || (Number.isInteger(result) && result >= 0)).toBe(true);
      }),
    );
  });

  it('disables decrement at 0 or below', () => {
    expect(canDecrement(1)).toBe(true);
    expect(canDecrement(0)).toBe(false);
    expect(canDecrement(-1)).toBe(false);
    expect(removesLine(0)).toBe(true);
    expect(removesLine(1)).toBe(false);
  });

  it('classifies a change as add, remove, delete or unchanged', () => {
    expect(quantityChangeIntent(1, 3)).toBe('add');
    expect(quantityChangeIntent(3, 1)).toBe('remove');
    expect(quantityChangeIntent(3, 0)).toBe('delete');
    expect(quantityChangeIntent(3, -2)).toBe('delete');
    expect(quantityChangeIntent(3, 3)).toBe('unchanged');
  });

  it('has the literal too-many message', () => {
    expect(TOO_MANY_PRODUCTS_MESSAGE).toBe(
      'För högt antal produkter, försök igen med ett lägre antal',
    );
  });
});
