import { describe, expect, it } from 'vitest';
import { hasDoubledWord, titleWithBrand } from './product-title.ts';

describe('titleWithBrand', () => {
  it('puts the brand in front of a title that does not name it', () => {
    expect(titleWithBrand('Arbetsbyxa 4-vägsstretch', 'Blåkläder')).toBe(
      'Blåkläder Arbetsbyxa 4-vägsstretch',
    );
  });

  it('keeps a title that already names the brand, anywhere and in any case', () => {
    expect(titleWithBrand('Blåkläder Arbetsbyxa', 'Blåkläder')).toBe('Blåkläder Arbetsbyxa');
    expect(titleWithBrand('Gipsskiva Gyproc standard 12,5 mm', 'Gyproc')).toBe(
      'Gipsskiva Gyproc standard 12,5 mm',
    );
    expect(titleWithBrand('MAKITA Borrskruvdragare 18V', 'Makita')).toBe(
      'MAKITA Borrskruvdragare 18V',
    );
  });

  it('does not take a brand that is only part of a word as named', () => {
    expect(titleWithBrand('Lecablock 150 mm', 'Leca')).toBe('Leca Lecablock 150 mm');
  });

  it('returns the title alone without a brand', () => {
    expect(titleWithBrand('Regel 45x95 mm', null)).toBe('Regel 45x95 mm');
  });
});

describe('hasDoubledWord', () => {
  it('finds a doubled brand and ignores short repeated tokens', () => {
    expect(hasDoubledWord('Blåkläder Blåkläder Arbetsbyxa')).toBe(true);
    expect(hasDoubledWord('Blåkläder Arbetsbyxa')).toBe(false);
    expect(hasDoubledWord('Skruv 4 4 mm')).toBe(false);
  });
});
