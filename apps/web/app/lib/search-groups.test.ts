import { describe, expect, it } from 'vitest';
import { isSearchGroup, searchHref, showAllText } from './search-groups.ts';

describe('search links (spec §2)', () => {
  it('leaves the default tab out of the landing page URL', () => {
    expect(searchHref('/sok', 'gips skiva')).toBe('/sok?q=gips+skiva');
    expect(searchHref('/sok', 'ek', 'brands')).toBe('/sok?q=ek&category=brands');
  });

  it('says "Visa alla N {group}" with Swedish digit grouping', () => {
    expect(showAllText(1234, 'products')).toBe('Visa alla 1\u00a0234 produkter');
    expect(showAllText(8, 'bk04_categories')).toBe('Visa alla 8 kategorier');
  });

  it('knows the five groups and nothing else', () => {
    expect(isSearchGroup('cms_pages')).toBe(true);
    expect(isSearchGroup('pages')).toBe(false);
  });
});
