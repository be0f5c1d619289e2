import { describe, expect, it } from 'vitest';
import { testCart, testLine, withTestVoucher } from '~/lib/cart/test-cart.ts';
import { discountRow, goodsExclVat } from './cart-discount.ts';

describe('discountRow', () => {
  it("words the code's row as the checkout summary does", () => {
    const cart = withTestVoucher(testCart([testLine({ quantity: 4 })]), 5_160);
    expect(discountRow(cart)).toEqual({ label: 'Rabattkod BYGG10', amount: '−51:60' });
  });

  it('has no row while the code takes nothing off', () => {
    const cart = withTestVoucher(testCart(), 0, 'Rabattkoden gäller vid köp över 500 kr.');
    expect(discountRow(cart)).toBeNull();
    expect(discountRow(testCart())).toBeNull();
  });
});

describe('goodsExclVat', () => {
  it('lowers the VAT in proportion to the discount, rounded as the API does', () => {
    // 250:- incl. (200:- excl.), 25:- off: 225:- incl. of which 45:- VAT.
    expect(goodsExclVat({ items_price: 25_000, discount: 2_500 }, 20_000)).toBe(18_000);
    // 516:- incl. (412,80 excl., 103,20 VAT), 51,60 off: VAT 92,88, so 371,52 excl.
    expect(goodsExclVat({ items_price: 51_600, discount: 5_160 }, 41_280)).toBe(37_152);
  });

  it('is the items excl. VAT without a discount', () => {
    expect(goodsExclVat({ items_price: 25_000, discount: 0 }, 20_000)).toBe(20_000);
    expect(goodsExclVat({ items_price: 0, discount: 0 }, 0)).toBe(0);
  });
});
