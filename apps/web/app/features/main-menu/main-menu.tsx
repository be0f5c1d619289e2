import { useEffect, useState } from 'react';
import { usePanel } from '~/components/layout/open-panel.tsx';
import { MenuIcon } from '~/components/ui/icons.tsx';
import { NavigationMenuRoot } from '~/components/ui/navigation-menu.tsx';
import { MegaMenuList } from './mega-menu.tsx';
import { MenuDrawer } from './menu-drawer.tsx';
import type { MenuNode } from './menu-tree.ts';
import './main-menu.css';

/** Spec §9: menu hover delay 60 ms. */
const HOVER_DELAY_MS = 60;
const DESKTOP_QUERY = '(min-width: 901px)';

/**
 * The main menu: a mega menu bar above 900 px and a drill-down drawer at 900 px or less
 * (opened by <MenuButton>). Both are panels of the header, so opening either closes search.
 */
export function MainMenu({ root }: { root: MenuNode }) {
  const mega = usePanel('main-menu');
  const drawer = usePanel('menu-drawer');
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

  return (
    <>
      <NavigationMenuRoot
        className="mega-menu"
        aria-label="Huvudmeny"
        delayDuration={HOVER_DELAY_MS}
        value={mega.isOpen ? megaValue : ''}
        onValueChange={(value) => {
          if (value) setMegaValue(value);
          mega.setOpen(value !== '');
        }}
      >
        <div className="container mega-menu__bar">
          <MegaMenuList root={root} onClose={() => mega.setOpen(false)} />
        </div>
      </NavigationMenuRoot>
      <MenuDrawer
        root={root}
        open={drawer.isOpen}
        onOpenChange={(open) => {
          // Every way of closing starts the next visit at the top level again.
          if (!open) setTrail([]);
          drawer.setOpen(open);
        }}
        trail={trail}
        onTrailChange={setTrail}
      />
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
