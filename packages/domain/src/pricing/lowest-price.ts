import type { PriceHistoryEntry, ShelfPrice } from './price-in-force.ts';

/** How far back the lowest price is looked for; readers of the history fetch this window. */
export const LOWEST_PRICE_WINDOW_DAYS = 30;
const WINDOW_MS = LOWEST_PRICE_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/**
 * The moment the 30 days are counted back from (the Omnibus rule, EU 2019/2161): the start of
 * a campaign, so its reduced price is compared with the prices before it; otherwise now.
 */
export function lowestPriceReference(
  shelf: Pick<ShelfPrice, 'onCampaign' | 'validFrom'>,
  at: Date,
): Date {
  return shelf.onCampaign ? shelf.validFrom : at;
}

/**
 * The lowest price in effect at some moment of the 30 days before `reference` (entries that
 * began before it and had not ended 30 days before it); null when the history has none.
 */
export function lowestPriceLast30Days(
  history: readonly PriceHistoryEntry[],
  reference: Date,
): number | null {
  const end = reference.getTime();
  const start = end - WINDOW_MS;
  let lowest: number | null = null;
  for (const entry of history) {
    if (entry.validFrom.getTime() >= end) continue;
    if (entry.validTo !== null && entry.validTo.getTime() <= start) continue;
    if (lowest === null || entry.priceOre < lowest) lowest = entry.priceOre;
  }
  return lowest;
}
