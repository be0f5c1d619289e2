import { useRef } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { Drawer } from '~/components/ui/drawer.tsx';
import { ArrowLeftIcon } from '~/components/ui/icons/arrow-left-icon.tsx';
import { ChevronRightIcon } from '~/components/ui/icons/chevron-right-icon.tsx';
import { AssortmentState } from './assortment-state.tsx';
import type { MenuNode } from './menu-tree.ts';
import type { Assortment } from './use-assortment.ts';

type MenuDrawerProps = {
  root: MenuNode;
  /** The category tree, fetched on first use when the page did not carry it (issue 3). */
  assortment: Assortment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The nodes drilled into, outermost first; empty at the root level. */
  trail: MenuNode[];
  onTrailChange: (trail: MenuNode[]) => void;
};

export const MENU_DRAWER_TITLE = 'Meny';

/**
 * The ≤ 900 px main menu (spec §2): a drawer from the left that drills down one level at a
 * time, with 'Tillbaka' to go up and 'Visa allt i {category}' as the first entry of a level.
 */
export function MenuDrawer({
  root,
  assortment,
  open,
  onOpenChange,
  trail,
  onTrailChange,
}: MenuDrawerProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const last = trail.at(-1);
  // A level entered before the tree arrived shows it once it has: read it from the root.
  const current = last?.deferred
    ? (root.children.find((child) => child.id === last.id) ?? last)
    : (last ?? root);
  const atRoot = trail.length === 0;

  // Drilling replaces the list under the user's focus; move focus to the new level's first
  // entry so keyboard and screen-reader users continue from the top of it.
  const goTo = (nextTrail: MenuNode[]) => {
    flushSync(() => onTrailChange(nextTrail));
    listRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  };
  const close = () => onOpenChange(false);

  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      title={atRoot ? MENU_DRAWER_TITLE : current.name}
      headerStart={
        atRoot ? null : (
          <button
            type="button"
            className="menu-drawer__back"
            onClick={() => goTo(trail.slice(0, -1))}
          >
            <ArrowLeftIcon size={20} />
            Tillbaka
          </button>
        )
      }
    >
      <nav aria-label="Huvudmeny" className="menu-drawer">
        <ul className="menu-drawer__list" ref={listRef}>
          <li>
            <Link
              className="menu-drawer__entry menu-drawer__entry--all"
              to={current.href}
              onClick={close}
            >
              {atRoot ? current.name : `Visa allt i ${current.name}`}
            </Link>
          </li>
          {current.deferred ? (
            <li>
              <AssortmentState assortment={assortment} />
            </li>
          ) : null}
          {current.children.map((child) => (
            <li key={child.id}>
              {child.deferred || child.children.length > 0 ? (
                <button
                  type="button"
                  className="menu-drawer__entry"
                  data-djedi-node={child.node}
                  onClick={() => {
                    if (child.deferred) assortment.load();
                    goTo([...trail, child]);
                  }}
                >
                  {child.name}
                  <ChevronRightIcon size={20} />
                </button>
              ) : (
                <Link
                  className="menu-drawer__entry"
                  to={child.href}
                  onClick={close}
                  data-djedi-node={child.node}
                >
                  {child.name}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}
