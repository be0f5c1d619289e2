import {
  AVAILABILITY,
  isHidden,
  isPriceHidden,
  isSellable,
  isStockHidden,
} from './availability.ts';
import { type StockStatus, stockStatusFromQuantity } from './stock.ts';

/** What an article may do: be sold, shipped, booked. Every level must allow it. */
export const CAPABILITY_BITS =
  AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE | AVAILABILITY.BOOKABLE;
/** What hides or marks an article: any level may set it. */
export const MARKER_BITS =
  AVAILABILITY.HIDDEN |
  AVAILABILITY.HIDDEN_PRICE |
  AVAILABILITY.HIDDEN_STOCK |
  AVAILABILITY.NON_STOCKED_ITEM;
/** Sellable and hidden: an article is listed when (availability & LISTED_MASK) = SELLABLE. */
export const LISTED_MASK = AVAILABILITY.SELLABLE | AVAILABILITY.HIDDEN;
/** Sellable, not hidden and stock not hidden: (availability & IN_STOCK_MASK) = SELLABLE. */
export const IN_STOCK_MASK = LISTED_MASK | AVAILABILITY.HIDDEN_STOCK;
/**
 * A stock row with any of these bits set differs from "sellable, nothing hidden" in a way the
 * listing must know about (not sellable, hidden, price or stock hidden). The partial index
 * stock_flagged_idx holds exactly these rows, so the listing finds them without reading the
 * millions of ordinary rows; SQL that wants the index repeats this mask literally.
 */
export const FLAGGED_MASK =
  AVAILABILITY.SELLABLE |
  AVAILABILITY.HIDDEN |
  AVAILABILITY.HIDDEN_PRICE |
  AVAILABILITY.HIDDEN_STOCK;

/**
 * The availability of an article in a store, from three levels: the article's own default,
 * the stock row of the warehouse (null without a row) and the store's link to that warehouse
 * (null outside a store). Capabilities must be granted by every level; hidden, hidden-price,
 * hidden-stock and non-stocked marks set on any level apply.
 */
export function effectiveAvailability(
  article: number,
  stockRow: number | null,
  storeLink: number | null,
): number {
  const capabilities = article & (stockRow ?? CAPABILITY_BITS) & (storeLink ?? CAPABILITY_BITS);
  const markers = article | (stockRow ?? 0) | (storeLink ?? 0);
  return (capabilities & CAPABILITY_BITS) | (markers & MARKER_BITS);
}

/** Listed in the shop: sellable and not hidden (storefront spec §3 availability bits). */
export function isListed(availability: number): boolean {
  return isSellable(availability) && !isHidden(availability);
}

export function showsPrice(availability: number): boolean {
  return !isPriceHidden(availability);
}

/**
 * Status and quantity as a reply may show them: with the hidden-stock bit the quantity is
 * withheld and the status is UNKNOWN (the bit itself tells the shop what to show).
 */
export function visibleStock(
  availability: number,
  quantity: number | null,
): { status: StockStatus; quantity: number | null } {
  if (isStockHidden(availability)) return { status: 'UNKNOWN', quantity: null };
  return { status: stockStatusFromQuantity(quantity), quantity };
}
