import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  OfferSharesError,
  TAX_DEDUCTION_PERIODS,
  marginBp,
  offerTotals,
  roundToKronor,
  salePriceFromMarkup,
  taxDeductionRulesAt,
  workSum,
  type OfferTotalsInput,
} from './offer-totals.ts';

const base: OfferTotalsInput = {
  items: [],
  work: [],
  rows: [],
  surcharge: { type: 'none' },
  deductions: [],
  date: '2026-03-01',
};
const rot = (extra: Partial<OfferTotalsInput['deductions'][number]> = {}) => ({
  type: 'rot' as const,
  shareBp: null,
  priorRotOre: 0,
  priorRutOre: 0,
  ...extra,
});

describe('taxDeductionRulesAt (dated Skatteverket rules)', () => {
  it('takes ROT 50 % only from 12 May to 31 December 2025', () => {
    expect(taxDeductionRulesAt('2025-05-11').rotRateBp).toBe(3000);
    expect(taxDeductionRulesAt('2025-05-12').rotRateBp).toBe(5000);
    expect(taxDeductionRulesAt('2025-12-31').rotRateBp).toBe(5000);
    expect(taxDeductionRulesAt('2026-01-01').rotRateBp).toBe(3000);
    expect(taxDeductionRulesAt('2026-11-25').rutRateBp).toBe(5000);
  });

  it('has the separate 75 000 kr ceilings of the second half of 2024', () => {
    const r = taxDeductionRulesAt('2024-08-01');
    expect(r.rotCeilingOre).toBe(7_500_000);
    expect(r.combinedCeilingOre).toBe(15_000_000);
    expect(taxDeductionRulesAt('2026-01-01').rotCeilingOre).toBe(5_000_000);
    expect(taxDeductionRulesAt('2026-01-01').combinedCeilingOre).toBe(7_500_000);
  });

  it('refuses a date outside the table or a malformed one', () => {
    expect(() => taxDeductionRulesAt('2020-12-31')).toThrow(RangeError);
    expect(() => taxDeductionRulesAt('25/11/2026')).toThrow(RangeError);
  });

  it('has periods that follow each other without gaps or overlaps', () => {
    for (let i = 1; i < TAX_DEDUCTION_PERIODS.length; i++) {
      const prevEnd = new Date(`${TAX_DEDUCTION_PERIODS[i - 1]!.to}T00:00:00Z`);
      prevEnd.setUTCDate(prevEnd.getUTCDate() + 1);
      expect(prevEnd.toISOString().slice(0, 10)).toBe(TAX_DEDUCTION_PERIODS[i]!.from);
    }
    expect(TAX_DEDUCTION_PERIODS.at(-1)!.to).toBeNull();
  });
});

describe('prices and work', () => {
  it('computes a sale price from a markup and the margin back', () => {
    expect(salePriceFromMarkup(10_000, 2500)).toBe(12_500); // 100 kr + 25 % = 125 kr
    expect(marginBp(12_500, 10_000)).toBe(2000); // 25 kr of 125 kr = 20 %
    expect(salePriceFromMarkup(333, 1500)).toBe(383); // 3,33 × 1,15 = 3,8295 → 3,83
    expect(marginBp(0, 100)).toBeNull();
  });

  it('multiplies hours (hundredths) by the rate, to whole öre', () => {
    expect(workSum(750, 55_000)).toBe(412_500); // 7,5 h × 550 kr = 4 125 kr
    expect(workSum(33, 49_999)).toBe(16_500); // 0,33 h × 499,99 = 164,9967 → 165,00
  });

  it('rounds to whole kronor half up (öresavrundning)', () => {
    expect(roundToKronor(3_023_488)).toBe(3_023_500);
    expect(roundToKronor(12_349)).toBe(12_300);
    expect(roundToKronor(12_350)).toBe(12_400);
    expect(roundToKronor(-12_350)).toBe(-12_400);
  });
});

