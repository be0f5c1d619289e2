import { afterEach, describe, expect, it } from 'vitest';
import { applyMarketingConsent } from './consent-mode.ts';
import {
  cartChange,
  LIST_NAMES,
  purchase,
  trackEcommerce,
  variantText,
  viewItem,
  viewItemList,
  viewPromotion,
} from './ecommerce-events.ts';

const plank = { id: '1001', name: 'Regel 45x95', priceOre: 4990, brand: 'Byggträ' };
const screws = { id: '2002', name: 'Träskruv', priceOre: 12_500 };

type TestWindow = Window & Record<string, unknown> & { dataLayer?: unknown[] };
const w = window as unknown as TestWindow;

afterEach(() => {
  for (const key of ['dataLayer', 'gtag', '__byggMarketingConsent', '__byggAnalyticsInitialised'])
    delete w[key];
});

describe('ecommerce events', () => {
  it('lists products under a spec list name with their positions', () => {
    expect(viewItemList(LIST_NAMES.search, [plank, screws])).toEqual({
      event: 'view_item_list',
      ecommerce: {
        item_list_name: 'Search Products',
        items: [
          {
            item_id: '1001',
            item_name: 'Regel 45x95',
            price: 49.9,
            quantity: 1,
            item_brand: 'Byggträ',
            item_list_name: 'Search Products',
            index: 0,
          },
          {
            item_id: '2002',
            item_name: 'Träskruv',
            price: 125,
            quantity: 1,
            item_list_name: 'Search Products',
            index: 1,
          },
        ],
      },
    });
  });

  it('reports a product view in SEK', () => {
    expect(viewItem(plank).ecommerce).toMatchObject({ currency: 'SEK', value: 49.9 });
  });

  it('counts a cart update as an add when the quantity grew, otherwise as a remove', () => {
    expect(cartChange(plank, 2, 5)).toMatchObject({
      event: 'add_to_cart',
      ecommerce: { value: 149.7, items: [{ quantity: 3 }] },
    });
    expect(cartChange(plank, 5, 1)).toMatchObject({
      event: 'remove_from_cart',
      ecommerce: { items: [{ quantity: 4 }] },
    });
  });

  it('computes purchase tax per line from its VAT rate, shipping 0 and coupon empty by default', () => {
    const event = purchase({
      transactionId: 'K-1',
      affiliation: 'Byggkedjan',
      lines: [
        { product: plank, quantity: 2, vatRate: 0.25 },
        { product: screws, quantity: 1, vatRate: 0.12 },
      ],
    });
    // 99,80 incl. 25 % → 19,96 VAT; 125,00 incl. 12 % → 13,39 VAT.
    expect(event.ecommerce).toMatchObject({
      transaction_id: 'K-1',
      affiliation: 'Byggkedjan',
      currency: 'SEK',
      value: 224.8,
      tax: 33.35,
      shipping: 0,
      coupon: '',
    });
  });

  it('names a promotion and joins variant options as name:value with unit', () => {
    expect(viewPromotion({ id: 'v47', name: 'Veckans erbjudande' }).ecommerce).toEqual({
      items: [{ promotion_id: 'v47', promotion_name: 'Veckans erbjudande' }],
    });
    expect(
      variantText([
        { name: 'Längd', value: '240', unit: 'cm' },
        { name: 'Färg', value: 'Vit' },
      ]),
    ).toBe('Längd:240 cm, Färg:Vit');
  });

  it('reaches the data layer only after marketing consent', () => {
    expect(trackEcommerce(viewItem(plank))).toBe(false);
    expect(w.dataLayer ?? []).toEqual([]);
    applyMarketingConsent(true, 'GTM-TEST1');
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    expect(trackEcommerce(viewItem(plank))).toBe(true);
    expect(w.dataLayer?.slice(-2)).toEqual([{ ecommerce: null }, viewItem(plank)]);
  });
});
