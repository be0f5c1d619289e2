/**
 * The pricing rules, one pure module (no I/O), with input types of their own (not database
 * rows): which price applies (list, store, campaign with dates, a trade company's net price),
 * the lowest price of the last 30 days (Omnibus), VAT at the catalogue's rates, and line and
 * total arithmetic in whole öre. The API's pricing context reads the facts in one query and
 * prices through here (apps/api/src/contexts/pricing, ADR 024). The files in pricing/ are
 * this module's internals: import from here.
 */
import {
  applyNetPrice,
  recordInForce,
  shelfPrice,
  type ArticlePrice,
  type PriceCandidates,
} from './pricing/price-in-force.ts';
import { lowestPriceLast30Days, lowestPriceReference } from './pricing/lowest-price.ts';

export {
  applyNetPrice,
  recordInForce,
  shelfPrice,
  type ArticlePrice,
  type PriceCandidates,
  type PriceHistoryEntry,
  type PriceRecord,
  type ShelfPrice,
} from './pricing/price-in-force.ts';
export {
  LOWEST_PRICE_WINDOW_DAYS,
  lowestPriceLast30Days,
  lowestPriceReference,
} from './pricing/lowest-price.ts';
export {
  exclVatOre,
  inclVatOre,
  vatOfInclOre,
  vatRateFraction,
  VAT_RATES_BP,
  type VatRateBp,
} from './pricing/vat.ts';
export {
  comparisonPrice,
  lineAmounts,
  sumOrNull,
  totalsOf,
  vatAfterDiscount,
  type LineAmounts,
  type LineInput,
  type Totals,
  type VatGroup,
} from './pricing/lines.ts';

/**
 * The price one viewer pays for one article at `at`, with the 30-day low of the shelf price
 * in force (read from that record's own history); null when the article has no price.
 */
export function priceArticle(candidates: PriceCandidates, at: Date): ArticlePrice | null {
  const found = recordInForce(candidates, at);
  if (!found) return null;
  const shelf = shelfPrice(found.record, found.isStorePrice, at);
  const history = found.record.history;
  const lowestOre =
    history === undefined ? null : lowestPriceLast30Days(history, lowestPriceReference(shelf, at));
  return { ...applyNetPrice(shelf, candidates.netOre), lowestOre };
}
