import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { collapsedGroup } from '@bygg/domain/menu';
import type { MenuNode } from './menu-tree.ts';

/**
 * A second-level group in the mega menu: its heading links to the group, its children are
 * listed below. Long groups start collapsed to 96 px; the rows cut off are inert so keyboard
 * and screen-reader users meet only what is shown, and 'Visa N till' reveals them.
 */
export function MenuGroup({ group, onNavigate }: { group: MenuNode; onNavigate: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const { collapsed: collapsible, visible, hiddenCount } = collapsedGroup(group.children);
  const collapsed = collapsible && !expanded;
  return (
    <div className="menu-group">
      <Link
        className="menu-group__title"
        to={group.href}
        onClick={onNavigate}
        data-djedi-node={group.node}
      >
        {group.name}
      </Link>
      {group.children.length > 0 ? (
        <ul
          id={listId}
          ref={listRef}
          className={
            collapsed ? 'menu-group__list menu-group__list--collapsed' : 'menu-group__list'
          }
        >
          {group.children.map((child, index) => (
            <li key={child.id} inert={collapsed && index >= visible.length}>
              <Link
                className="menu-group__link"
                to={child.href}
                onClick={onNavigate}
                data-djedi-node={child.node}
              >
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {collapsed ? (
        <button
          type="button"
          className="menu-group__more"
          aria-expanded={false}
          aria-controls={listId}
          onClick={() => {
            // The button goes away, so focus moves on to the first row it revealed.
            flushSync(() => setExpanded(true));
            listRef.current?.querySelectorAll('a')[visible.length]?.focus();
          }}
        >
          Visa {hiddenCount} till
        </button>
      ) : null}
    </div>
  );
}
