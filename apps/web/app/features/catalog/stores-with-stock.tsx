import type { StockEntry } from '@bygg/contracts/stock';
import { storesWithStock } from '@bygg/domain/stock';
import { stripOrganisationPrefix } from '@bygg/domain/stores';

const STATUS_TEXT = { HIGH_IN_STOCK: 'I lager', LOW_IN_STOCK: 'Färre än 10 st' } as const;

/** One row of 'Butiker med lagersaldo': only what the list shows goes to the browser. */
export type StoreWithStock = {
  warehouse: string;
  /** The store's name without the organisation's prefix (spec §3, Store). */
  name: string;
  status: keyof typeof STATUS_TEXT;
};

/**
 * The rows of the list from the API's stock entries: stocking stores, highest stock first,
 * hidden-stock stores left out. Made by the loader, so the page data carries three fields a
 * store instead of the whole entry with its store (issue 21: less to serialise).
 */
export function storesWithStockRows(
  entries: readonly StockEntry[],
  storeNamePrefix: string,
): StoreWithStock[] {
  return storesWithStock(entries).map((entry) => ({
    warehouse: entry.warehouse,
    name: stripOrganisationPrefix(entry.store?.name ?? '', storeNamePrefix),
    status: entry.status === 'HIGH_IN_STOCK' ? 'HIGH_IN_STOCK' : 'LOW_IN_STOCK',
  }));
}

/** 'Butiker med lagersaldo' (rows from storesWithStockRows). */
export function StoresWithStock({ stores }: { stores: readonly StoreWithStock[] }) {
  return (
    <section className="product-section" aria-labelledby="stores-with-stock-heading">
      <h2 id="stores-with-stock-heading">Butiker med lagersaldo</h2>
      {stores.length === 0 ? (
        <p>Ingen butik har varan i lager just nu.</p>
      ) : (
        <ul className="stores-with-stock">
          {stores.map((entry) => (
            <li key={entry.warehouse}>
              <span>{entry.name}</span>
              <span
                className={`stock-badge stock-badge--${entry.status === 'HIGH_IN_STOCK' ? 'green' : 'yellow'}`}
              >
                <span className="stock-badge__dot" aria-hidden="true" />
                {STATUS_TEXT[entry.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
