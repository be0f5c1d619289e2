import { describe, expect, it } from 'vitest';
import { addFailedMessage, joinMessages, updateFailedMessage } from './cart-messages.ts';

describe('cart messages (spec §4, §8)', () => {
  it('joins the messages of a reply by line breaks, without blanks or repeats', () => {
    expect(
      joinMessages([
        'Antalet sänktes till 4 st, mer finns inte i lager.',
        '  ',
        'Din tidigare varukorg har slagits ihop med den här.',
        'Antalet sänktes till 4 st, mer finns inte i lager.',
      ]),
    ).toBe(
      'Antalet sänktes till 4 st, mer finns inte i lager.\nDin tidigare varukorg har slagits ihop med den här.',
    );
    expect(joinMessages([])).toBe('');
  });

  it("names the product, or 'produkten' when it is not known", () => {
    expect(addFailedMessage('Regel 45x95')).toBe(
      'Vi kunde tyvärr inte lägga Regel 45x95 i varukorgen. Försök igen senare.',
    );
    expect(addFailedMessage(null)).toBe(
      'Vi kunde tyvärr inte lägga produkten i varukorgen. Försök igen senare.',
    );
    expect(updateFailedMessage('  ')).toBe(
      'Vi kunde tyvärr inte uppdatera produkten. Försök igen senare.',
    );
    expect(updateFailedMessage('Gips')).toBe(
      'Vi kunde tyvärr inte uppdatera Gips. Försök igen senare.',
    );
  });
});
