import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyNetPrice,
  comparisonPrice,
  exclVatOre,
  inclVatOre,
  lineAmounts,
  lowestPriceLast30Days,
  priceArticle,
  shelfPrice,
  sumOrNull,
  totalsOf,
  vatAfterDiscount,
  vatOfInclOre,
  VAT_RATES_BP,
  type PriceHistoryEntry,
  type PriceRecord,
} from './pricing.ts';

const day = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-20T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * day);

const record = (over: Partial<PriceRecord> = {}): PriceRecord => ({
  priceOre: 12_900,
  reducedFromOre: null,
  isLimitedTime: false,
  validFrom: daysAgo(100),
  endDate: null,
  campaignId: null,
  ...over,
});

const entry = (priceOre: number, from: number, to: number | null): PriceHistoryEntry => ({
  priceOre,
  validFrom: daysAgo(from),
  validTo: to === null ? null : daysAgo(to),
});

describe('priceArticle: which price applies', () => {
  it('is the list price when the store has none', () => {
    const price = priceArticle({ list: record(), store: null, netOre: null }, NOW);
    expect(price).toMatchObject({ priceOre: 12_900, isStorePrice: false, isNetPrice: false });
  });

  it('is the store’s own price over the list price', () => {
    const price = priceArticle(
      { list: record(), store: record({ priceOre: 11_900 }), netOre: null },
      NOW,
    );
    expect(price).toMatchObject({ priceOre: 11_900, isStorePrice: true });
  });

  it('ignores a store price that has not taken effect yet', () => {
    const later = record({ priceOre: 9_900, validFrom: new Date(NOW.getTime() + day) });
    const price = priceArticle({ list: record(), store: later, netOre: null }, NOW);
    expect(price).toMatchObject({ priceOre: 12_900, isStorePrice: false });
  });

  it('is null when no price has taken effect', () => {
    const later = record({ validFrom: new Date(NOW.getTime() + 1) });
    expect(priceArticle({ list: later, store: null, netOre: null }, NOW)).toBeNull();
    expect(priceArticle({ list: null, store: null, netOre: 100 }, NOW)).toBeNull();
  });

  it('shows a running campaign as a reduction with its end date', () => {
    const endDate = new Date(NOW.getTime() + 3 * day);
    const campaign = record({
      priceOre: 9_900,
      reducedFromOre: 12_900,
      isLimitedTime: true,
      endDate,
      campaignId: 7,
      validFrom: daysAgo(2),
    });
    const price = priceArticle({ list: campaign, store: null, netOre: null }, NOW);
    expect(price).toMatchObject({
      priceOre: 9_900,
      reducedFromOre: 12_900,
      isLimitedTime: true,
      endDate,
      campaignId: 7,
    });
    expect(price?.shelf.onCampaign).toBe(true);
  });

  it('falls back to the ordinary price once the campaign has ended, from its end date', () => {
    const endDate = daysAgo(1);
    const ended = record({
      priceOre: 9_900,
      reducedFromOre: 12_900,
      isLimitedTime: true,
      endDate,
      campaignId: 7,
      validFrom: daysAgo(10),
    });
    const shelf = shelfPrice(ended, false, NOW);
    expect(shelf).toMatchObject({
      priceOre: 12_900,
      reducedFromOre: null,
      isLimitedTime: false,
      endDate: null,
      campaignId: null,
      onCampaign: false,
    });
    expect(shelf.validFrom).toEqual(endDate);
    // The end is exclusive: at the end date itself the ordinary price applies.
    expect(shelfPrice(ended, false, endDate).priceOre).toBe(12_900);
  });

  it('keeps an ordinary price without campaign fields even when the row carries them', () => {
    const price = priceArticle(
      {
        list: record({ isLimitedTime: true, endDate: daysAgo(-5), campaignId: 3 }),
        store: null,
        netOre: null,
      },
      NOW,
    );
    expect(price).toMatchObject({ isLimitedTime: false, endDate: null, campaignId: null });
  });
});

