import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { STORE_DRAWER_QUERY_COUNT, STORE_SELECTOR_RESULTS } from '@bygg/domain/limits';
import { Drawer } from '~/components/ui/drawer.tsx';
import { ArrowLeftIcon } from '~/components/ui/icons/arrow-left-icon.tsx';
import { usePaths } from '~/lib/paths.ts';
import { ChooseStoreForm } from './choose-store-form.tsx';
import type { MapTiles } from './map-projection.ts';
import { OpeningHoursTable } from './opening-hours-table.tsx';
import { splitCentral } from './regions.ts';
import { StoreAddress, StoreContactLinks } from './store-details.tsx';
import { NearestStores, RegionGroups, StoreListEntry } from './store-list.tsx';
import { StoreMap } from './store-map.tsx';
import type { StoreDetail, StoreSummary } from './store-model.ts';
import {
  nearestStoresHeading,
  NO_STORES_FOUND,
  STORES_UNAVAILABLE,
  storeSearchMode,
} from './store-search.ts';
import { fetchStoreDetail } from './stores-client.ts';
import { stockingFirst, useStockingStores } from './stocking-stores.ts';
import { useStoreSearch } from './use-store-search.ts';

/** Spec §4 wording of the two in-stock levels. */
const STOCK_TEXT = { HIGH_IN_STOCK: 'I lager', LOW_IN_STOCK: 'Färre än 10 st' } as const;

export const DRAWER_TITLE_CHOSEN = 'Min butik';
export const DRAWER_TITLE_CHOOSE = 'Välj din butik';

/** Spec §4: the drawer shows the list of stores or one store. */
export type DrawerView =
  /** `focusSearch`: arriving from a store view, the search box takes the focus. */
  { kind: 'list'; focusSearch?: boolean } | { kind: 'store'; id: number };

type StoreDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  view: DrawerView;
  onViewChange: (view: DrawerView) => void;
  chosen: StoreDetail | null;
  today: string;
  tiles: MapTiles | null;
  /** Focus goes here on closing when nothing had it as the drawer opened. */
  storeButtonRef?: RefObject<HTMLElement | null>;
};

/**
 * The store drawer from the right (spec §2): 'Min butik' with the chosen store, 'Välj din
 * butik' without one. The list view searches all stores; the store view shows one store.
 */
export function StoreDrawer({
  open,
  onOpenChange,
  view,
  onViewChange,
  chosen,
  today,
  tiles,
  storeButtonRef,
}: StoreDrawerProps) {
  const showBack = view.kind === 'store' && view.id !== chosen?.id;
  // Issue 22: the drawer opens at its search box (list view) or the store's name (store view),
  // not at 'Stäng'.
  const focusRef = useRef<HTMLElement | null>(null);
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      initialFocus={focusRef}
      finalFocus={storeButtonRef}
      title={chosen ? DRAWER_TITLE_CHOSEN : DRAWER_TITLE_CHOOSE}
      headerStart={
        showBack ? (
          <button
            type="button"
            className="icon-button"
            aria-label="Tillbaka till butikerna"
            onClick={() => onViewChange({ kind: 'list', focusSearch: true })}
          >
            <ArrowLeftIcon />
          </button>
        ) : null
      }
    >
      {view.kind === 'store' ? (
        <StoreView
          id={view.id}
          chosen={chosen}
          today={today}
          tiles={tiles}
          headingRef={focusRef}
          onChangeStore={() => onViewChange({ kind: 'list', focusSearch: true })}
          onClose={() => onOpenChange(false)}
        />
      ) : (
        <StoreListView
          open={open}
          focusSearch={view.focusSearch ?? false}
          searchRef={focusRef}
          onSelect={(store) => onViewChange({ kind: 'store', id: store.id })}
        />
      )}
    </Drawer>
  );
}

function StoreListView({
  open,
  focusSearch,
  searchRef,
  onSelect,
}: {
  open: boolean;
  focusSearch: boolean;
  searchRef: RefObject<HTMLElement | null>;
  onSelect: (store: StoreSummary) => void;
}) {
  // On a product page the stores that have it in stock come first (spec §2).
  const stocking = useStockingStores(open);
  const [query, setQuery] = useState('');
  const search = useStoreSearch(query, {
    count: STORE_DRAWER_QUERY_COUNT,
    enabled: true,
    emptyMeansAll: true,
  });
  const inputId = useId();
  const nearestTo = search.nearestTo;
  // A postcode, or a town without a store (issue 22): the nearest stores, in order.
  const mode = nearestTo ? 'postcode' : storeSearchMode(search.answeredQuery ?? '');
  const { central, local } = splitCentral(search.stores ?? []);
  const renderStore = (store: StoreSummary) => (
    <button
      type="button"
      className="store-entry store-entry--button"
      onClick={() => onSelect(store)}
    >
      <StoreListEntry store={store} />
    </button>
  );
  return (
    <div className="store-drawer">
      <form role="search" className="store-search" onSubmit={(event) => event.preventDefault()}>
        <label className="visually-hidden" htmlFor={inputId}>
          Sök butik
        </label>
        <input
          ref={(element) => {
            searchRef.current = element;
          }}
          id={inputId}
          className="store-search__input"
          type="search"
          placeholder="Sök på butik, ort, adress eller postnummer"
          // Only after the visitor left a store view: the control they used is gone.
          autoFocus={focusSearch}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
      <p className="store-search__status" role="status">
        {search.showSpinner ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Söker …
          </>
        ) : search.failed ? (
          STORES_UNAVAILABLE
        ) : search.stores && search.stores.length === 0 ? (
          NO_STORES_FOUND
        ) : null}
      </p>
      {search.stores && mode !== 'postcode' ? (
        <StockingStoresSection entries={stockingFirst(stocking, local)} renderStore={renderStore} />
      ) : null}
      {search.stores && local.length > 0 ? (
        nearestTo ? (
          <section className="store-drawer__nearest" aria-labelledby={`${inputId}-nearest`}>
            <h3 id={`${inputId}-nearest`} className="store-drawer__section-heading">
              {nearestStoresHeading(nearestTo)}
            </h3>
            <NearestStores
              stores={local.slice(0, STORE_SELECTOR_RESULTS)}
              renderStore={renderStore}
            />
          </section>
        ) : mode === 'postcode' ? (
          <NearestStores stores={local} renderStore={renderStore} />
        ) : (
          <RegionGroups stores={local} open={mode === 'text'} renderStore={renderStore} />
        )
      ) : null}
      {central && mode !== 'postcode' ? (
        <section className="store-drawer__central" aria-label="Rikslager">
          <p className="store-drawer__central-note">Rikslager – levererar till hela Sverige</p>
          {renderStore(central)}
        </section>
      ) : null}
    </div>
  );
}

