import { describe, expect, it } from 'vitest';
import { NO_AMOUNT, SUM_UNDEFINED_EXPLANATION, sumDisplay, vatNote } from './picklist-model.ts';

describe('the picklist total', () => {
  it('is shown as an amount with the VAT note when every line has a price', () => {
    expect(sumDisplay({ sum: 1234.5, vat: 'incl' })).toEqual({
      defined: true,
      text: '1\u00a0234:50',
      vatNote: 'inkl. moms',
    });
  });

  it("carries the 'excl. VAT' label in the excl. VAT mode", () => {
    expect(sumDisplay({ sum: 200, vat: 'excl' })).toMatchObject({
      text: '200:-',
      vatNote: 'exkl. moms',
    });
    expect(vatNote('excl')).toBe('exkl. moms');
  });

  it('is undefined — a dash with the reason — when a line lacks a price', () => {
    expect(sumDisplay({ sum: null, vat: 'incl' })).toEqual({
      defined: false,
      text: NO_AMOUNT,
      explanation: SUM_UNDEFINED_EXPLANATION,
    });
  });
});
