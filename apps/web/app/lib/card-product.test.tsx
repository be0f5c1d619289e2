import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '@bygg/contracts/products';
import { Price } from '~/components/price/price.tsx';
import { cardProduct } from './card-product.ts';

const product: Product = {
  id: 7,
  title: 'Regel 45x95 gran',
  slug: 'regel-45x95-gran',
  url: '/produkt/regel-45x95-gran',
  brand: { name: 'Moelven', slug: 'moelven' },
  article_id: 4444446,
  article_count: 3,
  cover_image: { alt: 'Regel', sources: [{ width: 320, src: '/media/p7/320.webp' }] },
  unit: 'lpm',
  best_offer: {
    article_id: 4444446,
    price: 159,
    price_excl_vat: 127.2,
    unit_price: 53,
    unit_price_excl_vat: 42.4,
    unit_label: 'm',
    reduced_from: 229,
    unit_price_reduced_from: 76.33,
    is_limited_time: true,
    end_date: '2026-12-04T22:59:59Z',
    is_net_price: false,
    lowest_price_last_30_days: 209,
    lowest_price_excl_vat_last_30_days: 167.2,
    lowest_unit_price_last_30_days: 69.67,
    lowest_unit_price_excl_vat_last_30_days: 55.73,
    vat_rate: 0.25,
  },
  first_article_reference: '28823651',
  erp_article_numbers: ['28823651', '28823652'],
};

describe('cardProduct', () => {
  it('keeps what a card draws and leaves out the rest of the product and its offer', () => {
    const card = cardProduct(product);
    expect(Object.keys(card).sort()).toEqual(
      ['article_id', 'best_offer', 'brand', 'cover_image', 'id', 'slug', 'title', 'unit'].sort(),
    );
    expect(card.best_offer).toEqual({
      price: 159,
      price_excl_vat: 127.2,
      reduced_from: 229,
      vat_rate: 0.25,
      is_net_price: false,
      is_limited_time: true,
      end_date: '2026-12-04T22:59:59Z',
    });
    expect(JSON.stringify(card).length).toBeLessThan(JSON.stringify(product).length * 0.6);
  });

  it('keeps a store’s stock entry and a missing offer', () => {
    const stock = {
      article_id: 4444446,
      status: 'LOW_IN_STOCK' as const,
      availability: 3,
      stock_type: 1,
      quantity_on_hand: 4,
      warehouse: 'W1',
      store: null,
    };
    expect(cardProduct({ ...product, best_offer: null, stock })).toMatchObject({
      best_offer: null,
      stock,
    });
    expect(cardProduct({ ...product, stock: null }).stock).toBeNull();
  });

  it('draws the same small price from the card’s offer as from the whole offer', () => {
    const display = { exclVat: true, vatLabel: true };
    const whole = render(
      <Price offer={product.best_offer} display={display} size="small" unit="lpm" />,
    );
    const html = whole.container.innerHTML;
    whole.unmount();
    const { container } = render(
      <Price offer={cardProduct(product).best_offer} display={display} size="small" unit="lpm" />,
    );
    expect(container.innerHTML).toBe(html);
    expect(screen.getByTestId('price-amount').textContent).toBe('Kampanjpris 127:20');
  });
});
