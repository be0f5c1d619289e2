import { describe, expect, it } from 'vitest';
import { addEvent, beginCheckoutEvent, lineChangeEvent, purchaseEvent } from './cart-analytics.ts';
import { testCart, testLine } from './test-cart.ts';

describe('cart ecommerce events (spec §4, §7)', () => {
  it('counts an add by how much the line grew, in SEK with the variant text', () => {
    const before = testCart([testLine({ quantity: 2 })]);
    const after = testCart([testLine({ quantity: 6 })]);
    expect(addEvent(before, after, 1_000_001)).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'SEK',
        value: 516,
        items: [
          {
            item_id: '1000001',
            item_name: 'Regel 45x95 gran 3,0 m',
            price: 129,
            quantity: 4,
            item_brand: 'Skogsbolaget',
            item_category: 'Konstruktionsvirke',
            item_variant: 'Längd:3000 mm',
          },
        ],
      },
    });
  });

  it('counts a lower quantity as a remove and an equal one as nothing', () => {
    expect(lineChangeEvent(testLine(), 5, 1)?.event).toBe('remove_from_cart');
    expect(lineChangeEvent(testLine(), 5, 1)?.ecommerce.items[0]?.quantity).toBe(4);
    expect(lineChangeEvent(testLine(), 5, 5)).toBeNull();
  });

  it('joins several options as name:value with unit, comma separated', () => {
    const line = testLine({
      options: [
        { name: 'Längd', value: '3000', unit: 'mm' },
        { name: 'Träslag', value: 'Gran', unit: null },
      ],
    });
    expect(lineChangeEvent(line, 0, 1)?.ecommerce.items[0]?.item_variant).toBe(
      'Längd:3000 mm, Träslag:Gran',
    );
  });

  it('computes purchase tax per line from its VAT rate, with shipping, an empty coupon and the affiliation', () => {
    const cart = testCart([
      testLine({ id: 1, price: 12_500, quantity: 2, vat_rate: 0.25 }),
      testLine({ id: 2, article_id: 2, price: 11_200, quantity: 1, vat_rate: 0.12 }),
    ]);
    const event = purchaseEvent({
      orderId: 'ord_1',
      affiliation: 'Timmerkedjan webbshop',
      cart: { ...cart, summary: { ...cart.summary, shipping_price: 14_900 } },
    });
    expect(event.ecommerce).toMatchObject({
      transaction_id: 'ord_1',
      affiliation: 'Timmerkedjan webbshop',
      currency: 'SEK',
      value: 362,
      // 250 kr incl. 25 % holds 50 kr VAT; 112 kr incl. 12 % holds 12 kr.
      tax: 62,
      shipping: 149,
      coupon: '',
    });
  });

  it('lists every line in begin_checkout', () => {
    const event = beginCheckoutEvent(testCart([testLine({ quantity: 3 })]));
    expect(event.ecommerce.value).toBe(387);
    expect(event.ecommerce.items).toHaveLength(1);
  });
});
