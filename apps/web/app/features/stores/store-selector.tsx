import { useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { STORE_SELECTOR_QUERY_COUNT, STORE_SELECTOR_RESULTS } from '@bygg/domain/limits';
import { Modal } from '~/components/ui/modal.tsx';
import { loginPath } from '~/lib/paths.ts';
import { ChooseStoreForm } from './choose-store-form.tsx';
import { StoreListEntry } from './store-list.tsx';
import type { StoreSummary } from './store-model.ts';
import { nearestStoresHeading, NO_STORES_FOUND, STORES_UNAVAILABLE } from './store-search.ts';
import { currentPosition, fetchClosestStore } from './stores-client.ts';
import { useStoreSearch } from './use-store-search.ts';

export const SELECTOR_TITLE = 'Välj butik';

type PositionSearch =
  | { status: 'idle' }
  | { status: 'locating' }
  | { status: 'done'; stores: StoreSummary[] }
  | { status: 'failed'; message: string };

function positionErrorMessage(error: unknown): string {
  // GeolocationPositionError.PERMISSION_DENIED is 1.
  if (typeof error === 'object' && error !== null && 'code' in error && error.code === 1) {
    return 'Du har inte gett webbplatsen tillgång till din position. Sök på postnummer i stället.';
  }
  return 'Vi kunde inte hitta din position. Sök på postnummer i stället.';
}

type StoreSelectorProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes here when the selector, opened by itself, closes (issue 22). */
  storeButtonRef?: RefObject<HTMLElement | null>;
};

/**
 * The store selector modal (spec §2): postcode search, the nearest store by the browser's
 * position, at most five answers, each with a choose button and, where the store has trade
 * accounts, the proffs login link; and the selector's own proffs login link (spec §2), for a
 * trade customer whose stores come with the account.
 */
export function StoreSelector({ open, onOpenChange, storeButtonRef }: StoreSelectorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [position, setPosition] = useState<PositionSearch>({ status: 'idle' });
  const typed = query.trim() !== '';
  const search = useStoreSearch(query, {
    count: STORE_SELECTOR_QUERY_COUNT,
    enabled: open && typed,
    emptyMeansAll: false,
  });
  const resultsId = useId();

  const locate = async () => {
    setQuery('');
    setPosition({ status: 'locating' });
    try {
      const coordinates = await currentPosition().catch((error: unknown) => {
        throw new Error(positionErrorMessage(error));
      });
      const stores = await fetchClosestStore(coordinates).catch(() => {
        throw new Error(STORES_UNAVAILABLE);
      });
      setPosition({ status: 'done', stores });
    } catch (error) {
      setPosition({
        status: 'failed',
        message: error instanceof Error ? error.message : STORES_UNAVAILABLE,
      });
    }
  };

  let stores: StoreSummary[] | null = null;
  let message: string | null = null;
  if (typed) {
    // The previous answer stays while the next one loads.
    if (search.failed) message = STORES_UNAVAILABLE;
    else stores = search.stores;
  } else if (position.status === 'done') {
    stores = position.stores;
  } else if (position.status === 'failed') {
    message = position.message;
  }
  const shown = stores?.slice(0, STORE_SELECTOR_RESULTS) ?? null;
  const close = () => onOpenChange(false);

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={SELECTOR_TITLE}
      description="Välj din butik för att se priser och lagersaldo där."
      initialFocus={inputRef}
      finalFocus={storeButtonRef}
    >
      <form role="search" className="store-search" onSubmit={(event) => event.preventDefault()}>
        <label className="visually-hidden" htmlFor={`${resultsId}-input`}>
          Postnummer eller ort
        </label>
        <input
          ref={inputRef}
          id={`${resultsId}-input`}
          className="store-search__input"
          type="search"
          inputMode="search"
          autoComplete="postal-code"
          placeholder="Sök efter postnummer"
          value={query}
          aria-controls={resultsId}
          onChange={(event) => {
            setQuery(event.target.value);
            setPosition({ status: 'idle' });
          }}
        />
      </form>
      <button
        type="button"
        className="button button--secondary button--block store-selector__position"
        onClick={() => void locate()}
        disabled={position.status === 'locating'}
      >
        <PositionIcon />
        Använd min position
      </button>
      <div id={resultsId} className="store-selector__results">
        <p className="store-search__status" role="status">
          {search.showSpinner || position.status === 'locating' ? (
            <>
              <span className="spinner" aria-hidden="true" />
              {position.status === 'locating' ? 'Letar efter din närmaste butik …' : 'Söker …'}
            </>
          ) : message ? (
            message
          ) : shown && shown.length === 0 ? (
            NO_STORES_FOUND
          ) : typed && search.nearestTo && shown ? (
            nearestStoresHeading(search.nearestTo)
          ) : null}
        </p>
        {shown && shown.length > 0 ? (
          <ul className="store-selector__list" aria-label="Butiker">
            {shown.map((store) => (
              <li key={store.id} className="store-selector__item">
                <div className="store-entry" id={`${resultsId}-store-${store.id}`}>
                  <StoreListEntry store={store} />
                </div>
                <div className="store-selector__actions">
                  <ChooseStoreForm storeId={store.id} onSubmit={close}>
                    Välj <span className="visually-hidden">{store.name}</span>
                  </ChooseStoreForm>
                  {store.proffsEnabled ? (
                    <Link
                      className="store-selector__proffs"
                      to={loginPath()}
                      aria-describedby={`${resultsId}-store-${store.id}`}
                      onClick={close}
                    >
                      Logga in som proffs
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="store-selector__login">
        Är du proffskund?{' '}
        <Link to={loginPath()} onClick={close}>
          Logga in som proffs
        </Link>
      </p>
    </Modal>
  );
}

function PositionIcon() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
    </svg>
  );
}
