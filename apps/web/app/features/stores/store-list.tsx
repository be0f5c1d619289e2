import type { ReactNode } from 'react';
import { groupByRegion } from './regions.ts';
import type { StoreSummary } from './store-model.ts';
import { formatDistance } from './store-model.ts';

type RegionGroupsProps = {
  stores: readonly StoreSummary[];
  /** Groups start open (a search answer) or closed (the whole list). */
  open: boolean;
  renderStore: (store: StoreSummary) => ReactNode;
};

/**
 * Stores grouped by region as expandable groups with the count per region. Native
 * <details> elements: they open by keyboard and work before (or without) JavaScript.
 */
export function RegionGroups({ stores, open, renderStore }: RegionGroupsProps) {
  return (
    <div className="region-groups">
      {groupByRegion(stores).map((group) => (
        <details key={group.id} className="region-group" open={open}>
          <summary className="region-group__summary">
            <span className="region-group__name">{group.name}</span>
            <span className="region-group__count">
              {group.stores.length}
              <span className="visually-hidden">
                {group.stores.length === 1 ? ' butik' : ' butiker'}
              </span>
            </span>
          </summary>
          <ul className="store-list">
            {group.stores.map((store) => (
              <li key={store.id} className="store-list__item">
                {renderStore(store)}
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}

/** Stores nearest first, as a postcode or position search answers; each with its distance. */
export function NearestStores({
  stores,
  renderStore,
}: {
  stores: readonly StoreSummary[];
  renderStore: (store: StoreSummary) => ReactNode;
}) {
  return (
    <ol className="store-list store-list--nearest">
      {stores.map((store) => (
        <li key={store.id} className="store-list__item">
          {renderStore(store)}
        </li>
      ))}
    </ol>
  );
}

/** The store's name, street and town, and its distance when the list is ranked by distance. */
export function StoreListEntry({ store }: { store: StoreSummary }) {
  return (
    <>
      <span className="store-entry__name">{store.name}</span>
      <span className="store-entry__address">
        {store.address}, {store.city}
      </span>
      {store.distanceKm !== null ? (
        <span className="store-entry__distance">{formatDistance(store.distanceKm)}</span>
      ) : null}
    </>
  );
}
