import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY } from './availability.ts';
import {
  effectiveAvailability,
  FLAGGED_MASK,
  isListed,
  LISTED_MASK,
  showsPrice,
  visibleStock,
} from './availability-rules.ts';

const { SELLABLE, SHIPPABLE, BOOKABLE, HIDDEN, HIDDEN_PRICE, HIDDEN_STOCK, NON_STOCKED_ITEM } =
  AVAILABILITY;
const bits = fc.integer({ min: 0, max: 127 });
const maybeBits = fc.option(bits, { nil: null });

describe('effectiveAvailability', () => {
  it('keeps the article’s own bits when there is no stock row and no store', () => {
    fc.assert(
      fc.property(bits, (article) => effectiveAvailability(article, null, null) === article),
    );
  });

  it('grants a capability only when every level grants it', () => {
    expect(effectiveAvailability(SELLABLE | SHIPPABLE, SELLABLE, null)).toBe(SELLABLE);
    expect(effectiveAvailability(SELLABLE | BOOKABLE, SELLABLE | BOOKABLE, SELLABLE)).toBe(
      SELLABLE,
    );
    expect(isListed(effectiveAvailability(SELLABLE, 0, null))).toBe(false);
  });

  it('applies a hidden, hidden-price, hidden-stock or non-stocked mark from any level', () => {
    expect(effectiveAvailability(SELLABLE, SELLABLE | HIDDEN, null) & HIDDEN).toBe(HIDDEN);
    expect(effectiveAvailability(SELLABLE | HIDDEN_PRICE, SELLABLE, null) & HIDDEN_PRICE).toBe(
      HIDDEN_PRICE,
    );
    expect(effectiveAvailability(SELLABLE, SELLABLE, SELLABLE | HIDDEN_STOCK) & HIDDEN_STOCK).toBe(
      HIDDEN_STOCK,
    );
    expect(
      effectiveAvailability(SELLABLE, SELLABLE | NON_STOCKED_ITEM, null) & NON_STOCKED_ITEM,
    ).toBe(NON_STOCKED_ITEM);
  });

  it('agrees with the SQL form of the listing: listed iff every level is sellable and none hides', () => {
    fc.assert(
      fc.property(bits, maybeBits, maybeBits, (article, row, link) => {
        const sqlListed =
          (article & LISTED_MASK) === SELLABLE &&
          (row === null || (row & LISTED_MASK) === SELLABLE) &&
          (link === null || (link & LISTED_MASK) === SELLABLE);
        return isListed(effectiveAvailability(article, row, link)) === sqlListed;
      }),
    );
  });

  it('finds every stock row that can hide an article or its price or stock in the flagged rows', () => {
    fc.assert(
      fc.property(bits, (row) => {
        const matters =
          (row & LISTED_MASK) !== SELLABLE || (row & (HIDDEN_PRICE | HIDDEN_STOCK)) !== 0;
        return !matters || (row & FLAGGED_MASK) !== 1;
      }),
    );
  });
});

describe('showsPrice and visibleStock', () => {
  it('hides the price only with the hidden-price bit', () => {
    expect(showsPrice(SELLABLE)).toBe(true);
    expect(showsPrice(SELLABLE | HIDDEN_PRICE)).toBe(false);
  });

  it('withholds the quantity and reports UNKNOWN when the stock is hidden', () => {
    expect(visibleStock(SELLABLE | HIDDEN_STOCK, 42)).toEqual({
      status: 'UNKNOWN',
      quantity: null,
    });
  });

  it('derives the status from the quantity otherwise', () => {
    expect(visibleStock(SELLABLE, 42)).toEqual({ status: 'HIGH_IN_STOCK', quantity: 42 });
    expect(visibleStock(SELLABLE, 3)).toEqual({ status: 'LOW_IN_STOCK', quantity: 3 });
    expect(visibleStock(SELLABLE, 0)).toEqual({ status: 'OUT_OF_STOCK', quantity: 0 });
    expect(visibleStock(SELLABLE, null)).toEqual({ status: 'UNKNOWN', quantity: null });
  });
});
