import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ChevronRightIcon } from '~/components/ui/icons/chevron-right-icon.tsx';
import { AssortmentState } from './assortment-state.tsx';
import { MenuGroup } from './menu-group.tsx';
import { HOVER_DELAY_MS } from './menu-tree.ts';
import type { MenuNode } from './menu-tree.ts';
import type { Assortment } from './use-assortment.ts';

type MegaPanelProps = { item: MenuNode; assortment: Assortment; onClose: () => void };

/**
 * What an open entry of the desktop bar shows (issue 3: a chunk of its own, fetched when a
 * trigger is first hovered or focused): the assortment's categories with their groups, a
 * CMS item's groups, or, while the category tree is on its way, its state.
 */
export function MegaPanel({ item, assortment, onClose }: MegaPanelProps) {
  if (item.deferred) {
    return (
      <div className="mega-panel__pending">
        <Link className="mega-panel__all" to={item.href} onClick={onClose}>
          Visa allt i {item.name}
          <ChevronRightIcon size={18} />
        </Link>
        <AssortmentState assortment={assortment} />
      </div>
    );
  }
  return hasThreeLevels(item) ? (
    <CategoryPanel item={item} onClose={onClose} />
  ) : (
    <GroupsPanel item={item} onClose={onClose} />
  );
}

function hasThreeLevels(item: MenuNode): boolean {
  return item.children.some((child) => child.children.some((group) => group.children.length > 0));
}

/** ArrowUp / ArrowDown move between the categories of the assortment panel. */
function moveAlongCategories(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  const entries = [...event.currentTarget.querySelectorAll<HTMLElement>(':scope > li > button')];
  const at = entries.indexOf(event.target as HTMLElement);
  if (at < 0) return;
  event.preventDefault();
  const step = event.key === 'ArrowDown' ? 1 : -1;
  entries[(at + step + entries.length) % entries.length]?.focus();
}

/**
 * The assortment: top-level categories on the left; the one under the pointer or focus shows
 * its second-level groups with their third-level children on the right. Its detail follows
 * its button in the DOM, so Tab goes from a category into its groups and on to the next.
 */
function CategoryPanel({ item, onClose }: { item: MenuNode; onClose: () => void }) {
  const [active, setActive] = useState(item.children[0]?.id ?? '');
  const baseId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A click or focus wins over a hover still waiting for its delay (the pointer passed over one
  // category, then the keyboard or a click chose another).
  const choose = (id: string) => {
    clearTimeout(timer.current);
    setActive(id);
  };
  return (
    <div className="mega-panel__sub">
      <div className="mega-panel__aside">
        <Link className="mega-panel__all" to={item.href} onClick={onClose}>
          Visa allt i {item.name}
          <ChevronRightIcon size={18} />
        </Link>
        <ul className="mega-panel__categories" onKeyDown={moveAlongCategories}>
          {item.children.map((category, index) => {
            const isActive = category.id === active;
            const detailId = `${baseId}-${index}`;
            return (
              <li key={category.id}>
                <button
                  type="button"
                  className="mega-panel__category"
                  aria-expanded={isActive}
                  aria-controls={isActive ? detailId : undefined}
                  onClick={() => choose(category.id)}
                  onFocus={() => choose(category.id)}
                  onPointerEnter={(event) => {
                    if (event.pointerType !== 'mouse') return;
                    clearTimeout(timer.current);
                    timer.current = setTimeout(() => setActive(category.id), HOVER_DELAY_MS);
                  }}
                  onPointerLeave={() => clearTimeout(timer.current)}
                >
                  {category.name}
                  <ChevronRightIcon size={18} />
                </button>
                {isActive ? (
                  <div id={detailId} className="mega-panel__detail">
                    <GroupsPanel item={category} onClose={onClose} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function GroupsPanel({ item, onClose }: { item: MenuNode; onClose: () => void }) {
  return (
    <div className="mega-panel__groups-wrap">
      <h2 className="mega-panel__heading">
        <Link to={item.href} onClick={onClose}>
          Visa allt i {item.name}
        </Link>
      </h2>
      <div className="mega-panel__groups">
        {item.children.map((group) => (
          <MenuGroup key={group.id} group={group} onNavigate={onClose} />
        ))}
      </div>
    </div>
  );
}
