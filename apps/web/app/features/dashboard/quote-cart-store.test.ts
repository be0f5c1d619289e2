import { describe, expect, it } from 'vitest';
import { addLines, EMPTY_QUOTE_CART, setQuantity } from './quote-cart-store.ts';

describe('the quote cart', () => {
  const cart = addLines(
    EMPTY_QUOTE_CART,
    [
      { article_id: 1, reference: 'Regel, Lager A', quantity: 2 },
      { article_id: 2, reference: 'Skruv, Lager A', quantity: 5 },
    ],
    { id: 7, label: 'P-7 Altan' },
  );

  it('adds a quote’s lines, summing an article already there, and takes its project', () => {
    const more = addLines(
      cart,
      [{ article_id: 1, reference: 'Regel, Lager A', quantity: 3 }],
      null,
    );
    expect(more.lines).toEqual([
      { article_id: 1, reference: 'Regel, Lager A', quantity: 5 },
      { article_id: 2, reference: 'Skruv, Lager A', quantity: 5 },
    ]);
    expect(more.projectId).toBe(7);
    expect(more.projectLabel).toBe('P-7 Altan');
  });

  it('removes a line whose quantity becomes zero or negative', () => {
    expect(setQuantity(cart, 1, 0).lines.map((l) => l.article_id)).toEqual([2]);
    expect(setQuantity(cart, 2, -3).lines.map((l) => l.article_id)).toEqual([1]);
    expect(setQuantity(cart, 2, 9).lines[1]?.quantity).toBe(9);
  });
});
