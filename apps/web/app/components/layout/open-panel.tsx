import { createContext, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Spec §4: the main menu, search panel and mini cart are each open or closed, and opening
 * one closes the other (menu or cart closes search; search closes the menu). One value for
 * "which panel is open" makes that true by construction.
 */
export type Panel =
  /** The desktop mega menu. */
  | 'main-menu'
  /** The ≤ 900 px main menu drawer: the same menu, so it also closes search. */
  | 'menu-drawer'
  | 'search'
  | 'mini-cart';

type OpenPanelState = {
  openPanel: Panel | null;
  setOpenPanel: (panel: Panel | null) => void;
};

const OpenPanelContext = createContext<OpenPanelState | null>(null);

export function OpenPanelProvider({ children }: { children: ReactNode }) {
  const [openPanel, setOpenPanel] = useState<Panel | null>(null);
  const value = useMemo(() => ({ openPanel, setOpenPanel }), [openPanel]);
  return <OpenPanelContext.Provider value={value}>{children}</OpenPanelContext.Provider>;
}

/** Open state of one panel; closing it leaves another panel that opened since alone. */
export function usePanel(panel: Panel) {
  const context = useContext(OpenPanelContext);
  if (!context) throw new Error('usePanel must be used inside <OpenPanelProvider>');
  const { openPanel, setOpenPanel } = context;
  return {
    isOpen: openPanel === panel,
    setOpen: (open: boolean) => {
      if (open) setOpenPanel(panel);
      else if (openPanel === panel) setOpenPanel(null);
    },
  };
}
