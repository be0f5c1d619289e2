import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { StoreIcon } from '~/components/ui/icons.tsx';
import { SELECTOR_SHOWN_KEY, shouldAutoOpenSelector } from './auto-open.ts';
import type { DrawerView } from './store-drawer.tsx';
import type { StoreChoice } from './store-model.ts';
import './stores.css';

// Issue 3 (first-load JavaScript): the drawer and the selector start closed and are chunks of
// their own, loaded while the page hydrates.
const StoreDrawer = lazy(() =>
  import('./store-drawer.tsx').then((module) => ({ default: module.StoreDrawer })),
);
const StoreSelector = lazy(() =>
  import('./store-selector.tsx').then((module) => ({ default: module.StoreSelector })),
);

type StoreChoiceContextValue = {
  choice: StoreChoice;
  drawerOpen: boolean;
  openDrawer: () => void;
};

/** After the load event, so the page is whole (and readable) before the dialog covers it. */
const AUTO_OPEN_DELAY_MS = 300;

const StoreChoiceContext = createContext<StoreChoiceContextValue | null>(null);

function useStoreChoiceContext(): StoreChoiceContextValue {
  const context = useContext(StoreChoiceContext);
  if (!context) throw new Error('Store choice components must be inside <StoreChoiceProvider>');
  return context;
}

/** sessionStorage can be missing or refuse (private modes): then the selector counts as shown. */
function readShownFlag(): boolean {
  try {
    return window.sessionStorage.getItem(SELECTOR_SHOWN_KEY) === '1';
  } catch {
    return true;
  }
}

function writeShownFlag(): void {
  try {
    window.sessionStorage.setItem(SELECTOR_SHOWN_KEY, '1');
  } catch {
    // Nothing to remember it in: readShownFlag already answers 'shown'.
  }
}

/**
 * The visitor's store across the shell: the header button (StoreButton), the store drawer and
 * the store selector modal, which opens by itself once per session where spec §2 allows.
 */
export function StoreChoiceProvider({
  choice,
  children,
}: {
  choice: StoreChoice;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerView, setDrawerView] = useState<DrawerView>({ kind: 'list' });
  const [selectorOpen, setSelectorOpen] = useState(false);
  const chosenId = choice.chosen?.id ?? null;

  useEffect(() => {
    const wanted = shouldAutoOpenSelector({
      enabled: choice.selectorEnabled,
      consentGiven: choice.consentGiven,
      shownThisSession: readShownFlag(),
      pathname,
    });
    if (!wanted) return;
    // Session storage is only readable in the browser, so this cannot be decided on the
    // server. The dialog opens once the page has loaded: opening it marks the rest of the
    // page aria-hidden, which must not happen to deferred parts still hydrating.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      timer = setTimeout(() => {
        writeShownFlag();
        setSelectorOpen(true);
      }, AUTO_OPEN_DELAY_MS);
    };
    if (document.readyState === 'complete') open();
    else window.addEventListener('load', open, { once: true });
    return () => {
      window.removeEventListener('load', open);
      clearTimeout(timer);
    };
  }, [choice.selectorEnabled, choice.consentGiven, pathname]);

  const value = useMemo(
    () => ({
      choice,
      drawerOpen,
      openDrawer: () => {
        // Spec §4: a chosen store opens in the store view, otherwise the list.
        setDrawerView(chosenId === null ? { kind: 'list' } : { kind: 'store', id: chosenId });
        setDrawerOpen(true);
      },
    }),
    [choice, drawerOpen, chosenId],
  );

  return (
    <StoreChoiceContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        <StoreDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          view={drawerView}
          onViewChange={setDrawerView}
          chosen={choice.chosen}
          today={choice.today}
          tiles={choice.mapTiles}
        />
        {choice.selectorEnabled ? (
          <StoreSelector open={selectorOpen} onOpenChange={setSelectorOpen} />
        ) : null}
      </Suspense>
    </StoreChoiceContext.Provider>
  );
}

/** The header's store button: the chosen store's name, or 'Välj butik'; opens the drawer. */
export function StoreButton() {
  const { choice, drawerOpen, openDrawer } = useStoreChoiceContext();
  const chosen = choice.chosen;
  return (
    <button
      type="button"
      className="store-button"
      aria-haspopup="dialog"
      aria-expanded={drawerOpen}
      onClick={openDrawer}
    >
      <StoreIcon />
      {chosen ? <span className="store-button__dot" aria-hidden="true" /> : null}
      {/* Phones have room for one word only; the full name is in the hidden text. */}
      <span className="store-button__short" aria-hidden="true">
        Butik
      </span>
      {chosen ? (
        <span className="store-button__text">
          <span className="store-button__caption">Min butik</span>{' '}
          <span className="store-button__name">{chosen.name}</span>
        </span>
      ) : (
        <span className="store-button__text">
          <span className="store-button__name">Välj butik</span>
        </span>
      )}
    </button>
  );
}