describe('offerTotals: worked examples', () => {
  it('a bathroom: materials, 40 h ROT labour, a row, 10 % surcharge (2026)', () => {
    const t = offerTotals({
      ...base,
      items: [
        { quantity: 10, unitPriceOre: 19_900, vatRateBp: 2500 }, // 1 990 kr
        { quantity: 2, unitPriceOre: 124_950, vatRateBp: 2500 }, // 2 499 kr
      ],
      work: [{ hoursHundredths: 4000, rateOre: 55_000, deductionType: 'rot' }], // 22 000 kr
      rows: [{ amountOre: 150_000, vatRateBp: 2500 }], // bortforsling 1 500 kr
      surcharge: { type: 'percent', percentBp: 1000 },
      deductions: [rot()],
    });
    expect(t.itemsOre).toBe(448_900);
    expect(t.workOre).toBe(2_200_000);
    expect(t.rowsOre).toBe(150_000);
    expect(t.subtotalOre).toBe(2_798_900);
    expect(t.surchargeOre).toBe(279_890);
    expect(t.totalExclVatOre).toBe(3_078_790);
    expect(t.vatOre).toBe(769_698); // 769 697,5 öre → 769 698
    expect(t.totalInclVatOre).toBe(3_848_488);
    expect(t.rotLabourInclVatOre).toBe(2_750_000); // 27 500 kr
    expect(t.rotOre).toBe(825_000); // 30 % = 8 250 kr
    expect(t.deductionOre).toBe(825_000);
    expect(t.afterDeductionOre).toBe(3_023_488);
    expect(t.roundingOre).toBe(12);
    expect(t.toPayOre).toBe(3_023_500); // 30 235 kr
    expect(t.deductions).toEqual([{ amountOre: 825_000, capped: false }]);
  });

  it('the same labour in June 2025 gets the temporary 50 %', () => {
    const t = offerTotals({
      ...base,
      date: '2025-06-01',
      work: [{ hoursHundredths: 4000, rateOre: 55_000, deductionType: 'rot' }],
      deductions: [rot()],
    });
    expect(t.rotRateBp).toBe(5000);
    expect(t.rotOre).toBe(1_375_000); // 50 % of 27 500 kr
    expect(t.toPayOre).toBe(2_750_000 - 1_375_000);
  });

  it('cuts ROT at 50 000 kr a person, and two persons share the labour', () => {
    const work = [{ hoursHundredths: 40_000, rateOre: 50_000, deductionType: 'rot' as const }];
    // 400 h × 500 kr = 200 000 kr, incl. VAT 250 000 kr, 30 % = 75 000 kr
    const one = offerTotals({ ...base, work, deductions: [rot()] });
    expect(one.rotOre).toBe(5_000_000);
    expect(one.deductions[0]).toEqual({ amountOre: 5_000_000, capped: true });
    const two = offerTotals({ ...base, work, deductions: [rot(), rot()] });
    expect(two.deductions).toEqual([
      { amountOre: 3_750_000, capped: false },
      { amountOre: 3_750_000, capped: false },
    ]);
    // one of them already had 20 000 kr ROT this year: 30 000 kr left
    const used = offerTotals({
      ...base,
      work,
      deductions: [rot({ priorRotOre: 2_000_000 }), rot()],
    });
    expect(used.deductions[0]).toEqual({ amountOre: 3_000_000, capped: true });
    expect(used.rotOre).toBe(6_750_000);
  });

  it('RUT is cut by the combined 75 000 kr ceiling after earlier ROT and RUT', () => {
    const t = offerTotals({
      ...base,
      work: [{ hoursHundredths: 2000, rateOre: 40_000, deductionType: 'rut' }], // 8 000 kr
      deductions: [{ type: 'rut', shareBp: null, priorRotOre: 5_000_000, priorRutOre: 2_000_000 }],
    });
    expect(t.rutLabourInclVatOre).toBe(1_000_000); // 10 000 kr
    expect(t.rutOre).toBe(500_000); // wanted 5 000 kr, 5 000 kr left: exactly the ceiling
    expect(t.deductions[0]!.capped).toBe(false);
    const over = offerTotals({
      ...base,
      work: [{ hoursHundredths: 2000, rateOre: 40_000, deductionType: 'rut' }],
      deductions: [{ type: 'rut', shareBp: null, priorRotOre: 5_000_000, priorRutOre: 2_200_000 }],
    });
    expect(over.deductions[0]).toEqual({ amountOre: 300_000, capped: true });
  });

  it('rounds each person’s deduction down to whole kronor', () => {
    const t = offerTotals({
      ...base,
      work: [{ hoursHundredths: 100, rateOre: 10_001, deductionType: 'rot' }],
      // 100,01 kr, incl. VAT 125,01 kr, 30 % = 37,503 kr → 37 kr
      deductions: [rot()],
    });
    expect(t.rotLabourInclVatOre).toBe(12_501);
    expect(t.rotOre).toBe(3_700);
    expect(t.totalInclVatOre).toBe(12_501);
    expect(t.afterDeductionOre).toBe(8_801);
    expect(t.toPayOre).toBe(8_800);
    expect(t.roundingOre).toBe(-1);
  });

  it('splits by given shares and the rest equally; refuses shares over 100 %', () => {
    const work = [{ hoursHundredths: 800, rateOre: 100_000, deductionType: 'rot' as const }];
    // 8 000 kr, incl. VAT 10 000 kr
    const t = offerTotals({
      ...base,
      work,
      deductions: [rot({ shareBp: 6000 }), rot(), rot()],
    });
    expect(t.deductions.map((d) => d.amountOre)).toEqual([180_000, 60_000, 60_000]);
    expect(() =>
      offerTotals({ ...base, work, deductions: [rot({ shareBp: 6000 }), rot({ shareBp: 5000 })] }),
    ).toThrow(OfferSharesError);
  });

  it('gives no deduction for labour of the other type or for materials', () => {
    const t = offerTotals({
      ...base,
      items: [{ quantity: 1, unitPriceOre: 1_000_000, vatRateBp: 2500 }],
      work: [{ hoursHundredths: 100, rateOre: 50_000, deductionType: 'rut' }],
      deductions: [rot()],
    });
    expect(t.rotOre).toBe(0);
    expect(t.rutOre).toBe(0);
    expect(t.toPayOre).toBe(t.totalInclVatOre);
  });

  it('an amount surcharge, a discount row and a reduced VAT rate', () => {
    const t = offerTotals({
      ...base,
      items: [{ quantity: 3, unitPriceOre: 10_000, vatRateBp: 1200 }],
      rows: [{ amountOre: -5_000, vatRateBp: 2500 }],
      surcharge: { type: 'amount', amountOre: 20_000 },
    });
    expect(t.subtotalOre).toBe(25_000);
    expect(t.surchargeOre).toBe(20_000);
    // 12 % of 30 000 = 3 600; 25 % of (−5 000 + 20 000) = 3 750
    expect(t.vatOre).toBe(7_350);
    expect(t.totalInclVatOre).toBe(52_350);
    expect(t.toPayOre).toBe(52_400);
    expect(t.roundingOre).toBe(50);
  });
});

