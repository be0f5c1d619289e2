import { describe, expect, it } from 'vitest';
import {
  invoiceOpenOre,
  addDays,
  creditAvailable,
  exceedsCredit,
  amountExclVat,
  invoiceAmounts,
  splitOverVatRates,
  invoiceStatus,
  isValidOcr,
  ocrReference,
} from './invoice.ts';

describe('ocrReference', () => {
  it('appends the length digit and the Luhn digit', () => {
    // 700001 + length digit 8 (8 digits in all) → '7000018'. Luhn from the right, doubling
    // the rightmost: 8→16→7, 1, 0, 0, 0, 0, 7→14→5: 13, so the check digit is 7.
    expect(ocrReference('700001')).toBe('70000187');
    // 1234 + 6 → '12346': 6→12→3, 4, 3→6, 2, 1→2: 17, check digit 3.
    expect(ocrReference('1234')).toBe('123463');
  });

  it('gives references the banks accept, and rejects a changed digit', () => {
    for (const number of ['1', '42', '700001', '700123', '9999999999']) {
      const ocr = ocrReference(number);
      expect(isValidOcr(ocr)).toBe(true);
      const wrong = `${ocr.slice(0, 1) === '9' ? '8' : '9'}${ocr.slice(1)}`;
      expect(isValidOcr(wrong)).toBe(false);
    }
  });

  it('takes the length modulo 10 for long references', () => {
    const ocr = ocrReference('12345678');
    expect(ocr).toHaveLength(10);
    expect(ocr.at(-2)).toBe('0');
  });

  it('refuses what is not digits', () => {
    expect(() => ocrReference('F-12')).toThrow(RangeError);
    expect(isValidOcr('12a4')).toBe(false);
  });
});

describe('invoiceAmounts', () => {
  it('works out the VAT per rate on the rate total, so the total is the lines incl. VAT', () => {
    const amounts = invoiceAmounts([
      { sumInclOre: 12_500, vatRateBp: 2500 },
      { sumInclOre: 333, vatRateBp: 2500 },
      { sumInclOre: 1_120, vatRateBp: 1200 },
    ]);
    expect(amounts.vat).toEqual([
      { rateBp: 2500, baseOre: 10_266, vatOre: 2_567 },
      { rateBp: 1200, baseOre: 1_000, vatOre: 120 },
    ]);
    expect(amounts.totalOre).toBe(12_500 + 333 + 1_120);
    expect(amounts.netOre + amounts.vatOre).toBe(amounts.totalOre);
    expect(amounts.vatOre).toBe(2_687);
  });

  it('lets a discount line reduce its rate', () => {
    const amounts = invoiceAmounts([
      { sumInclOre: 10_000, vatRateBp: 2500 },
      { sumInclOre: -1_000, vatRateBp: 2500 },
    ]);
    expect(amounts.vat).toEqual([{ rateBp: 2500, baseOre: 7_200, vatOre: 1_800 }]);
  });

  it('splits a discount over the rates of the goods in proportion, to the öre', () => {
    const goods = [
      { sumInclOre: 30_000, vatRateBp: 2500 },
      { sumInclOre: 10_001, vatRateBp: 1200 },
      { sumInclOre: 5_000, vatRateBp: 600 },
    ];
    const parts = splitOverVatRates(-4_501, goods);
    expect(parts).toEqual([
      { vatRateBp: 2500, amountOre: -3_001 },
      { vatRateBp: 1200, amountOre: -1_000 },
      { vatRateBp: 600, amountOre: -500 },
    ]);
    expect(parts.reduce((sum, part) => sum + part.amountOre, 0)).toBe(-4_501);
    // One rate: the whole discount on it; no goods: the standard rate.
    expect(splitOverVatRates(-700, [{ sumInclOre: 9_000, vatRateBp: 2500 }])).toEqual([
      { vatRateBp: 2500, amountOre: -700 },
    ]);
    expect(splitOverVatRates(-700, [])).toEqual([{ vatRateBp: 2500, amountOre: -700 }]);
    expect(splitOverVatRates(0, goods)).toEqual([]);
  });

  it('is empty for no lines', () => {
    expect(invoiceAmounts([])).toEqual({ vat: [], netOre: 0, vatOre: 0, totalOre: 0 });
  });

  it('gives a line amount excl. VAT with its sign', () => {
    expect(amountExclVat(12_500, 2500)).toBe(10_000);
    expect(amountExclVat(-12_500, 2500)).toBe(-10_000);
    expect(amountExclVat(500, 0)).toBe(500);
  });
});

describe('due dates and status', () => {
  it('adds the payment terms across month and year ends', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
  });

  it('calls an unpaid invoice overdue from the day after its due date', () => {
    expect(invoiceStatus('unpaid', '2026-03-01', '2026-03-01')).toBe('unpaid');
    expect(invoiceStatus('unpaid', '2026-03-01', '2026-03-02')).toBe('overdue');
    expect(invoiceStatus('paid', '2026-03-01', '2026-04-01')).toBe('paid');
    expect(invoiceStatus('credited', '2026-03-01', '2026-04-01')).toBe('credited');
  });
});

describe('credit of a customer account', () => {
  it('leaves the limit less the unpaid invoices, never below nothing', () => {
    expect(creditAvailable({ limitOre: 100_000, openOre: 30_000 })).toBe(70_000);
    expect(creditAvailable({ limitOre: 100_000, openOre: 130_000 })).toBe(0);
    expect(creditAvailable({ limitOre: null, openOre: 130_000 })).toBeNull();
  });

  it('refuses an order that takes the account past its limit, not one that reaches it', () => {
    const credit = { limitOre: 100_000, openOre: 30_000 };
    expect(exceedsCredit(credit, 70_000)).toBe(false);
    expect(exceedsCredit(credit, 70_001)).toBe(true);
    expect(exceedsCredit({ limitOre: null, openOre: 10 ** 9 }, 10 ** 9)).toBe(false);
  });
});

describe('invoiceOpenOre', () => {
  it('is the total less the payments while unpaid, never below 0, and 0 once paid or credited', () => {
    expect(invoiceOpenOre({ status: 'unpaid', totalOre: 12_500, paidOre: 2_500 })).toBe(10_000);
    expect(invoiceOpenOre({ status: 'unpaid', totalOre: 12_500, paidOre: 0 })).toBe(12_500);
    expect(invoiceOpenOre({ status: 'unpaid', totalOre: 12_500, paidOre: 13_000 })).toBe(0);
    expect(invoiceOpenOre({ status: 'paid', totalOre: 12_500, paidOre: 12_500 })).toBe(0);
    expect(invoiceOpenOre({ status: 'credited', totalOre: 12_500, paidOre: 0 })).toBe(0);
  });
});
