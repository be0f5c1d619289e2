import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef } from 'react';
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from '~/components/ui/icons/chevron-down-icon.tsx';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { HOVER_DELAY_MS } from './menu-tree.ts';
import type { MenuNode } from './menu-tree.ts';
import type { Assortment } from './use-assortment.ts';

// Issue 3 (first-load JavaScript): the panels' contents are a chunk of their own, asked for
// when a trigger is first hovered or focused. The bar itself is not: its buttons must answer
// a click as soon as the page is interactive, and a panel opened before its chunk is there
// shows a short 'Laddar menyn…' instead.
const loadPanel = () => import('./mega-panel.tsx');
const MegaPanel = lazy(() => loadPanel().then((module) => ({ default: module.MegaPanel })));

type MegaMenuListProps = { root: MenuNode; assortment: Assortment; onClose: () => void };

/** Time to cross a gap or graze the edge without the panel closing under the pointer. */
const LEAVE_DELAY_MS = 150;
/** A click this soon after hovering opened the panel means "open", not "close again". */
const CLICK_AFTER_HOVER_MS = 500;

type MegaMenuProps = MegaMenuListProps & {
  /** The open item's id, '' when closed. */
  value: string;
  onValueChange: (value: string) => void;
};

/**
 * The desktop bar with its panels: the WAI-ARIA disclosure navigation pattern, written here
 * instead of taken from a library because it is on every page (issue 3, ADR 015). Triggers
 * are buttons with aria-expanded and aria-controls; a panel follows its trigger in the DOM,
 * so Tab walks into it. Escape closes and returns focus to the trigger, so do a click or
 * focus outside. Before hydration the triggers are plain links to their pages, so a click
 * that comes early is never lost.
 */
export function MegaMenu({ root, assortment, onClose, value, onValueChange }: MegaMenuProps) {
  const navRef = useRef<HTMLElement>(null);
  const close = useEffectEvent(() => onValueChange(''));

  useEffect(() => {
    if (!value) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const nav = navRef.current;
      // Focus goes back to the trigger only when it was in the menu (not when the panel was
      // just hovered open while typing elsewhere).
      const focusWasInside = nav?.contains(document.activeElement) ?? false;
      close();
      if (focusWasInside) nav?.querySelector<HTMLElement>(`[data-menu-value="${value}"]`)?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [value]);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    // relatedTarget is null when the window loses focus; the panel stays for the return.
    const next = event.relatedTarget;
    if (value && next instanceof Node && !event.currentTarget.contains(next)) onValueChange('');
  };

  // Any link followed from the bar or a panel ends the visit to the menu.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (value && (event.target as Element).closest('a')) onValueChange('');
  };

  return (
    <nav
      ref={navRef}
      className="mega-menu"
      aria-label="Huvudmeny"
      onBlur={onBlur}
      onClick={onClick}
    >
      <div className="container mega-menu__bar">
        <MegaMenuList
          root={root}
          assortment={assortment}
          onClose={onClose}
          value={value}
          onValueChange={onValueChange}
        />
      </div>
    </nav>
  );
}

/** ArrowLeft / ArrowRight move between the entries of the bar (optional in the pattern). */
function moveAlongBar(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const entries = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(':scope > li > :is(a, button)'),
  ];
  const at = entries.indexOf(event.target as HTMLElement);
  if (at < 0) return;
  event.preventDefault();
  const step = event.key === 'ArrowRight' ? 1 : -1;
  entries[(at + step + entries.length) % entries.length]?.focus();
}

/**
 * Hover intent for one bar entry: the panel opens after HOVER_DELAY_MS over the entry and
 * closes LEAVE_DELAY_MS after the pointer has left both trigger and panel (the panel is
 * inside the entry's <li>, so moving onto it is no leave).
 */
