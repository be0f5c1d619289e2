import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  NBSP,
  VAT_LABEL,
  VAT_RATE_STANDARD,
  exclVat,
  formatPrice,
  formatPriceWithVatLabel,
  vatLabelFor,
  inclVat,
  lineTotal,
  parseSekToOre,
  unitPrice,
  vatPortion,
} from './money.ts';

const ore = fc.integer({ min: -1_000_000_000_00, max: 1_000_000_000_00 });

describe('formatPrice', () => {
  it('ends whole amounts with ":-" and separates thousands with a non-breaking space', () => {
    expect(formatPrice(129_500)).toBe(`1${NBSP}295:-`);
    expect(formatPrice(14_900)).toBe('149:-');
    expect(formatPrice(123_456_700)).toBe(`1${NBSP}234${NBSP}567:-`);
  });

  it('writes öre after a colon with two digits', () => {
    expect(formatPrice(1990)).toBe('19:90');
    expect(formatPrice(129_550)).toBe(`1${NBSP}295:50`);
    expect(formatPrice(5)).toBe('0:05');
  });

  it('formats zero and negative amounts', () => {
    expect(formatPrice(0)).toBe('0:-');
    expect(formatPrice(-1990)).toBe('-19:90');
    expect(formatPrice(-129_500)).toBe(`-1${NBSP}295:-`);
  });

  it('rejects amounts that are not whole öre', () => {
    expect(() => formatPrice(19.9)).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
  });

  it('never contains an ordinary space and always parses back to the same amount', () => {
    fc.assert(
      fc.property(ore, (amount) => {
        const text = formatPrice(amount);
        expect(text).not.toContain(' ');
        expect(parseSekToOre(text)).toBe(amount);
      }),
    );
  });

  it('appends the Swedish VAT label in the excl.-VAT variant', () => {
    expect(VAT_LABEL).toBe('exkl. moms');
    expect(formatPriceWithVatLabel(103_600)).toBe(`1${NBSP}036:-${NBSP}exkl. moms`);
  });

  it('labels a price by what it is: excl. or incl. VAT', () => {
    expect(vatLabelFor(true)).toBe('exkl. moms');
    expect(vatLabelFor(false)).toBe('inkl. moms');
  });
});

describe('VAT', () => {
  it('removes and adds the standard 25 % VAT', () => {
    expect(VAT_RATE_STANDARD).toBe(0.25);
    expect(exclVat(12_500)).toBe(10_000);
    expect(inclVat(10_000)).toBe(12_500);
    expect(vatPortion(12_500)).toBe(2_500);
  });

  it('rounds half away from zero to whole öre', () => {
    // 1990 / 1.25 = 1592 exactly; 1991 / 1.25 = 1592.8; 1 / 1.25 = 0.8; 2 * 1.25 = 2.5
    expect(exclVat(1991)).toBe(1593);
    expect(exclVat(1)).toBe(1);
    expect(inclVat(2)).toBe(3);
    expect(inclVat(-2)).toBe(-3);
    expect(exclVat(-1991)).toBe(-1593);
    // 12 % food VAT: 10 * 1.12 = 11.2; 5 / 1.06 = 4.717
    expect(inclVat(10, 0.12)).toBe(11);
    expect(exclVat(5, 0.06)).toBe(5);
  });

  it('rejects impossible rates', () => {
    expect(() => exclVat(100, -0.1)).toThrow(RangeError);
    expect(() => inclVat(100, 2)).toThrow(RangeError);
  });

  it('round-trips excl. → incl. → excl. exactly for the standard rate', () => {
    fc.assert(
      fc.property(ore, (amount) => {
        expect(exclVat(inclVat(amount))).toBe(amount);
      }),
    );
  });

  it('keeps incl. → excl. → incl. within one öre and is odd-symmetric', () => {
    fc.assert(
      fc.property(ore, fc.constantFrom(0, 0.06, 0.12, 0.25), (amount, rate) => {
        expect(Math.abs(inclVat(exclVat(amount, rate), rate) - amount)).toBeLessThanOrEqual(1);
        expect(exclVat(-amount, rate) + exclVat(amount, rate)).toBe(0);
      }),
    );
  });
});

describe('unit prices and sums', () => {
  it('divides a total by a quantity with half-away-from-zero rounding', () => {
    expect(unitPrice(29_900, 2.5)).toBe(11_960);
    expect(unitPrice(1000, 3)).toBe(333);
    expect(unitPrice(500, 3)).toBe(167);
    expect(() => unitPrice(100, 0)).toThrow(RangeError);
  });

  it('multiplies a unit price by a fractional quantity', () => {
    expect(lineTotal(3290, 3)).toBe(9870);
    expect(lineTotal(3290, 2.5)).toBe(8225);
    expect(lineTotal(333, 1.5)).toBe(500);
  });
});

describe('parseSekToOre', () => {
  it('reads Swedish shelf prices', () => {
    expect(parseSekToOre('1 295,50')).toBe(129_550);
    expect(parseSekToOre('149:-')).toBe(14_900);
    expect(parseSekToOre('149,-')).toBe(14_900);
    expect(parseSekToOre('19,90')).toBe(1990);
    expect(parseSekToOre('19:90')).toBe(1990);
    expect(parseSekToOre('19.9')).toBe(1990);
    expect(parseSekToOre(`1${NBSP}295:-`)).toBe(129_500);
    expect(parseSekToOre(' 1 295 kr ')).toBe(129_500);
    expect(parseSekToOre('-19,90')).toBe(-1990);
    expect(parseSekToOre('0')).toBe(0);
  });

  it('rejects malformed input', () => {
    for (const bad of ['', 'abc', '19,999', '1 29', '12 3456', '19.-', '1,2,3', '--1', '19 90']) {
      expect(parseSekToOre(bad), bad).toBeNull();
    }
  });
});
