import type { PriceOffer } from '@bygg/contracts/prices';
import {
  comparisonPrice,
  exclVatOre,
  vatRateFraction,
  type ArticlePrice,
} from '@bygg/domain/pricing';

/** Öre to the API's kronor: exact for whole öre (19.9, never 19.899999). */
export function toSek(ore: number): number {
  return Math.round(ore) / 100;
}

export type OfferInput = {
  articleId: number;
  /** The viewer's price (net price and 30-day low included), from the pricing service. */
  price: ArticlePrice;
  vatRateBp: number;
  /** Sales unit of the product (st, pkt, lpm, …). */
  salesUnit: string;
  /** One sales unit holds this many comparison units, in thousandths (2.131 m² → 2131). */
  comparison: { unit: string; milli: number } | null;
};

/**
 * A price offer (storefront spec §3): the viewer's price in kronor, incl. and excl. VAT, per
 * sales unit and per comparison unit, with the campaign's ordinary price and the lowest
 * 30-day price. Which price applies was decided by @bygg/domain/pricing; this only presents.
 */
export function buildOffer(input: OfferInput): PriceOffer {
  const { price, comparison, vatRateBp } = input;
  const perUnit = (ore: number) => comparisonPrice(ore, comparison?.milli ?? null);
  const excl = (ore: number) => exclVatOre(ore, vatRateBp);
  const reducedFrom = price.reducedFromOre;
  const lowest = price.lowestOre;
  return {
    article_id: input.articleId,
    price: toSek(price.priceOre),
    price_excl_vat: toSek(excl(price.priceOre)),
    unit_price: toSek(perUnit(price.priceOre)),
    unit_price_excl_vat: toSek(excl(perUnit(price.priceOre))),
    unit_label: comparison?.unit ?? input.salesUnit,
    reduced_from: reducedFrom === null ? null : toSek(reducedFrom),
    unit_price_reduced_from: reducedFrom === null ? null : toSek(perUnit(reducedFrom)),
    is_limited_time: price.isLimitedTime,
    end_date: price.endDate ? price.endDate.toISOString() : null,
    is_net_price: price.isNetPrice,
    lowest_price_last_30_days: lowest === null ? null : toSek(lowest),
    lowest_price_excl_vat_last_30_days: lowest === null ? null : toSek(excl(lowest)),
    lowest_unit_price_last_30_days: lowest === null ? null : toSek(perUnit(lowest)),
    lowest_unit_price_excl_vat_last_30_days: lowest === null ? null : toSek(excl(perUnit(lowest))),
    vat_rate: vatRateFraction(vatRateBp),
  };
}
