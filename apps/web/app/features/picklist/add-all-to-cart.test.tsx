import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PicklistEntry } from '@bygg/contracts/picklist';
import { testCartClient, testCartStore } from '~/lib/cart/test-cart-client.ts';
import { testCart, testLine } from '~/lib/cart/test-cart.ts';
import { CartContext } from '~/lib/cart/use-cart.ts';
import { AddAllToCart, addAllResultText } from './add-all-to-cart.tsx';

function entry(articleId: number, title: string, quantity: number): PicklistEntry {
  return {
    article_id: articleId,
    slug: title.toLowerCase(),
    title,
    brand: null,
    cover_image: null,
    variant: null,
    erp_article_numbers: [],
    unit: 'st',
    quantity,
    price: 10,
    sum: 10 * quantity,
    stock: null,
  };
}

describe('AddAllToCart', () => {
  it('puts every line in the cart in order, and says what did not go in', async () => {
    const addItem = vi.fn(async ({ article_id }: { article_id: number; quantity: number }) => {
      if (article_id === 2) throw new Error('slut i lager');
      return testCart([testLine({ article_id })]);
    });
    const store = testCartStore(testCartClient({ addItem }));
    const display = { exclVat: false, vatLabel: false, proffsUser: false };
    render(
      <CartContext.Provider value={{ store, display }}>
        <AddAllToCart
          entries={[entry(1, 'Skruv', 3), entry(2, 'Spik', 1), entry(3, 'Regel', 12)]}
        />
      </CartContext.Provider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Lägg allt i varukorgen' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        '2 varor lades i varukorgen; 1 vara kunde inte läggas till.',
      ),
    );
    expect(addItem.mock.calls.map(([body]) => body)).toEqual([
      { article_id: 1, quantity: 3 },
      { article_id: 2, quantity: 1 },
      { article_id: 3, quantity: 12 },
    ]);
  });

  it('words the outcome in Swedish', () => {
    expect(addAllResultText(1, 0)).toBe('Varan ligger nu i varukorgen.');
    expect(addAllResultText(4, 0)).toBe('Alla 4 varor ligger nu i varukorgen.');
    expect(addAllResultText(0, 2)).toBe(
      'Inga varor kunde läggas i varukorgen. Försök igen senare.',
    );
  });
});
