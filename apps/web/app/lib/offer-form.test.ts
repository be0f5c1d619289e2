import { describe, expect, it } from 'vitest';
import {
  errorMessagesOf,
  formatHours,
  formatKronorInput,
  formatPercent,
  parseHours,
  parseKronor,
  parsePercent,
  parseQuantity,
} from './offer-form.ts';

describe('the offer editor reads what the user types', () => {
  it('hours in hundredths, with a comma or a point, at most two decimals', () => {
    expect(parseHours('7,5')).toBe(750);
    expect(parseHours('7.25')).toBe(725);
    expect(parseHours(' 12 ')).toBe(1200);
    expect(parseHours('7,555')).toBeNull();
    expect(parseHours('-1')).toBeNull();
    expect(parseHours('sju')).toBeNull();
    expect(formatHours(750)).toBe('7,5');
  });

  it('percent in basis points', () => {
    expect(parsePercent('12,5')).toBe(1250);
    expect(parsePercent('10 %')).toBe(1000);
    expect(parsePercent('tio')).toBeNull();
    expect(formatPercent(1250)).toBe('12,5');
  });

  it('kronor to öre and back', () => {
    expect(parseKronor('1 250,50')).toBe(125_050);
    expect(parseKronor('550')).toBe(55_000);
    expect(parseKronor('-200')).toBe(-20_000);
    expect(parseKronor('abc')).toBeNull();
    expect(formatKronorInput(125_050)).toBe('1250,50');
    expect(formatKronorInput(55_000)).toBe('550');
    expect(formatKronorInput(-20_005)).toBe('-200,05');
  });

  it('a whole quantity of at least 1', () => {
    expect(parseQuantity('3')).toBe(3);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1,5')).toBeNull();
  });
});

describe("a 400 body's messages for the toast", () => {
  it("the fields' messages, without repeats, else the message, else the fallback", () => {
    expect(
      errorMessagesOf(
        {
          message: 'Ogiltig begäran',
          fields: [
            { path: 'title', message: 'Ange en rubrik.' },
            { path: 'x', message: 'Ange en rubrik.' },
            { path: 'hours_hundredths', message: 'Ange antal timmar.' },
          ],
        },
        'Fel',
      ),
    ).toEqual(['Ange en rubrik.', 'Ange antal timmar.']);
    expect(errorMessagesOf({ message: 'Offerten är redan skickad.' }, 'Fel')).toEqual([
      'Offerten är redan skickad.',
    ]);
    expect(errorMessagesOf('<html>', 'Fel')).toEqual(['Fel']);
  });
});
