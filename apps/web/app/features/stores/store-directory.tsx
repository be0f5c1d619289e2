import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigate, useNavigation } from 'react-router';
import {
  LOADING_INDICATOR_DELAY_MS,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  SEARCH_DEBOUNCE_MS,
} from '@bygg/domain/limits';
import { formatPostcode } from '@bygg/domain/postcode';
import { usePaths } from '~/lib/paths.ts';
import type { MapTiles } from './map-projection.ts';
import { splitCentral } from './regions.ts';
import { NearestStores, RegionGroups, StoreListEntry } from './store-list.tsx';
import { StoreMap } from './store-map.tsx';
import type { StoreSummary } from './store-model.ts';
import type { StoreSearchMode } from './store-search.ts';
import {
  MAX_STORE_QUERY_LENGTH,
  nearestStoresHeading,
  NO_STORES_FOUND,
  STORES_UNAVAILABLE,
} from './store-search.ts';
import { useDelayedIndicator } from './use-store-search.ts';
import './stores.css';

type StoreDirectoryProps = {
  query: string;
  mode: StoreSearchMode;
  /** null when the stores could not be loaded. */
  stores: StoreSummary[] | null;
  /** Issue 22: the searched town has no store; `stores` are the nearest to it. */
  nearestTo: string | null;
  chosenId: number | null;
  tiles: MapTiles | null;
};

function searchPath(listPath: string, text: string): string {
  const q = text.trim();
  return q ? `${listPath}?${new URLSearchParams({ q }).toString()}` : listPath;
}

/**
 * The search box of the store list: a GET form to /butiker?q= (works without JavaScript);
 * with JavaScript the list follows the typing, 300 ms after the last key (spec §5), and the
 * URL stays the source of truth.
 */
function StoreSearchForm({ query }: { query: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // /butiker, or /foretag/butiker and /privat/butiker in a mode.
  const listPath = usePaths().stores();
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  // Back and forward change the query without typing: the box follows the URL.
  if (query !== shownQuery) {
    setShownQuery(query);
    if (query !== text.trim()) setText(query);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pending =
    navigation.state === 'loading' && navigation.location.pathname === listPath
      ? navigation.location.search
      : null;
  const showSpinner = useDelayedIndicator(pending, LOADING_INDICATOR_DELAY_MS);

  return (
    <Form method="get" action={listPath} role="search" className="store-search store-search--page">
      <label className="store-search__label" htmlFor="store-search-input">
        Hitta butik
      </label>
      <div className="store-search__row">
        <input
          id="store-search-input"
          className="store-search__input"
          type="search"
          name="q"
          maxLength={MAX_STORE_QUERY_LENGTH}
          placeholder="Sök på butik, ort, adress eller postnummer"
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              void navigate(searchPath(listPath, value), {
                replace: true,
                preventScrollReset: true,
              });
            }, SEARCH_DEBOUNCE_MS);
          }}
        />
        <button type="submit" className="button button--primary store-search__submit">
          Sök
        </button>
      </div>
      <p className="store-search__status" role="status">
        {showSpinner ? (
          <>
            <span className="spinner" aria-hidden="true" />
            Söker …
          </>
        ) : null}
      </p>
    </Form>
  );
}

function resultHeading(
  mode: StoreSearchMode,
  query: string,
  count: number,
  nearestTo: string | null,
): string {
  if (mode === 'postcode') return `Närmaste butikerna till ${formatPostcode(query)}`;
  if (nearestTo) return nearestStoresHeading(nearestTo);
  if (mode === 'text') return `${count} ${count === 1 ? 'butik' : 'butiker'} för ”${query.trim()}”`;
  return 'Alla butiker';
}

/** /butiker: search, the stores by region (or nearest first for a postcode), the map. */
export function StoreDirectory({
  query,
  mode,
  stores,
  nearestTo,
  chosenId,
  tiles,
}: StoreDirectoryProps) {
  const nearest = mode === 'postcode' || nearestTo !== null;
  const { central, local } = splitCentral(stores ?? []);
  const paths = usePaths();
  const renderStore = (store: StoreSummary) => (
    <Link className="store-entry store-entry--link" to={paths.store(store.slug)}>
      <StoreListEntry store={store} />
      {store.id === chosenId ? <span className="store-entry__badge">Din butik</span> : null}
    </Link>
  );
  return (
    <div className="container store-directory">
      <header className="store-directory__header">
        <h1>Butiker</h1>
        <p className="store-directory__lead">
          Hitta din närmaste butik, se öppettider och välj den som din butik.
        </p>
        <StoreSearchForm query={query} />
      </header>
      {stores === null ? (
        <p className="store-directory__error" role="alert">
          {STORES_UNAVAILABLE}
        </p>
      ) : (
        <div className="store-directory__grid">
          <section className="store-directory__results" aria-labelledby="store-results-heading">
            <h2 id="store-results-heading" className="store-directory__heading">
              {resultHeading(mode, query, local.length, nearestTo)}
            </h2>
            {local.length === 0 ? <p>{NO_STORES_FOUND}</p> : null}
            {local.length > 0 && nearest ? (
              <>
                <NearestStores stores={local} renderStore={renderStore} />
                <p className="store-directory__more">
                  <Link to={paths.stores()}>Visa alla butiker</Link>
                </p>
              </>
            ) : null}
            {local.length > 0 && !nearest ? (
              <RegionGroups stores={local} open={mode === 'text'} renderStore={renderStore} />
            ) : null}
            {central && !nearest ? (
              <section className="store-directory__central" aria-labelledby="central-store-heading">
                <h2 id="central-store-heading" className="store-directory__heading">
                  Rikslager
                </h2>
                <p>Vårt rikslager levererar till hela Sverige, oavsett var du bor.</p>
                {renderStore(central)}
              </section>
            ) : null}
          </section>
          <div className="store-directory__map">
            <StoreMap
              label="Karta över butikerna"
              markers={local.map((store) => ({
                id: store.id,
                lat: store.location.lat,
                lon: store.location.lon,
                label: store.name,
                href: paths.store(store.slug),
                highlighted: store.id === chosenId,
              }))}
              tiles={tiles}
              view={mode === 'all' ? { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM } : 'fit'}
              size="overview"
            />
          </div>
        </div>
      )}
    </div>
  );
}
