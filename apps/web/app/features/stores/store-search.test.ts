import { describe, expect, it } from 'vitest';
import {
  storeSearchMode,
  storeSearchQuery,
  storeSearchUrl,
  withoutStoreParam,
} from './store-search.ts';

describe('store search parameters (spec §5)', () => {
  it('searches a zip-shaped input by postcode, spaces removed', () => {
    expect(storeSearchMode('112 50')).toBe('postcode');
    expect(storeSearchQuery('112 50', 9001)).toEqual({ count: 9001, zip_code: '11250' });
  });

  it('searches anything else as free text', () => {
    expect(storeSearchMode('Göteborg')).toBe('text');
    expect(storeSearchQuery(' Göteborg ', 10_000)).toEqual({ count: 10_000, query: 'Göteborg' });
    // Four or six digits are not a postcode.
    expect(storeSearchQuery('1125', 5)).toEqual({ count: 5, query: '1125' });
    expect(storeSearchQuery('112500', 5)).toEqual({ count: 5, query: '112500' });
  });

  it('asks for all stores when the box is empty, up to the drawer count by default', () => {
    expect(storeSearchMode('  ')).toBe('all');
    expect(storeSearchQuery('')).toEqual({ count: 10_000 });
  });

  it("builds the browser's URL to the stores resource route", () => {
    expect(storeSearchUrl(' 112 50 ', 9001)).toBe('/resurser/butiker?q=112+50&count=9001');
  });
});

describe('withoutStoreParam', () => {
  it('drops the store query and keeps the rest of the path', () => {
    expect(withoutStoreParam('/produkter/farg?store=12&sida=2#lista')).toBe(
      '/produkter/farg?sida=2#lista',
    );
    expect(withoutStoreParam('/butiker?store=3')).toBe('/butiker');
    expect(withoutStoreParam('/')).toBe('/');
  });
});
