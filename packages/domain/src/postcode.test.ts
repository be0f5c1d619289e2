import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatPostcode,
  isValidPostcode,
  looksLikePostcode,
  normalisePostcode,
  storeSearchParams,
} from './postcode.ts';

describe('postcodes', () => {
  it('removes spaces of every kind', () => {
    expect(normalisePostcode(' 112 50 ')).toBe('11250');
    expect(normalisePostcode('112\u00a050')).toBe('11250');
  });

  it('accepts exactly five digits after removing spaces', () => {
    expect(isValidPostcode('11250')).toBe(true);
    expect(isValidPostcode('112 50')).toBe(true);
    expect(isValidPostcode('1125')).toBe(false);
    expect(isValidPostcode('112500')).toBe(false);
    expect(isValidPostcode('1125a')).toBe(false);
    expect(isValidPostcode('')).toBe(false);
    expect(isValidPostcode('１１２５０')).toBe(false);
  });

  it('formats as three plus two digits', () => {
    expect(formatPostcode('11250')).toBe('112 50');
    expect(formatPostcode(' 112 50')).toBe('112 50');
    expect(formatPostcode(' Borås ')).toBe('Borås');
  });

  it('formats every valid postcode so it normalises back to the same digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), (digits) => {
        const formatted = formatPostcode(digits);
        expect(formatted).toMatch(/^\d{3} \d{2}$/);
        expect(normalisePostcode(formatted)).toBe(digits);
      }),
    );
  });

  it('searches zip-shaped input as zip_code and anything else as free text', () => {
    expect(looksLikePostcode('503 38')).toBe(true);
    expect(looksLikePostcode('Borås')).toBe(false);
    expect(storeSearchParams('503 38')).toEqual({ zip_code: '50338' });
    expect(storeSearchParams(' Industrigatan 15 ')).toEqual({ query: 'Industrigatan 15' });
    expect(storeSearchParams('503')).toEqual({ query: '503' });
  });
});
