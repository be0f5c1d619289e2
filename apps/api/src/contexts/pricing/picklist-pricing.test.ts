import { describe, expect, it } from 'vitest';
import type { ArticleDetail } from '@bygg/contracts/products';
import { pricePicklist, variantText } from './picklist-pricing.ts';

/** An article as articles/{id}/ answers it; only what pricing reads is filled in. */
function article(
  id: number,
  offer: { price: number; price_excl_vat: number; vat_rate?: number } | null,
  extra: Partial<ArticleDetail> = {},
): ArticleDetail {
  return {
    id,
    title: `Artikel ${id}`,
    position: 1,
    options: [],
    erp_article_numbers: [`E${id}`],
    source_code: 'D',
    gtin: null,
    availability: 1,
    stock_type: 1,
    comparison: null,
    offer: offer ? ({ article_id: id, vat_rate: 0.25, ...offer } as ArticleDetail['offer']) : null,
    product: {
      id: id * 10,
      title: `Produkt ${id}`,
      slug: `produkt-${id}`,
      url: `/produkt/produkt-${id}`,
      brand: null,
      article_id: id,
      article_count: 1,
      cover_image: null,
      unit: 'st',
      best_offer: null,
      first_article_reference: null,
      erp_article_numbers: [],
    },
    ...extra,
  };
}

const lines = (...pairs: [number, number][]) =>
  pairs.map(([article_id, quantity]) => ({ article_id, quantity }));

describe('pricePicklist', () => {
  it('sums lines in whole öre, so decimal prices add up exactly', () => {
    const found = new Map([
      [1, article(1, { price: 0.1, price_excl_vat: 0.08 })],
      [2, article(2, { price: 0.2, price_excl_vat: 0.16 })],
      [3, article(3, { price: 19.9, price_excl_vat: 15.92 })],
    ]);
    const picklist = pricePicklist(lines([1, 1], [2, 1], [3, 3]), found, {
      storeId: 4,
      vat: 'incl',
    });
    expect(picklist.articles.map((entry) => entry.sum)).toEqual([0.1, 0.2, 59.7]);
    expect(picklist.sum).toBe(60);
    expect(picklist.quantity).toBe(5);
    expect(picklist.store_id).toBe(4);
  });

  it('uses the excl. VAT prices in the excl mode', () => {
    const found = new Map([[1, article(1, { price: 125, price_excl_vat: 100 })]]);
    const picklist = pricePicklist(lines([1, 2]), found, { storeId: null, vat: 'excl' });
    expect(picklist.articles[0]).toMatchObject({ price: 100, sum: 200 });
    expect(picklist.sum).toBe(200);
    expect(picklist.vat).toBe('excl');
  });

  it('gives the excl. VAT sum of a line as the cart does: the VAT taken out of the line total', () => {
    // 45:67 at 12 %: 40:78 excl. a unit, but 3 × 45:67 = 137:01 is 122:33 excl., not 122:34.
    const found = new Map([
      [1, article(1, { price: 45.67, price_excl_vat: 40.78, vat_rate: 0.12 })],
    ]);
    const picklist = pricePicklist(lines([1, 3]), found, { storeId: null, vat: 'excl' });
    expect(picklist.articles[0]).toMatchObject({ price: 40.78, sum: 122.33 });
    expect(picklist.sum).toBe(122.33);
  });

  it('leaves the sum undefined (null) when any found line lacks a price', () => {
    const found = new Map([
      [1, article(1, { price: 125, price_excl_vat: 100 })],
      [2, article(2, null)],
    ]);
    const picklist = pricePicklist(lines([1, 1], [2, 4]), found, { storeId: null, vat: 'incl' });
    expect(picklist.articles[1]).toMatchObject({ price: null, sum: null, quantity: 4 });
    expect(picklist.sum).toBeNull();
    expect(picklist.quantity).toBe(5);
  });

  it('skips missing articles, naming them, without making the sum undefined', () => {
    const found = new Map([[2, article(2, { price: 10, price_excl_vat: 8 })]]);
    const picklist = pricePicklist(lines([1, 1], [2, 2], [3, 1]), found, {
      storeId: null,
      vat: 'incl',
    });
    expect(picklist.missing).toEqual([1, 3]);
    expect(picklist.articles.map((entry) => entry.article_id)).toEqual([2]);
    expect(picklist.sum).toBe(20);
  });

  it('names a variant by its options only when the product has several', () => {
    const options = [
      { name: 'Längd', value: '3,6', unit: 'm' },
      { name: 'Dimension', value: '45x95', unit: null },
    ];
    const single = article(1, null, { options });
    expect(variantText(single)).toBeNull();
    const several = article(1, null, { options });
    several.product.article_count = 3;
    expect(variantText(several)).toBe('Längd: 3,6 m, Dimension: 45x95');
  });
});
