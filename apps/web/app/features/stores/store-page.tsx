import { Link } from 'react-router';
import { storePaths, usePaths } from '~/lib/paths.ts';
import { ChooseStoreForm } from './choose-store-form.tsx';
import type { MapTiles } from './map-projection.ts';
import { OpeningHoursTable } from './opening-hours-table.tsx';
import { hasContactRoutes, StoreAddress, StoreContactLinks } from './store-details.tsx';
import { StoreMap } from './store-map.tsx';
import type { StoreDetail } from './store-model.ts';
import { jsonForScript, storeStructuredData } from './structured-data.ts';
import './stores.css';

/** Spec §2 store anchors: find-us (also the opening hours) and staff. */
export const FIND_US_ANCHOR = 'hitta-hit';
export const STAFF_ANCHOR = 'personal';

/** A full map elsewhere, for directions: this page's map is deliberately small. */
function openStreetMapUrl({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** Issue 22: directions to the store from wherever the visitor is (they choose the start). */
export function directionsUrl({ lat, lon }: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/directions?to=${lat}%2C${lon}`;
}

/** '57,70887° N, 11,97456° O': WGS84 as Swedish maps write it (decimal comma, O for öst). */
export function formatCoordinates({ lat, lon }: { lat: number; lon: number }): string {
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(5).replace('.', ',')}° ${value >= 0 ? positive : negative}`;
  return `${part(lat, 'N', 'S')}, ${part(lon, 'O', 'V')}`;
}

/**
 * Without map tiles (MAP_TILE_URL unset) the map is only an outline with the store marked,
 * so the page says where the store is in words and numbers and links to a full street map.
 * No street data ships with the project (ADR 036).
 */
function StoreLocation({ store }: { store: StoreDetail }) {
  return (
    <div className="store-page__location">
      <p>
        Butiken ligger på {store.address} i {store.city}, {store.county}.
      </p>
      <dl className="store-page__location-facts">
        <dt>Koordinater</dt>
        <dd>{formatCoordinates(store.location)}</dd>
      </dl>
      <p>
        <a href={openStreetMapUrl(store.location)} target="_blank" rel="noopener noreferrer">
          Visa gatorna runt butiken på en karta
          <span className="visually-hidden"> (OpenStreetMap, öppnas i ny flik)</span>
        </a>
      </p>
    </div>
  );
}

type StorePageProps = {
  store: StoreDetail;
  /** The store's date (YYYY-MM-DD) for upcoming special days. */
  today: string;
  /** This is the visitor's chosen store. */
  isChosen: boolean;
  /** 'Öppet nu · stänger 20:00' as the server read the hours; null for the central store. */
  openNow: string | null;
  tiles: MapTiles | null;
  /** The page's absolute address, for structured data. */
  url: string;
};

export function StorePage({ store, today, isChosen, openNow, tiles, url }: StorePageProps) {
  const paths = usePaths();
  return (
    <div className="container store-page">
      <nav aria-label="Brödsmulor" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.stores()}>Butiker</Link>
          </li>
          <li aria-current="page">{store.name}</li>
        </ol>
      </nav>
      <header className="store-page__header">
        <h1 className="store-page__title">{store.name}</h1>
        {store.isCentral ? (
          <p className="store-page__lead">Rikslager – vi levererar till hela Sverige.</p>
        ) : null}
        <StoreAddress store={store} />
        {openNow ? (
          <p
            className={`store-page__open-now${openNow.startsWith('Öppet') ? ' store-page__open-now--open' : ''}`}
          >
            <a href={`#${FIND_US_ANCHOR}`}>{openNow}</a>
          </p>
        ) : null}
        <div className="store-page__actions">
          {isChosen ? (
            <p className="store-page__chosen" role="status">
              Det här är din butik
            </p>
          ) : (
            <ChooseStoreForm storeId={store.id}>Välj som min butik</ChooseStoreForm>
          )}
          <Link className="button button--secondary" to={storePaths(store.slug).products()}>
            Se butikens sortiment
          </Link>
        </div>
        <nav aria-label="På sidan" className="store-page__anchors">
          <a href={`#${FIND_US_ANCHOR}`}>Hitta hit och öppettider</a>
          <a href={`#${STAFF_ANCHOR}`}>Personal och kontakt</a>
        </nav>
      </header>

      {store.localAssortmentNotice ? (
        <aside className="store-notice" aria-labelledby="store-notice-heading">
          <h2 id="store-notice-heading" className="store-notice__heading">
            Om butikens sortiment
          </h2>
          <p>{store.localAssortmentNotice}</p>
          <p>
            <Link to={paths.storeAssortment(store.slug)}>Varor i butikens eget lager</Link>
          </p>
        </aside>
      ) : null}

      <div className="store-page__grid">
        <section
          id={FIND_US_ANCHOR}
          className="store-page__section store-page__find-us"
          aria-labelledby="find-us-heading"
          tabIndex={-1}
        >
          <h2 id="find-us-heading">Hitta hit</h2>
          <StoreAddress store={store} />
          <StoreMap
            label={`Karta som visar var ${store.name} ligger`}
            markers={[
              {
                id: store.id,
                lat: store.location.lat,
                lon: store.location.lon,
                label: `${store.name}, öppna i OpenStreetMap`,
                href: openStreetMapUrl(store.location),
                highlighted: true,
              },
            ]}
            tiles={tiles}
            view={{ center: store.location, zoom: 13 }}
            size="detail"
          />
          {tiles === null && !store.isCentral ? <StoreLocation store={store} /> : null}
          {store.isCentral ? null : (
            <p className="store-page__directions">
              <a
                className="button button--secondary"
                href={directionsUrl(store.location)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Vägbeskrivning
                <span className="visually-hidden"> till {store.name} (öppnas i ny flik)</span>
              </a>
            </p>
          )}
          <h3 className="store-page__subheading">Öppettider</h3>
          <OpeningHoursTable hours={store.hours} today={today} headingLevel={4} />
        </section>

        <section
          id={STAFF_ANCHOR}
          className="store-page__section"
          aria-labelledby="staff-heading"
          tabIndex={-1}
        >
          <h2 id="staff-heading">Personal</h2>
          {hasContactRoutes(store) ? (
            <>
              <p>
                Personalen i {store.name} hjälper dig gärna med råd, beställningar och offerter. Nå
                oss här:
              </p>
              <StoreContactLinks store={store} />
            </>
          ) : (
            <p>Välkommen in i butiken, så hjälper personalen dig på plats.</p>
          )}
        </section>
      </div>

      <script
        type="application/ld+json"
        // Escaped JSON (jsonForScript): nothing in it can end the script element.
        dangerouslySetInnerHTML={{
          __html: jsonForScript(storeStructuredData(store, { url, today })),
        }}
      />
    </div>
  );
}

/** A store page whose data could not be loaded (the API did not answer). */
export function StoresUnavailable() {
  const paths = usePaths();
  return (
    <section className="store-directory__error" aria-labelledby="stores-unavailable-heading">
      <h1 id="stores-unavailable-heading">Butiken kunde inte visas</h1>
      <p>Vi kunde inte hämta butikerna just nu. Försök igen senare.</p>
      <Link className="button button--primary" to={paths.stores()} reloadDocument>
        Till alla butiker
      </Link>
    </section>
  );
}
