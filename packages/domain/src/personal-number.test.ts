import { describe, expect, it } from 'vitest';
import {
  isValidPersonalNumber,
  maskPersonalNumber,
  normalisePersonalNumber,
} from './personal-number.ts';

describe('personal identity numbers', () => {
  it('accepts a real number with or without the dash', () => {
    // Skatteverket's example 811218-9876: Luhn over 811218987 gives 6.
    expect(isValidPersonalNumber('19811218-9876')).toBe(true);
    expect(isValidPersonalNumber('198112189876')).toBe(true);
  });

  it('refuses a wrong check digit, a short form, letters and impossible dates', () => {
    expect(isValidPersonalNumber('19811218-9875')).toBe(false);
    expect(isValidPersonalNumber('811218-9876')).toBe(false);
    expect(isValidPersonalNumber('1981121A9876')).toBe(false);
    // 30 February does not exist (the check digit would not save it).
    expect(isValidPersonalNumber('19810230-0000')).toBe(false);
  });

  it('accepts a co-ordination number (day + 60)', () => {
    // 701063-2391 is Skatteverket's sample samordningsnummer.
    expect(isValidPersonalNumber('19701063-2391')).toBe(true);
  });

  it('masks the last four digits and normalises', () => {
    expect(normalisePersonalNumber('19811218-9876')).toBe('198112189876');
    expect(maskPersonalNumber('198112189876')).toBe('19811218-****');
  });
});