function useHoverIntent(id: string, isOpen: boolean, onValueChange: (value: string) => void) {
  // The leave timer must not close a neighbour the pointer has opened since.
  const isOpenNow = useRef(isOpen);
  useEffect(() => {
    isOpenNow.current = isOpen;
  }, [isOpen]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHoverAt = useRef(0);
  // After a click closed the panel, hovering on does not open it again until the pointer
  // has left the entry.
  const clickClosed = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    onPointerEnter(event: PointerEvent) {
      if (event.pointerType !== 'mouse' || clickClosed.current) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (!isOpenNow.current) openedByHoverAt.current = Date.now();
        onValueChange(id);
      }, HOVER_DELAY_MS);
    },
    onPointerLeave(event: PointerEvent) {
      if (event.pointerType !== 'mouse') return;
      clickClosed.current = false;
      clearTimeout(timer.current);
      if (!isOpen) return;
      timer.current = setTimeout(() => {
        if (isOpenNow.current) onValueChange('');
      }, LEAVE_DELAY_MS);
    },
    onClick() {
      clearTimeout(timer.current);
      if (!isOpen) {
        onValueChange(id);
      } else if (Date.now() - openedByHoverAt.current > CLICK_AFTER_HOVER_MS) {
        clickClosed.current = true;
        onValueChange('');
      }
    },
  };
}

type BarItemProps = {
  item: MenuNode;
  assortment: Assortment;
  onClose: () => void;
  isOpen: boolean;
  onValueChange: (value: string) => void;
};

function BarItem({ item, assortment, onClose, isOpen, onValueChange }: BarItemProps) {
  const panelId = useId();
  const hydrated = useHydrated();
  const hover = useHoverIntent(item.id, isOpen, onValueChange);
  // Hovering or focusing a trigger is the sign a panel is wanted: fetch its code (and the
  // category tree, when the page came without it) before the click.
  const prepare = () => {
    void loadPanel();
    if (item.deferred) assortment.load();
  };
  if (!hydrated) {
    // Without JavaScript (and until hydration) the entry is the link to its own page.
    return (
      <li>
        <Link className="mega-menu__link" to={item.href} data-djedi-node={item.node}>
          {item.name}
        </Link>
      </li>
    );
  }
  return (
    <li
      onPointerEnter={(event) => {
        prepare();
        hover.onPointerEnter(event);
      }}
      onPointerLeave={hover.onPointerLeave}
    >
      <button
        type="button"
        className="mega-menu__trigger"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        data-menu-value={item.id}
        data-djedi-node={item.node}
        onFocus={prepare}
        onClick={hover.onClick}
        onKeyDown={(event) => {
          // ArrowDown on an open trigger goes to the panel's first link or button.
          if (event.key !== 'ArrowDown' || !isOpen) return;
          event.preventDefault();
          document.getElementById(panelId)?.querySelector<HTMLElement>('a, button')?.focus();
        }}
      >
        {item.name}
        <ChevronDownIcon className="mega-menu__chevron" size={18} />
      </button>
      {isOpen ? (
        <div id={panelId} className="mega-panel">
          <Suspense
            fallback={
              <p className="menu-status" role="status">
                Laddar menyn…
              </p>
            }
          >
            <MegaPanel item={item} assortment={assortment} onClose={onClose} />
          </Suspense>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Desktop (> 900 px) bar of the main menu; items with children open a mega panel. The
 * assortment's tree is fetched when its trigger is first hovered or focused (issue 3).
 */
export function MegaMenuList({
  root,
  assortment,
  onClose,
  value,
  onValueChange,
}: MegaMenuListProps & Pick<MegaMenuProps, 'value' | 'onValueChange'>) {
  return (
    <div className="mega-menu__anchor">
      <ul className="mega-menu__list" onKeyDown={moveAlongBar}>
        <li>
          <Link className="mega-menu__link" to={root.href}>
            {root.name}
          </Link>
        </li>
        {root.children.map((item) =>
          item.deferred || item.children.length > 0 ? (
            <BarItem
              key={item.id}
              item={item}
              assortment={assortment}
              onClose={onClose}
              isOpen={value === item.id}
              onValueChange={onValueChange}
            />
          ) : (
            <li key={item.id}>
              <Link className="mega-menu__link" to={item.href} data-djedi-node={item.node}>
                {item.name}
              </Link>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
