/**
 * Stock status, ranking, badges and stock-failure messages (storefront.md §3, §4, §8).
 */
import { STOCK_TYPE, hasFlag, isNonStocked, isSellable, isStockHidden } from './availability.ts';
import type { OrganisationId } from './organisations.ts';

export const STOCK_STATUSES = ['HIGH_IN_STOCK', 'LOW_IN_STOCK', 'OUT_OF_STOCK', 'UNKNOWN'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** Sorting rank (storefront.md §4): high 3, low 2, out 1, unknown 0. */
export const STOCK_RANK: Readonly<Record<StockStatus, number>> = {
  HIGH_IN_STOCK: 3,
  LOW_IN_STOCK: 2,
  OUT_OF_STOCK: 1,
  UNKNOWN: 0,
};

/** Below this many units stock is "low"; the label 'Färre än 10 st' follows from it. */
export const LOW_STOCK_THRESHOLD = 10;

export function isStockStatus(value: unknown): value is StockStatus {
  return typeof value === 'string' && (STOCK_STATUSES as readonly string[]).includes(value);
}

/** null/undefined/NaN → UNKNOWN, ≤ 0 → OUT, 1..threshold-1 → LOW, otherwise HIGH. */
export function stockStatusFromQuantity(
  quantity: number | null | undefined,
  options: { lowThreshold?: number } = {},
): StockStatus {
  const { lowThreshold = LOW_STOCK_THRESHOLD } = options;
  if (quantity === null || quantity === undefined || Number.isNaN(quantity)) return 'UNKNOWN';
  if (quantity <= 0) return 'OUT_OF_STOCK';
  return quantity < lowThreshold ? 'LOW_IN_STOCK' : 'HIGH_IN_STOCK';
}

export function stockRank(status: StockStatus): number {
  return STOCK_RANK[status];
}

/** A stock entry as the API returns it (storefront.md §3 "Stock entry"). */
export interface StockEntry {
  status: StockStatus;
  /** Availability bit field (see availability.ts). */
  availability: number;
  quantity_on_hand?: number | null;
  warehouse?: string | null;
  store?: { external_id: string; is_central?: boolean } | null;
}

/** Stock held in a warehouse rather than in a store: a warehouse code and no store. */
export function isWarehouseEntry(entry: Pick<StockEntry, 'warehouse' | 'store'>): boolean {
  return Boolean(entry.warehouse) && !entry.store;
}

/** Sort order: warehouse entries first, then by rank, highest first. Ties keep their order. */
export function compareStockEntries(
  a: Pick<StockEntry, 'status' | 'warehouse' | 'store'>,
  b: Pick<StockEntry, 'status' | 'warehouse' | 'store'>,
): number {
  const byKind = Number(isWarehouseEntry(b)) - Number(isWarehouseEntry(a));
  return byKind !== 0 ? byKind : stockRank(b.status) - stockRank(a.status);
}

/**
 * The "stores with stock" list of the store drawer: store entries that stock the item
 * (high or low), highest stock first. Stores whose availability has the hidden-stock bit
 * are left out (storefront.md §4). The drawer shows all stores by region after this list.
 */
export function storesWithStock<T extends StockEntry>(entries: readonly T[]): T[] {
  return entries
    .filter(
      (entry) =>
        entry.store &&
        !isStockHidden(entry.availability) &&
        (entry.status === 'HIGH_IN_STOCK' || entry.status === 'LOW_IN_STOCK'),
    )
    .sort((a, b) => stockRank(b.status) - stockRank(a.status));
}

export type StockBadgeTone = 'green' | 'yellow' | 'red' | 'manufactured' | 'neutral';
export interface StockBadge {
  tone: StockBadgeTone;
  label: string;
}

/**
 * Badge texts. The first five are the spec's literal labels (storefront.md §4).
 * 'I lager' (in stock) and 'Beställningsvara' (made-to-order item) are ours: the spec gives
 * the colours for high stock and non-stocked items but no text.
 */
export const STOCK_BADGE_LABELS = {
  chooseStore: 'Välj butik för att se lagersaldo',
  contactStore: 'Butiksvara, kontakta din butik',
  storeOnly: 'Endast i butik',
  temporarilyOut: 'Tillfälligt slut',
  low: `Färre än ${LOW_STOCK_THRESHOLD} st`,
  high: 'I lager',
  madeToOrder: 'Beställningsvara',
} as const;

const STATUS_TONE: Readonly<Record<StockStatus, StockBadgeTone>> = {
  HIGH_IN_STOCK: 'green',
  LOW_IN_STOCK: 'yellow',
  OUT_OF_STOCK: 'red',
  UNKNOWN: 'neutral',
};

/**
 * The stock badge of a product in the chosen store, first matching rule wins:
 * 1. no store chosen → neutral 'Välj butik för att se lagersaldo';
 * 2. non-stocked item (availability bit 64 or stock type "unstocked") → manufactured tone;
 * 3. hidden stock → 'Butiksvara, kontakta din butik', red on the store chain (§4), neutral otherwise;
 * 4. temporarily out (stock-type bit 4) or out of stock → red 'Tillfälligt slut';
 * 5. unknown stock → neutral 'Butiksvara, kontakta din butik';
 * 6. not sellable online → 'Endast i butik' in the colour of its stock level;
 * 7. low → yellow 'Färre än 10 st'; high → green 'I lager'.
 */
export function stockBadge(input: {
  status: StockStatus;
  availability: number;
  stockType?: number | null;
  organisation: OrganisationId;
  hasStore: boolean;
}): StockBadge {
  const stockType = input.stockType ?? 0;
  const L = STOCK_BADGE_LABELS;
  if (!input.hasStore) return { tone: 'neutral', label: L.chooseStore };
  if (isNonStocked(input.availability) || hasFlag(stockType, STOCK_TYPE.UNSTOCKED)) {
    return { tone: 'manufactured', label: L.madeToOrder };
  }
  if (isStockHidden(input.availability)) {
    return {
      tone: input.organisation === 'store-chain' ? 'red' : 'neutral',
      label: L.contactStore,
    };
  }
  if (hasFlag(stockType, STOCK_TYPE.TEMP_OUT_OF_STOCK) || input.status === 'OUT_OF_STOCK') {
    return { tone: 'red', label: L.temporarilyOut };
  }
  if (input.status === 'UNKNOWN') return { tone: 'neutral', label: L.contactStore };
  const tone = STATUS_TONE[input.status];
  if (!isSellable(input.availability)) return { tone, label: L.storeOnly };
  return { tone, label: input.status === 'LOW_IN_STOCK' ? L.low : L.high };
}

/**
 * Why the shown article cannot be bought online in the chosen store, from its badge (issue 22),
 * or null when it can: the buy button gives way to this text before any add, matching what
 * checkout would refuse (unknown or hidden stock, out of stock, sold only in the store).
 */
export function purchaseBlockedMessage(badge: StockBadge): string | null {
  switch (badge.label) {
    case STOCK_BADGE_LABELS.contactStore:
      return 'Kan inte köpas på webben. Kontakta din butik.';
    case STOCK_BADGE_LABELS.temporarilyOut:
      return 'Tillfälligt slut i din butik. Kan inte köpas just nu.';
    case STOCK_BADGE_LABELS.storeOnly:
      return 'Säljs endast i butik.';
    default:
      return null;
  }
}

export const STOCK_FAILURE_REASONS = [
  'OUT_OF_STOCK',
  'INSUFFICIENT_STOCK',
  'UNAVAILABLE',
  'INVALID_REFERENCE',
  'INVALID_CHECKSUM',
] as const;
export type StockFailureReason = (typeof STOCK_FAILURE_REASONS)[number];

/**
 * Literal texts from storefront.md §8, including the spec's spelling 'Ogitlig'.
 * INVALID_CHECKSUM has no spec text; ours tells the shopper the cart changed under them.
 */
export const STOCK_FAILURE_MESSAGES: Readonly<Record<StockFailureReason, string>> = {
  OUT_OF_STOCK: 'Tyvärr finns inte artikeln i lager',
  INSUFFICIENT_STOCK: 'Den kvantiteten som är tillagd finns inte i lager',
  UNAVAILABLE: 'Tyvärr är artikeln ej tillgänglig',
  INVALID_REFERENCE: 'Ogitlig artikelreferens',
  INVALID_CHECKSUM: 'Varukorgen har ändrats. Ladda om sidan och försök igen.',
};

export function isStockFailureReason(value: unknown): value is StockFailureReason {
  return typeof value === 'string' && (STOCK_FAILURE_REASONS as readonly string[]).includes(value);
}
