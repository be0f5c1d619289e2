import { describe, expect, it } from 'vitest';
import type { SearchItem, SearchResult } from '@bygg/contracts/search';
import {
  moveActive,
  previewAnnouncement,
  previewModel,
  previewOptions,
} from './search-preview-model.ts';

function items(prefix: string, n: number): SearchItem[] {
  return Array.from({ length: n }, (_, i) => ({
    text: `${prefix} ${i + 1}`,
    url: `/${prefix}/${i + 1}`,
    path: `Sökväg / ${prefix}`,
    tracking_code: `${prefix}:${i + 1}`,
  }));
}

const result: SearchResult = {
  q: 'skruv',
  counts: { products: 42, bk04_categories: 2, cms_pages: 0, brands: 0, stores: 0 },
  products: items('produkt', 3),
  bk04_categories: items('kategori', 2),
  cms_pages: [],
  brands: [],
  stores: [],
};

describe('search preview (spec §4, §9)', () => {
  it('shows 3 per group, then "Visa alla N {group}" only when there are more', () => {
    const model = previewModel(result, '/sok', 'skruv');
    expect(model.groups.map((g) => g.heading)).toEqual(['Produkter', 'Kategorier']);
    const [products, categories] = model.groups;
    expect(products?.options.map((o) => o.text)).toEqual([
      'produkt 1',
      'produkt 2',
      'produkt 3',
      'Visa alla 42 produkter',
    ]);
    expect(products?.options[3]?.href).toBe('/sok?q=skruv');
    expect(categories?.options).toHaveLength(2);
    expect(model.all?.text).toBe('Visa alla 44 sökresultat');
    expect(model.all?.href).toBe('/sok?q=skruv');
  });

  it('numbers the lines from 1 in reading order; 0 is the search box', () => {
    const options = previewOptions(previewModel(result, '/sok', 'skruv'));
    expect(options.map((o) => o.index)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(options[0]?.trackingCode).toBe('produkt:1');
    expect(options[3]?.trackingCode).toBeNull();
  });

  it('moves the active line with the arrow keys and wraps through the box', () => {
    expect(moveActive(0, 3, 1)).toBe(1);
    expect(moveActive(3, 3, 1)).toBe(0);
    expect(moveActive(0, 3, -1)).toBe(3);
  });

  it('announces counts, or "Inga resultat för {query}"', () => {
    expect(previewAnnouncement(previewModel(result, '/sok', 'skruv'), 'skruv')).toMatch(
      /^44 sökresultat för skruv\. Visar 3 produkter, 2 kategorier\./,
    );
    const none = { ...result, counts: { ...result.counts, products: 0, bk04_categories: 0 } };
    const empty = previewModel({ ...none, products: [], bk04_categories: [] }, '/sok', 'xq');
    expect(empty.all).toBeNull();
    expect(previewAnnouncement(empty, 'xq')).toBe('Inga resultat för xq');
  });
});
