import type { StockEntry } from '@bygg/contracts/stock';
import { storesWithStock } from '@bygg/domain/stock';
import { stripOrganisationPrefix } from '@bygg/domain/stores';

const STATUS_TEXT = { HIGH_IN_STOCK: 'I lager', LOW_IN_STOCK: 'Färre än 10 st' } as const;

/** 'Butiker med lagersaldo': stocking stores, highest stock first; hidden-stock stores left out. */
export function StoresWithStock({
  entries,
  storeNamePrefix,
}: {
  entries: readonly StockEntry[];
  /** Stripped from the store names, as everywhere a store is named (spec §3, Store). */
  storeNamePrefix: string;
}) {
  const stores = storesWithStock(entries);
  return (
    <section className="product-section" aria-labelledby="stores-with-stock-heading">
      <h2 id="stores-with-stock-heading">Butiker med lagersaldo</h2>
      {stores.length === 0 ? (
        <p>Ingen butik har varan i lager just nu.</p>
      ) : (
        <ul className="stores-with-stock">
          {stores.map((entry) => (
            <li key={entry.warehouse}>
              <span>{stripOrganisationPrefix(entry.store?.name ?? '', storeNamePrefix)}</span>
              <span
                className={`stock-badge stock-badge--${entry.status === 'HIGH_IN_STOCK' ? 'green' : 'yellow'}`}
              >
                <span className="stock-badge__dot" aria-hidden="true" />
                {entry.status === 'HIGH_IN_STOCK'
                  ? STATUS_TEXT.HIGH_IN_STOCK
                  : STATUS_TEXT.LOW_IN_STOCK}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
