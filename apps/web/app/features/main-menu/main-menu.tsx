import { lazy, Suspense, useEffect, useState } from 'react';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { MenuIcon } from '~/components/ui/icons/menu-icon.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { withAssortment } from './menu-tree.ts';
import type { MenuNode } from './menu-tree.ts';
import { useAssortment } from './use-assortment.ts';
import './main-menu.css';

// Issue 3 (first-load JavaScript): the drawer starts closed and is a chunk of its own. The
// desktop bar comes with the header's chunk (ADR 016): until that has hydrated, its entries
// are the links they are before hydration.
const MenuDrawer = lazy(() =>
  import('./menu-drawer.tsx').then((module) => ({ default: module.MenuDrawer })),
);

const DESKTOP_QUERY = '(min-width: 901px)';

/**
 * The main menu: a mega menu bar above 900 px and a drill-down drawer at 900 px or less
 * (opened by <MenuButton>). Both are panels of the header, so opening either closes search.
 * A `deferred` assortment (the page does not carry the category tree, issue 3) is fetched on
 * the first hover, focus or opening of either, once for both.
 */
export function MainMenu({ root: sent }: { root: MenuNode }) {
  const mega = usePanel('main-menu');
  const drawer = usePanel('menu-drawer');
  const assortment = useAssortment();
  const { load } = assortment;
  const root = assortment.status === 'ready' ? withAssortment(sent, assortment.children) : sent;
  const deferred = sent.children.some((item) => item.deferred);
  const [megaValue, setMegaValue] = useState('');
  const [trail, setTrail] = useState<MenuNode[]>([]);
  const closeDrawer = drawer.setOpen;

  // A drawer left open while the window grows past the breakpoint would trap focus behind
  // the desktop bar: close it when the media query flips.
  useEffect(() => {
    if (!drawer.isOpen) return;
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => {
      if (!query.matches) return;
      setTrail([]);
      closeDrawer(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [drawer.isOpen, closeDrawer]);

  // The drawer's first level is short; fetch the tree as soon as it opens.
  useEffect(() => {
    if (drawer.isOpen && deferred) load();
  }, [drawer.isOpen, deferred, load]);

  return (
    <>
      <MegaMenu
        root={root}
        assortment={assortment}
        onClose={() => mega.setOpen(false)}
        value={mega.isOpen ? megaValue : ''}
        onValueChange={(value) => {
          if (value && deferred) load();
          if (value) setMegaValue(value);
          mega.setOpen(value !== '');
        }}
      />
      <Suspense fallback={null}>
        <MenuDrawer
          root={root}
          assortment={assortment}
          open={drawer.isOpen}
          onOpenChange={(open) => {
            // Every way of closing starts the next visit at the top level again.
            if (!open) setTrail([]);
            drawer.setOpen(open);
          }}
          trail={trail}
          onTrailChange={setTrail}
        />
      </Suspense>
    </>
  );
}

/**
 * The hamburger that opens the drawer; shown at 900 px or less, in header and slim bar. The
 * header's copy is the 'Huvudmeny' landmark at that width, where the desktop bar is hidden.
 */
export function MenuButton({ landmark = false }: { landmark?: boolean }) {
  const drawer = usePanel('menu-drawer');
  const button = (
    <button
      type="button"
      className="menu-button"
      aria-haspopup="dialog"
      aria-expanded={drawer.isOpen}
      onClick={() => drawer.setOpen(true)}
    >
      <MenuIcon />
      <span className="menu-button__label">Meny</span>
    </button>
  );
  return landmark ? (
    <nav aria-label="Huvudmeny" className="menu-button-nav">
      {button}
    </nav>
  ) : (
    button
  );
}
