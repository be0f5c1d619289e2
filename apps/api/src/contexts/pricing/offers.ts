import type { PriceOffer } from '@bygg/contracts/prices';
import type { CurrentPrice } from './current-prices.ts';
import { exclVat, unitPrice } from '@bygg/domain/money';

/** Öre to the API's kronor: exact for whole öre (19.9, never 19.899999). */
export function toSek(ore: number): number {
  return Math.round(ore) / 100;
}

export type OfferInput = {
  articleId: number;
  current: CurrentPrice;
  /** Lowest price of the last 30 days (öre incl. VAT) from the price history, if any. */
  lowestOre: number | null;
  /** The viewer's negotiated net price (öre incl. VAT), only for a known trade company. */
  netOre: number | null;
  vatRateBp: number;
  /** Sales unit of the product (st, pkt, lpm, …). */
  salesUnit: string;
  /** One sales unit holds this many comparison units, in thousandths (2.131 m² → 2131). */
  comparison: { unit: string; milli: number } | null;
};

/**
 * A price offer (storefront spec §3). A net price replaces the current price when it is
 * lower (then it is not a reduction: reduced_from, end date and limited time are dropped);
 * a campaign price that is already lower than the net price stays.
 */
export function buildOffer(input: OfferInput): PriceOffer {
  const { current, comparison } = input;
  const rate = input.vatRateBp / 10_000;
  const net = input.netOre !== null && input.netOre < current.priceOre ? input.netOre : null;
  const priceOre = net ?? current.priceOre;
  const reducedFromOre = net === null ? current.reducedFromOre : null;
  const perUnit = (ore: number) =>
    comparison && comparison.milli > 0 ? unitPrice(ore, comparison.milli / 1000) : ore;
  const lowest = input.lowestOre;
  return {
    article_id: input.articleId,
    price: toSek(priceOre),
    price_excl_vat: toSek(exclVat(priceOre, rate)),
    unit_price: toSek(perUnit(priceOre)),
    unit_price_excl_vat: toSek(exclVat(perUnit(priceOre), rate)),
    unit_label: comparison?.unit ?? input.salesUnit,
    reduced_from: reducedFromOre === null ? null : toSek(reducedFromOre),
    unit_price_reduced_from: reducedFromOre === null ? null : toSek(perUnit(reducedFromOre)),
    is_limited_time: net === null && current.isLimitedTime,
    end_date: net === null && current.endDate ? current.endDate.toISOString() : null,
    is_net_price: net !== null,
    lowest_price_last_30_days: lowest === null ? null : toSek(lowest),
    lowest_price_excl_vat_last_30_days: lowest === null ? null : toSek(exclVat(lowest, rate)),
    lowest_unit_price_last_30_days: lowest === null ? null : toSek(perUnit(lowest)),
    lowest_unit_price_excl_vat_last_30_days:
      lowest === null ? null : toSek(exclVat(perUnit(lowest), rate)),
    vat_rate: rate,
  };
}