function StockingStoresSection({
  entries,
  renderStore,
}: {
  entries: ReturnType<typeof stockingFirst>;
  renderStore: (store: StoreSummary) => ReactNode;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="store-drawer__stocking" aria-labelledby="store-drawer-stocking">
      <h3 id="store-drawer-stocking" className="store-drawer__section-heading">
        Butiker med varan i lager
      </h3>
      <ul className="store-list">
        {entries.map(({ store, status }) => (
          <li key={store.id} className="store-list__item store-list__item--stocking">
            {renderStore(store)}
            <span
              className={`store-drawer__stock store-drawer__stock--${status === 'HIGH_IN_STOCK' ? 'high' : 'low'}`}
            >
              {STOCK_TEXT[status as keyof typeof STOCK_TEXT]}
            </span>
          </li>
        ))}
      </ul>
      <h3 className="store-drawer__section-heading">Alla butiker</h3>
    </section>
  );
}

type DetailState =
  | { id: number; status: 'loaded'; store: StoreDetail; today: string }
  | { id: number; status: 'failed' };

function StoreView({
  id,
  chosen,
  today,
  tiles,
  headingRef,
  onChangeStore,
  onClose,
}: {
  id: number;
  chosen: StoreDetail | null;
  today: string;
  tiles: MapTiles | null;
  headingRef: RefObject<HTMLElement | null>;
  onChangeStore: () => void;
  onClose: () => void;
}) {
  const [detail, setDetail] = useState<DetailState | null>(null);
  const paths = usePaths();
  const isChosen = chosen?.id === id;

  useEffect(() => {
    if (isChosen) return;
    const controller = new AbortController();
    fetchStoreDetail(id, controller.signal).then(
      (reply) => setDetail({ id, status: 'loaded', store: reply.store, today: reply.today }),
      () => {
        if (!controller.signal.aborted) setDetail({ id, status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [id, isChosen]);

  const loaded = detail?.id === id && detail.status === 'loaded' ? detail : null;
  const store = isChosen ? chosen : (loaded?.store ?? null);
  const storeToday = isChosen ? today : (loaded?.today ?? today);

  // Moving from the list to a store puts the reader at the store's name.
  useEffect(() => {
    if (store && !isChosen) headingRef.current?.focus();
  }, [store, isChosen, headingRef]);

  if (!store) {
    return (
      <p className="store-drawer__status" role="status">
        {detail?.id === id && detail.status === 'failed' ? (
          STORES_UNAVAILABLE
        ) : (
          <>
            <span className="spinner" aria-hidden="true" />
            Hämtar butiken …
          </>
        )}
      </p>
    );
  }
  return (
    <article className="store-drawer store-view" aria-labelledby={`store-view-${store.id}`}>
      <h3
        id={`store-view-${store.id}`}
        className="store-view__name"
        ref={(element) => {
          headingRef.current = element;
        }}
        tabIndex={-1}
      >
        {store.name}
      </h3>
      {isChosen ? <p className="store-view__badge">Din valda butik</p> : null}
      <StoreAddress store={store} />
      <StoreMap
        label={`Karta: ${store.name}`}
        markers={[
          {
            id: store.id,
            lat: store.location.lat,
            lon: store.location.lon,
            label: store.name,
            href: paths.store(store.slug),
            highlighted: true,
          },
        ]}
        tiles={tiles}
        view={{ center: store.location, zoom: 12 }}
        size="compact"
      />
      <h4 className="store-view__heading">Öppettider</h4>
      <OpeningHoursTable
        hours={store.hours}
        today={storeToday}
        maxSpecialDays={3}
        headingLevel={5}
      />
      <h4 className="store-view__heading">Kontakt</h4>
      <StoreContactLinks store={store} />
      <div className="store-view__actions">
        <Link className="button button--primary" to={paths.store(store.slug)} onClick={onClose}>
          Gå till butikens sida
        </Link>
        {isChosen ? (
          <button type="button" className="button button--secondary" onClick={onChangeStore}>
            Byt butik
          </button>
        ) : (
          <ChooseStoreForm
            storeId={store.id}
            className="button button--secondary"
            onSubmit={onClose}
          >
            Välj som min butik
          </ChooseStoreForm>
        )}
      </div>
    </article>
  );
}
