import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AVAILABILITY, STOCK_TYPE } from './availability.ts';
import {
  STOCK_FAILURE_MESSAGES,
  STOCK_RANK,
  STOCK_STATUSES,
  compareStockEntries,
  isStockFailureReason,
  isStockStatus,
  stockBadge,
  purchaseBlockedMessage,
  STOCK_BADGE_LABELS,
  stockStatusFromQuantity,
  storesWithStock,
  type StockEntry,
  type StockStatus,
} from './stock.ts';

const SELLABLE = AVAILABILITY.SELLABLE | AVAILABILITY.SHIPPABLE;

function storeEntry(id: string, status: StockStatus, availability = SELLABLE): StockEntry {
  return { status, availability, warehouse: null, store: { external_id: id, is_central: false } };
}

describe('stock status', () => {
  it('derives the status from the quantity on hand', () => {
    expect(stockStatusFromQuantity(null)).toBe('UNKNOWN');
    expect(stockStatusFromQuantity(undefined)).toBe('UNKNOWN');
    expect(stockStatusFromQuantity(Number.NaN)).toBe('UNKNOWN');
    expect(stockStatusFromQuantity(0)).toBe('OUT_OF_STOCK');
    expect(stockStatusFromQuantity(-3)).toBe('OUT_OF_STOCK');
    expect(stockStatusFromQuantity(1)).toBe('LOW_IN_STOCK');
    expect(stockStatusFromQuantity(9)).toBe('LOW_IN_STOCK');
    expect(stockStatusFromQuantity(10)).toBe('HIGH_IN_STOCK');
    expect(stockStatusFromQuantity(4, { lowThreshold: 5 })).toBe('LOW_IN_STOCK');
    expect(stockStatusFromQuantity(5, { lowThreshold: 5 })).toBe('HIGH_IN_STOCK');
  });

  it('never ranks a larger quantity lower', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 500 }), fc.integer({ min: 0, max: 50 }), (q, d) => {
        const lower = STOCK_RANK[stockStatusFromQuantity(q)];
        expect(STOCK_RANK[stockStatusFromQuantity(q + d)]).toBeGreaterThanOrEqual(lower);
      }),
    );
  });

  it('ranks high 3, low 2, out 1, unknown 0', () => {
    expect(STOCK_RANK).toEqual({ HIGH_IN_STOCK: 3, LOW_IN_STOCK: 2, OUT_OF_STOCK: 1, UNKNOWN: 0 });
    expect(isStockStatus('LOW_IN_STOCK')).toBe(true);
    expect(isStockStatus('low')).toBe(false);
  });
});

