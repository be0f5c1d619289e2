import { lazy, Suspense, useCallback, useEffect } from 'react';
import type { RefObject } from 'react';
import { useLocation } from 'react-router';
import {
  claimForStoreSelector,
  isModalDialogOpen,
  releaseStoreSelector,
} from '~/lib/auto-dialogs.ts';
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
/** Another dialog (consent, a drawer the visitor opened) is open: look again this much later. */
const RETRY_WHILE_OTHER_DIALOG_MS = 1_000;

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
  /** The header's store button: where focus goes when a dialog that opened by itself closes. */
  storeButtonRef: RefObject<HTMLButtonElement | null>;
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
  storeButtonRef,
}: StoreChoiceDialogsProps) {
  const { pathname } = useLocation();
  const storeChosen = choice.chosen !== null;

  useEffect(() => {
    const wanted = shouldAutoOpenSelector({
      enabled: choice.selectorEnabled,
      consentGiven: choice.consentGiven,
      shownThisSession: readShownFlag(),
      storeChosen,
      signedIn: choice.signedIn,
      pathname,
    });
    if (!wanted) return;
    // Session storage is only readable in the browser, so this cannot be decided on the
    // server. The dialog opens once the page has loaded: opening it marks the rest of the
    // page aria-hidden, which must not happen to deferred parts still hydrating. From the
    // decision on, the newsletter modal waits (spec §4), and the selector waits in turn for a
    // dialog already open, so two never stack (issue 22).
    claimForStoreSelector();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryOpen = () => {
      if (isModalDialogOpen()) {
        timer = setTimeout(tryOpen, RETRY_WHILE_OTHER_DIALOG_MS);
        return;
      }
      writeShownFlag();
      onSelectorOpenChange(true);
    };
    const open = () => {
      timer = setTimeout(tryOpen, AUTO_OPEN_DELAY_MS);
    };
    if (document.readyState === 'complete') open();
    else window.addEventListener('load', open, { once: true });
    return () => {
      window.removeEventListener('load', open);
      clearTimeout(timer);
      // Left before it opened (another page): that page decides again.
      if (!readShownFlag()) releaseStoreSelector();
    };
  }, [
    choice.selectorEnabled,
    choice.consentGiven,
    choice.signedIn,
    storeChosen,
    pathname,
    onSelectorOpenChange,
  ]);

  const onSelectorChange = useCallback(
    (open: boolean) => {
      if (!open) releaseStoreSelector();
      onSelectorOpenChange(open);
    },
    [onSelectorOpenChange],
  );

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
        storeButtonRef={storeButtonRef}
      />
      {choice.selectorEnabled ? (
        <StoreSelector
          open={selectorOpen}
          onOpenChange={onSelectorChange}
          storeButtonRef={storeButtonRef}
        />
      ) : null}
    </Suspense>
  );
}
