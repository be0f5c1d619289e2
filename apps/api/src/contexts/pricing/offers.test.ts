import { describe, expect, it } from 'vitest';
import { priceArticle, type PriceRecord } from '@bygg/domain/pricing';
import { buildOffer, type OfferInput, toSek } from './offers.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const current = (over: Partial<PriceRecord> = {}): PriceRecord => ({
  priceOre: 12_900,
  reducedFromOre: null,
  isLimitedTime: false,
  endDate: null,
  campaignId: null,
  validFrom: new Date('2026-11-01T00:00:00Z'),
  history: [{ priceOre: 12_900, validFrom: new Date('2026-10-01T00:00:00Z'), validTo: null }],
  ...over,
});

/** An offer's input, priced by the domain's rules from a list price and a net price. */
const input = (
  over: { current?: PriceRecord; netOre?: number | null } & Partial<Omit<OfferInput, 'price'>> = {},
): OfferInput => {
  const { current: list = current(), netOre = null, ...rest } = over;
  const price = priceArticle({ list, store: null, netOre }, NOW);
  if (!price) throw new Error('no price');
  return {
    articleId: 1234567,
    price,
    vatRateBp: 2500,
    salesUnit: 'st',
    comparison: null,
    ...rest,
  };
};

describe('toSek', () => {
  it('turns öre into kronor with at most two decimals', () => {
    expect(toSek(1990)).toBe(19.9);
    expect(toSek(129_500)).toBe(1295);
    expect(toSek(1)).toBe(0.01);
  });
});

describe('buildOffer', () => {
  it('gives the price incl. and excl. VAT in kronor, per sales unit without a comparison unit', () => {
    const offer = buildOffer(input());
    expect(offer).toMatchObject({
      article_id: 1234567,
      price: 129,
      price_excl_vat: 103.2,
      unit_price: 129,
      unit_price_excl_vat: 103.2,
      unit_label: 'st',
      reduced_from: null,
      is_net_price: false,
      lowest_price_last_30_days: 129,
      lowest_price_excl_vat_last_30_days: 103.2,
      vat_rate: 0.25,
    });
  });

  it('computes the comparison price per m² from the pack contents', () => {
    const offer = buildOffer(
      input({ current: current({ priceOre: 42_620 }), comparison: { unit: 'm²', milli: 2131 } }),
    );
    expect(offer.unit_label).toBe('m²');
    expect(offer.unit_price).toBe(200);
    expect(offer.unit_price_excl_vat).toBe(160);
  });

  it('carries a campaign’s ordinary price, end date and the lowest 30-day price', () => {
    const endDate = new Date('2026-11-27T00:00:00Z');
    const offer = buildOffer(
      input({
        current: current({
          priceOre: 9_900,
          reducedFromOre: 12_900,
          isLimitedTime: true,
          endDate,
          validFrom: new Date('2026-11-18T00:00:00Z'),
          history: [
            { priceOre: 12_900, validFrom: new Date('2026-09-01T00:00:00Z'), validTo: null },
            {
              priceOre: 11_900,
              validFrom: new Date('2026-10-20T00:00:00Z'),
              validTo: new Date('2026-10-30T00:00:00Z'),
            },
          ],
        }),
        comparison: { unit: 'l', milli: 3000 },
      }),
    );
    expect(offer).toMatchObject({
      price: 99,
      reduced_from: 129,
      unit_price: 33,
      unit_price_reduced_from: 43,
      is_limited_time: true,
      end_date: '2026-11-27T00:00:00.000Z',
      lowest_price_last_30_days: 119,
      lowest_unit_price_last_30_days: 39.67,
    });
  });

  it('replaces the price with a lower net price, which is not shown as a reduction', () => {
    const offer = buildOffer(
      input({
        current: current({ priceOre: 9_900, reducedFromOre: 12_900, isLimitedTime: true }),
        netOre: 8_900,
      }),
    );
    expect(offer).toMatchObject({
      price: 89,
      is_net_price: true,
      reduced_from: null,
      is_limited_time: false,
      end_date: null,
    });
  });

  it('keeps a campaign price that is already lower than the net price', () => {
    const offer = buildOffer(
      input({ current: current({ priceOre: 7_900, reducedFromOre: 12_900 }), netOre: 8_900 }),
    );
    expect(offer).toMatchObject({ price: 79, is_net_price: false, reduced_from: 129 });
  });

  it('has no lowest 30-day price when the history has none', () => {
    const offer = buildOffer(input({ current: current({ history: [] }) }));
    expect(offer.lowest_price_last_30_days).toBeNull();
    expect(offer.lowest_unit_price_excl_vat_last_30_days).toBeNull();
  });
});