describe('offerTotals: properties', () => {
  const input = fc.record({
    items: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 1000 }),
        unitPriceOre: fc.integer({ min: 0, max: 10_000_000 }),
        vatRateBp: fc.constantFrom(2500, 1200, 600, 0),
      }),
      { maxLength: 10 },
    ),
    work: fc.array(
      fc.record({
        hoursHundredths: fc.integer({ min: 1, max: 100_000 }),
        rateOre: fc.integer({ min: 0, max: 200_000 }),
        deductionType: fc.constantFrom('rot' as const, 'rut' as const, null),
      }),
      { maxLength: 5 },
    ),
    deductions: fc.array(
      fc.record({
        type: fc.constantFrom('rot' as const, 'rut' as const),
        shareBp: fc.constant(null),
        priorRotOre: fc.integer({ min: 0, max: 8_000_000 }),
        priorRutOre: fc.integer({ min: 0, max: 8_000_000 }),
      }),
      { maxLength: 3 },
    ),
    date: fc.constantFrom('2024-03-01', '2024-09-01', '2025-07-01', '2026-06-01'),
  });

  it('pays whole kronor, never deducts more than the rate of the labour or a ceiling', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = offerTotals({ ...base, ...i });
        const rules = taxDeductionRulesAt(i.date);
        expect(t.toPayOre % 100).toBe(0);
        expect(Math.abs(t.roundingOre)).toBeLessThanOrEqual(50);
        expect(t.rotOre).toBeLessThanOrEqual(
          Math.ceil((t.rotLabourInclVatOre * rules.rotRateBp) / 10_000),
        );
        expect(t.rutOre).toBeLessThanOrEqual(
          Math.ceil((t.rutLabourInclVatOre * rules.rutRateBp) / 10_000),
        );
        t.deductions.forEach((d, k) => {
          const p = i.deductions[k]!;
          expect(d.amountOre).toBeGreaterThanOrEqual(0);
          expect(d.amountOre % 100).toBe(0);
          expect(d.amountOre + p.priorRotOre + p.priorRutOre).toBeLessThanOrEqual(
            Math.max(rules.combinedCeilingOre, p.priorRotOre + p.priorRutOre),
          );
        });
        expect(t.totalInclVatOre).toBe(t.totalExclVatOre + t.vatOre);
        expect(t.toPayOre).toBe(t.totalInclVatOre - t.deductionOre + t.roundingOre);
      }),
    );
  });
});
