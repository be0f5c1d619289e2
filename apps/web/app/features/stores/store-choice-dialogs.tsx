import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { SELECTOR_SHOWN_KEY, shouldAutoOpenSelector } from './auto-open.ts';
import type { DrawerView } from './store-drawer.tsx';
import type { StoreChoice } from './store-model.ts';

// The drawer and the selector start closed and are chunks of their own, loaded while the
// page hydrates.
const StoreDrawer = lazy(() =>
  import('./store-drawer.tsx').then((module) => ({ default: module.StoreDrawer })),
);
const StoreSelector = lazy(() =>
  import('./store-selector.tsx').then((module) => ({ default: module.StoreSelector })),
);

/** After the load event, so the page is whole (and readable) before the dialog covers it. */
const AUTO_OPEN_DELAY_MS = 300;

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

type StoreChoiceDialogsProps = {
  choice: StoreChoice;
  drawerOpen: boolean;
  onDrawerOpenChange: (open: boolean) => void;
  drawerView: DrawerView;
  onDrawerViewChange: (view: DrawerView) => void;
  selectorOpen: boolean;
  onSelectorOpenChange: (open: boolean) => void;
};

/**
 * The store drawer and the store selector modal of <StoreChoiceProvider>, and the rule that
 * opens the selector by itself once per session where spec §2 allows. A chunk of its own
 * (issue 3): neither is open when a page is first shown.
 */
export function StoreChoiceDialogs({
  choice,
  drawerOpen,
  onDrawerOpenChange,
  drawerView,
  onDrawerViewChange,
  selectorOpen,
  onSelectorOpenChange,
}: StoreChoiceDialogsProps) {
  const { pathname } = useLocation();

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
        onSelectorOpenChange(true);
      }, AUTO_OPEN_DELAY_MS);
    };
    if (document.readyState === 'complete') open();
    else window.addEventListener('load', open, { once: true });
    return () => {
      window.removeEventListener('load', open);
      clearTimeout(timer);
    };
  }, [choice.selectorEnabled, choice.consentGiven, pathname, onSelectorOpenChange]);

  return (
    <Suspense fallback={null}>
      <StoreDrawer
        open={drawerOpen}
        onOpenChange={onDrawerOpenChange}
        view={drawerView}
        onViewChange={onDrawerViewChange}
        chosen={choice.chosen}
        today={choice.today}
        tiles={choice.mapTiles}
      />
      {choice.selectorEnabled ? (
        <StoreSelector open={selectorOpen} onOpenChange={onSelectorOpenChange} />
      ) : null}
    </Suspense>
  );
}