describe('sorting stock entries', () => {
  it('puts warehouse entries first and then sorts by rank', () => {
    const warehouse: StockEntry = {
      status: 'LOW_IN_STOCK',
      availability: SELLABLE,
      warehouse: 'CW1',
      store: null,
    };
    const entries = [
      storeEntry('a', 'OUT_OF_STOCK'),
      storeEntry('b', 'HIGH_IN_STOCK'),
      warehouse,
      storeEntry('c', 'UNKNOWN'),
      storeEntry('d', 'LOW_IN_STOCK'),
    ];
    const sorted = [...entries].sort(compareStockEntries);
    expect(sorted.map((e) => e.store?.external_id ?? e.warehouse)).toEqual([
      'CW1',
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it('always yields non-increasing ranks among store entries', () => {
    const status = fc.constantFrom(...STOCK_STATUSES);
    fc.assert(
      fc.property(fc.array(status, { maxLength: 30 }), (statuses) => {
        const sorted = statuses.map((s, i) => storeEntry(String(i), s)).sort(compareStockEntries);
        for (let i = 1; i < sorted.length; i++) {
          expect(STOCK_RANK[sorted[i - 1]!.status]).toBeGreaterThanOrEqual(
            STOCK_RANK[sorted[i]!.status],
          );
        }
      }),
    );
  });
});

describe('stores with stock', () => {
  it('lists stocking stores, highest first, without hidden-stock stores or warehouses', () => {
    const entries: StockEntry[] = [
      storeEntry('low', 'LOW_IN_STOCK'),
      storeEntry('hidden', 'HIGH_IN_STOCK', SELLABLE | AVAILABILITY.HIDDEN_STOCK),
      storeEntry('out', 'OUT_OF_STOCK'),
      storeEntry('high', 'HIGH_IN_STOCK'),
      storeEntry('unknown', 'UNKNOWN'),
      { status: 'HIGH_IN_STOCK', availability: SELLABLE, warehouse: 'CW1', store: null },
    ];
    expect(storesWithStock(entries).map((e) => e.store?.external_id)).toEqual(['high', 'low']);
  });
});

describe('stock badge', () => {
  const base = {
    status: 'HIGH_IN_STOCK' as StockStatus,
    availability: SELLABLE,
    stockType: STOCK_TYPE.STOCKED,
    organisation: 'store-chain' as const,
    hasStore: true,
  };

  it('asks for a store when none is chosen', () => {
    expect(stockBadge({ ...base, hasStore: false })).toEqual({
      tone: 'neutral',
      label: 'Välj butik för att se lagersaldo',
    });
  });

  it('shows green for high, yellow "Färre än 10 st" for low and red for out of stock', () => {
    expect(stockBadge(base)).toEqual({ tone: 'green', label: 'I lager' });
    expect(stockBadge({ ...base, status: 'LOW_IN_STOCK' })).toEqual({
      tone: 'yellow',
      label: 'Färre än 10 st',
    });
    expect(stockBadge({ ...base, status: 'OUT_OF_STOCK' })).toEqual({
      tone: 'red',
      label: 'Tillfälligt slut',
    });
  });

  it('shows "Tillfälligt slut" for the temporarily-out stock type', () => {
    expect(stockBadge({ ...base, stockType: STOCK_TYPE.TEMP_OUT_OF_STOCK })).toEqual({
      tone: 'red',
      label: 'Tillfälligt slut',
    });
  });

  it('uses the manufactured tone for non-stocked items', () => {
    const manufactured = { tone: 'manufactured', label: 'Beställningsvara' };
    expect(stockBadge({ ...base, availability: SELLABLE | AVAILABILITY.NON_STOCKED_ITEM })).toEqual(
      manufactured,
    );
    expect(stockBadge({ ...base, stockType: STOCK_TYPE.UNSTOCKED })).toEqual(manufactured);
  });

  it('shows hidden stock in red on the store chain only', () => {
    const availability = SELLABLE | AVAILABILITY.HIDDEN_STOCK;
    expect(stockBadge({ ...base, availability })).toEqual({
      tone: 'red',
      label: 'Butiksvara, kontakta din butik',
    });
    expect(stockBadge({ ...base, availability, organisation: 'building-supply' })).toEqual({
      tone: 'neutral',
      label: 'Butiksvara, kontakta din butik',
    });
  });

  it('tells the shopper to contact the store when stock is unknown', () => {
    expect(stockBadge({ ...base, status: 'UNKNOWN', stockType: null })).toEqual({
      tone: 'neutral',
      label: 'Butiksvara, kontakta din butik',
    });
  });

  it('marks items that cannot be bought online as "Endast i butik"', () => {
    expect(stockBadge({ ...base, availability: AVAILABILITY.NONE })).toEqual({
      tone: 'green',
      label: 'Endast i butik',
    });
  });

  it('always returns a non-empty label', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STOCK_STATUSES),
        fc.integer({ min: 0, max: 127 }),
        fc.integer({ min: 0, max: 7 }),
        fc.constantFrom('store-chain' as const, 'building-supply' as const),
        fc.boolean(),
        (status, availability, stockType, organisation, hasStore) => {
          const badge = stockBadge({ status, availability, stockType, organisation, hasStore });
          expect(badge.label.length).toBeGreaterThan(0);
          if (!hasStore) expect(badge.tone).toBe('neutral');
        },
      ),
    );
  });
});

describe('stock failure messages', () => {
  it('has the literal Swedish texts of the spec', () => {
    expect(STOCK_FAILURE_MESSAGES.OUT_OF_STOCK).toBe('Tyvärr finns inte artikeln i lager');
    expect(STOCK_FAILURE_MESSAGES.INSUFFICIENT_STOCK).toBe(
      'Den kvantiteten som är tillagd finns inte i lager',
    );
    expect(STOCK_FAILURE_MESSAGES.UNAVAILABLE).toBe('Tyvärr är artikeln ej tillgänglig');
    expect(STOCK_FAILURE_MESSAGES.INVALID_REFERENCE).toBe('Ogitlig artikelreferens');
    expect(STOCK_FAILURE_MESSAGES.INVALID_CHECKSUM).toMatch(/\S/);
    expect(isStockFailureReason('INVALID_CHECKSUM')).toBe(true);
    expect(isStockFailureReason('NOPE')).toBe(false);
  });
});

describe('purchaseBlockedMessage', () => {
  it('explains the badges checkout would refuse, and lets the others be bought', () => {
    const L = STOCK_BADGE_LABELS;
    expect(purchaseBlockedMessage({ tone: 'neutral', label: L.contactStore })).toBe(
      'Kan inte köpas på webben. Kontakta din butik.',
    );
    expect(purchaseBlockedMessage({ tone: 'red', label: L.temporarilyOut })).toBe(
      'Tillfälligt slut i din butik. Kan inte köpas just nu.',
    );
    expect(purchaseBlockedMessage({ tone: 'green', label: L.storeOnly })).toBe(
      'Säljs endast i butik.',
    );
    for (const label of [L.high, L.low, L.madeToOrder, L.chooseStore]) {
      expect(purchaseBlockedMessage({ tone: 'green', label })).toBeNull();
    }
  });
});