describe('applyNetPrice: a trade company’s net price', () => {
  const campaign = shelfPrice(
    record({ priceOre: 9_900, reducedFromOre: 12_900, isLimitedTime: true, endDate: daysAgo(-3) }),
    false,
    NOW,
  );

  it('replaces a higher shelf price and is not shown as a reduction', () => {
    expect(applyNetPrice(campaign, 8_900)).toMatchObject({
      priceOre: 8_900,
      isNetPrice: true,
      reducedFromOre: null,
      isLimitedTime: false,
      endDate: null,
    });
  });

  it('leaves a lower or equal shelf price as it is', () => {
    expect(applyNetPrice(campaign, 10_900)).toMatchObject({ priceOre: 9_900, isNetPrice: false });
    expect(applyNetPrice(campaign, 9_900)).toMatchObject({ priceOre: 9_900, isNetPrice: false });
    expect(applyNetPrice(campaign, null)).toMatchObject({
      priceOre: 9_900,
      reducedFromOre: 12_900,
    });
  });

  it('never raises the price (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.option(fc.integer({ min: 0, max: 10_000_000 })),
        (shelfOre, netOre) => {
          const shelf = shelfPrice(record({ priceOre: shelfOre }), false, NOW);
          const price = applyNetPrice(shelf, netOre);
          expect(price.priceOre).toBe(Math.min(shelfOre, netOre ?? shelfOre));
          expect(price.isNetPrice).toBe(netOre !== null && netOre < shelfOre);
        },
      ),
    );
  });
});

describe('lowestPriceLast30Days (Omnibus)', () => {
  it('is the lowest price in effect at some moment of the 30 days before now', () => {
    const history = [entry(15_900, 90, 40), entry(11_900, 40, 20), entry(12_900, 20, null)];
    expect(lowestPriceLast30Days(history, NOW)).toBe(11_900);
  });

  it('leaves out a price that ended 30 days ago or more, and one that starts at the reference', () => {
    const history = [entry(8_900, 60, 30), entry(12_900, 30, null), entry(5_000, 0, null)];
    expect(lowestPriceLast30Days(history, NOW)).toBe(12_900);
  });

  it('is null without history', () => {
    expect(lowestPriceLast30Days([], NOW)).toBeNull();
  });

  it('counts back from a running campaign’s start, so the campaign price is not its own low', () => {
    const start = daysAgo(5);
    const campaign = record({
      priceOre: 7_900,
      reducedFromOre: 12_900,
      validFrom: start,
      endDate: daysAgo(-5),
    });
    const history = [entry(12_900, 100, 5), entry(10_900, 60, 40), { ...entry(7_900, 5, null) }];
    campaign.history = history;
    const price = priceArticle({ list: campaign, store: null, netOre: null }, NOW);
    // 10 900 ended 40 days ago: more than 30 days before the campaign began.
    expect(price?.lowestOre).toBe(12_900);
  });

  it('reads the history of the record in force (a store override has its own)', () => {
    const list = record({ history: [entry(9_900, 50, null)] });
    const store = record({ priceOre: 11_900, history: [entry(11_900, 50, null)] });
    expect(priceArticle({ list, store, netOre: null }, NOW)?.lowestOre).toBe(11_900);
    expect(priceArticle({ list, store: null, netOre: null }, NOW)?.lowestOre).toBe(9_900);
  });

  it('is the shelf price’s low, also for a viewer with a net price', () => {
    const list = record({ history: [entry(12_900, 50, null)] });
    const price = priceArticle({ list, store: null, netOre: 8_000 }, NOW);
    expect(price).toMatchObject({ priceOre: 8_000, isNetPrice: true, lowestOre: 12_900 });
  });

  it('is never above a price in effect throughout the window (property)', () => {
    const entries = fc.array(
      fc.record({
        priceOre: fc.integer({ min: 1, max: 1_000_000 }),
        from: fc.integer({ min: 0, max: 120 }),
        length: fc.option(fc.integer({ min: 1, max: 120 })),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(entries, (raw) => {
        const history = raw.map((r) =>
          entry(r.priceOre, r.from, r.length === null ? null : Math.max(0, r.from - r.length)),
        );
        const lowest = lowestPriceLast30Days(history, NOW);
        const current = history.filter((h) => h.validFrom < NOW && h.validTo === null);
        for (const h of current) expect(lowest ?? Infinity).toBeLessThanOrEqual(h.priceOre);
      }),
    );
  });
});

describe('VAT', () => {
  it('converts between incl. and excl. VAT at the catalogue’s rates', () => {
    expect(exclVatOre(12_500, 2500)).toBe(10_000);
    expect(exclVatOre(11_200, 1200)).toBe(10_000);
    expect(exclVatOre(10_600, 600)).toBe(10_000);
    expect(exclVatOre(10_000, 0)).toBe(10_000);
    expect(inclVatOre(10_000, 2500)).toBe(12_500);
    expect(vatOfInclOre(12_900, 2500)).toBe(2_580);
  });

  it('rejects a rate that is not whole basis points', () => {
    expect(() => exclVatOre(100, 25.5)).toThrow(RangeError);
    expect(() => exclVatOre(100, -1)).toThrow(RangeError);
  });

  it('incl. = excl. + VAT, and excl. → incl. → excl. comes back (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(...VAT_RATES_BP),
        (ore, rate) => {
          expect(exclVatOre(ore, rate) + vatOfInclOre(ore, rate)).toBe(ore);
          expect(exclVatOre(inclVatOre(ore, rate), rate)).toBe(ore);
        },
      ),
    );
  });
});

