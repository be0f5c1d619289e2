import { describe, expect, it } from 'vitest';
import { idParam, pageParam, searchParam, staffListFilters } from './list-params.ts';

const params = (query: string) => new URLSearchParams(query);

describe('list address parameters', () => {
  it('reads the page, falling back to 1 for anything that is not a page', () => {
    expect(pageParam(params('sida=3'))).toBe(3);
    for (const bad of ['', 'sida=0', 'sida=-2', 'sida=1.5', 'sida=abc', 'sida=10001']) {
      expect(pageParam(params(bad))).toBe(1);
    }
    expect(pageParam(params('sida=1001'), 1000)).toBe(1);
  });

  it('trims and bounds the search, and keeps only whole ids', () => {
    expect(searchParam(params(`sok=${encodeURIComponent('  altan  ')}`))).toBe('altan');
    expect(searchParam(params(`sok=${'x'.repeat(150)}`))).toHaveLength(100);
    expect(idParam(params('projekt=42'), 'projekt')).toBe('42');
    expect(idParam(params('projekt=4%202'), 'projekt')).toBe('');
    expect(idParam(params('projekt=1234567890'), 'projekt')).toBe('');
  });

  it('turns the staff filters into the API query, leaving out what is empty', () => {
    expect(staffListFilters(params('sok=ek&foretag=7&sida=2'))).toEqual({
      filters: { sok: 'ek', foretag: '7', sida: 2 },
      query: { page: 2, search: 'ek', company_id: '7' },
    });
    expect(staffListFilters(params('foretag=x')).query).toEqual({ page: 1 });
  });
});
