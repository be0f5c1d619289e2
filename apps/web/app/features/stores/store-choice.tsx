import { createContext, lazy, Suspense, useContext, useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import type { DrawerView } from './store-drawer.tsx';
import type { StoreChoice } from './store-model.ts';
import './stores.css';

// Issue 3 (first-load JavaScript): the drawer, the selector and the rule that opens the
// selector by itself are a chunk of their own, asked for while the page hydrates; the header's
// button is in the header's chunk (store-choice-button.tsx).
const StoreChoiceDialogs = lazy(() =>
  import('./store-choice-dialogs.tsx').then((module) => ({
    default: module.StoreChoiceDialogs,
  })),
);

type StoreChoiceContextValue = {
  choice: StoreChoice;
  drawerOpen: boolean;
  openDrawer: () => void;
  /** The header's store button, where focus lands after a store is chosen (issue 22). */
  storeButtonRef: RefObject<HTMLButtonElement | null>;
};

const StoreChoiceContext = createContext<StoreChoiceContextValue | null>(null);

export function useStoreChoiceContext(): StoreChoiceContextValue {
  const context = useContext(StoreChoiceContext);
  if (!context) throw new Error('Store choice components must be inside <StoreChoiceProvider>');
  return context;
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
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerView, setDrawerView] = useState<DrawerView>({ kind: 'list' });
  const [selectorOpen, setSelectorOpen] = useState(false);
  const chosenId = choice.chosen?.id ?? null;
  const storeButtonRef = useRef<HTMLButtonElement>(null);

  const value = useMemo(
    () => ({
      choice,
      drawerOpen,
      openDrawer: () => {
        // Spec §4: a chosen store opens in the store view, otherwise the list.
        setDrawerView(chosenId === null ? { kind: 'list' } : { kind: 'store', id: chosenId });
        setDrawerOpen(true);
      },
      storeButtonRef,
    }),
    [choice, drawerOpen, chosenId],
  );

  return (
    <StoreChoiceContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        <StoreChoiceDialogs
          choice={choice}
          drawerOpen={drawerOpen}
          onDrawerOpenChange={setDrawerOpen}
          drawerView={drawerView}
          onDrawerViewChange={setDrawerView}
          selectorOpen={selectorOpen}
          onSelectorOpenChange={setSelectorOpen}
          storeButtonRef={storeButtonRef}
        />
      </Suspense>
    </StoreChoiceContext.Provider>
  );
}