describe('lines and totals', () => {
  it('rounds a line of decimal quantity to the öre, half away from zero', () => {
    // 2.5 m² at 199:90 = 499:75; 0.333 lpm at 10:01 = 3.33333 → 3:33.
    expect(lineAmounts({ unitOre: 19_990, quantity: 2.5, vatRateBp: 2500 })).toMatchObject({
      totalOre: 49_975,
      exclOre: 39_980,
      vatOre: 9_995,
    });
    expect(lineAmounts({ unitOre: 1_001, quantity: 0.333, vatRateBp: 2500 }).totalOre).toBe(333);
    expect(lineAmounts({ unitOre: 3, quantity: 0.5, vatRateBp: 0 }).totalOre).toBe(2);
  });

  it('splits VAT per rate, highest first, as a receipt prints it', () => {
    const totals = totalsOf([
      lineAmounts({ unitOre: 12_500, quantity: 2, vatRateBp: 2500 }),
      lineAmounts({ unitOre: 50_000, quantity: 1, vatRateBp: 0 }),
      lineAmounts({ unitOre: 10_600, quantity: 1, vatRateBp: 600 }),
      lineAmounts({ unitOre: 1_250, quantity: 4, vatRateBp: 2500 }),
    ]);
    expect(totals.byRate).toEqual([
      { vatRateBp: 2500, totalOre: 30_000, exclOre: 24_000, vatOre: 6_000 },
      { vatRateBp: 600, totalOre: 10_600, exclOre: 10_000, vatOre: 600 },
      { vatRateBp: 0, totalOre: 50_000, exclOre: 50_000, vatOre: 0 },
    ]);
    expect(totals).toMatchObject({ totalOre: 90_600, exclOre: 84_000, vatOre: 6_600, quantity: 8 });
  });

  it('totals are the sums of the lines and add up per rate, without drift (property)', () => {
    const line = fc.record({
      unitOre: fc.integer({ min: 0, max: 10_000_000 }),
      quantity: fc.integer({ min: 1, max: 100_000 }).map((milli) => milli / 1000),
      vatRateBp: fc.constantFrom(...VAT_RATES_BP),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (input) => {
        const lines = input.map(lineAmounts);
        const totals = totalsOf(lines);
        const sum = (pick: (l: (typeof lines)[number]) => number) =>
          lines.reduce((s, l) => s + pick(l), 0);
        expect(totals.totalOre).toBe(sum((l) => l.totalOre));
        expect(totals.vatOre).toBe(sum((l) => l.vatOre));
        expect(totals.totalOre).toBe(totals.exclOre + totals.vatOre);
        for (const l of lines) expect(l.totalOre).toBe(l.exclOre + l.vatOre);
        for (const g of totals.byRate) expect(g.totalOre).toBe(g.exclOre + g.vatOre);
        expect(totals.byRate.reduce((s, g) => s + g.totalOre, 0)).toBe(totals.totalOre);
        // Order does not matter: the same lines reversed give the same totals.
        expect(totalsOf([...lines].reverse())).toEqual(totals);
      }),
    );
  });

  it('lowers the VAT in proportion to a discount, never below zero or above the VAT', () => {
    expect(vatAfterDiscount({ totalOre: 100_000, vatOre: 20_000 }, 10_000)).toBe(18_000);
    expect(vatAfterDiscount({ totalOre: 100_000, vatOre: 20_000 }, 0)).toBe(20_000);
    expect(vatAfterDiscount({ totalOre: 100_000, vatOre: 20_000 }, 100_000)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 100 }),
        (totalOre, vatPermille, percent) => {
          const vatOre = Math.floor((totalOre * vatPermille) / 10_000);
          const discountOre = Math.round((totalOre * percent) / 100);
          const after = vatAfterDiscount({ totalOre, vatOre }, discountOre);
          expect(after).toBeGreaterThanOrEqual(0);
          expect(after).toBeLessThanOrEqual(vatOre);
        },
      ),
    );
  });

  it('sums to null as soon as one amount is missing', () => {
    expect(sumOrNull([100, 200])).toBe(300);
    expect(sumOrNull([100, null, 200])).toBeNull();
    expect(sumOrNull([])).toBe(0);
  });

  it('prices per comparison unit from the pack contents', () => {
    expect(comparisonPrice(42_620, 2131)).toBe(20_000);
    expect(comparisonPrice(42_620, null)).toBe(42_620);
    expect(comparisonPrice(42_620, 0)).toBe(42_620);
  });
});
