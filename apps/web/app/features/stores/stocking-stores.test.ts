import { describe, expect, it } from 'vitest';
import type { StockedWarehouses } from '@bygg/contracts/products';
import { productSlugOf, stockingFirst, stockingStoresOf } from './stocking-stores.ts';
import type { StoreSummary } from './store-model.ts';

function entry(storeId: number | null, status: string, quantity: number | null) {
  return {
    article_id: 1234567,
    status,
    availability: 3,
    stock_type: 1,
    quantity_on_hand: quantity,
    warehouse: `W${storeId ?? 'X'}`,
    store:
      storeId === null
        ? null
        : {
            id: storeId,
            external_id: `S${storeId}`,
            is_central: false,
            name: 'B',
            slug: `b${storeId}`,
          },
  };
}

describe('productSlugOf', () => {
  it('finds the product under every prefix of the route table', () => {
    expect(productSlugOf('/produkt/regel-45x95')).toBe('regel-45x95');
    expect(productSlugOf('/foretag/produkt/regel-45x95')).toBe('regel-45x95');
    expect(productSlugOf('/butiker/ekbacken/produkt/regel-45x95/')).toBe('regel-45x95');
    expect(productSlugOf('/rikskund/produkt/regel-45x95')).toBe('regel-45x95');
  });

  it('is null on other pages', () => {
    expect(productSlugOf('/produkter/travaror')).toBeNull();
    expect(productSlugOf('/butiker/ekbacken')).toBeNull();
  });
});

describe('stocking stores', () => {
  const reply = {
    article_id: 1234567,
    stocked_warehouses: [
      entry(null, 'HIGH_IN_STOCK', 400),
      entry(3, 'HIGH_IN_STOCK', 40),
      entry(1, 'LOW_IN_STOCK', 4),
      entry(2, 'OUT_OF_STOCK', 0),
      entry(4, 'UNKNOWN', null),
    ],
  } as StockedWarehouses;

  it('keeps the stores with stock on hand in the API order, leaving out warehouses', () => {
    expect(stockingStoresOf(reply)).toEqual([
      { id: 3, status: 'HIGH_IN_STOCK' },
      { id: 1, status: 'LOW_IN_STOCK' },
    ]);
  });

  it('puts them first among the listed stores, skipping stores not in the list', () => {
    const store = (id: number) => ({ id, name: `Butik ${id}`, isCentral: false }) as StoreSummary;
    const result = stockingFirst(stockingStoresOf(reply), [store(1), store(2), store(4)]);
    expect(result.map((r) => [r.store.id, r.status])).toEqual([[1, 'LOW_IN_STOCK']]);
  });
});
