import { describe, expect, it } from 'vitest';
import { isPastCountCap, lastListablePage, pageCount } from './listing-query.ts';

describe('the product count cap (spec §9)', () => {
  it('ends a listing of 24 per page at page 417, the last that starts within 10,000', () => {
    expect(lastListablePage(24)).toBe(417);
    expect(pageCount(10_000, 24)).toBe(417);
    expect(isPastCountCap(417, 24)).toBe(false);
    expect(isPastCountCap(418, 24)).toBe(true);
    expect(isPastCountCap(5000, 24)).toBe(true);
  });

  it('holds for a page size that divides the cap', () => {
    expect(lastListablePage(100)).toBe(100);
    expect(isPastCountCap(100, 100)).toBe(false);
    expect(isPastCountCap(101, 100)).toBe(true);
  });
});
