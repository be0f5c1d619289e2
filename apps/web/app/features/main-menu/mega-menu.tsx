import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, ChevronRightIcon } from '~/components/ui/icons.tsx';
import {
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuSub,
  NavigationMenuTrigger,
} from '~/components/ui/navigation-menu.tsx';
import { MenuGroup } from './menu-group.tsx';
import type { MenuNode } from './menu-tree.ts';

/** Desktop (> 900 px) bar of the main menu; items with children open a mega panel. */
export function MegaMenuList({ root, onClose }: { root: MenuNode; onClose: () => void }) {
  return (
    <NavigationMenuList className="mega-menu__list">
      <NavigationMenuItem>
        <NavigationMenuLink asChild>
          <Link className="mega-menu__link" to={root.href}>
            {root.name}
          </Link>
        </NavigationMenuLink>
      </NavigationMenuItem>
      {root.children.map((item) =>
        item.children.length > 0 ? (
          <NavigationMenuItem key={item.id} value={item.id}>
            <NavigationMenuTrigger className="mega-menu__trigger">
              {item.name}
              <ChevronDownIcon className="mega-menu__chevron" size={18} />
            </NavigationMenuTrigger>
            <NavigationMenuContent className="mega-panel">
              {hasThreeLevels(item) ? (
                <CategoryPanel item={item} onClose={onClose} />
              ) : (
                <GroupsPanel item={item} onClose={onClose} />
              )}
            </NavigationMenuContent>
          </NavigationMenuItem>
        ) : (
          <NavigationMenuItem key={item.id}>
            <NavigationMenuLink asChild>
              <Link className="mega-menu__link" to={item.href}>
                {item.name}
              </Link>
            </NavigationMenuLink>
          </NavigationMenuItem>
        ),
      )}
    </NavigationMenuList>
  );
}

function hasThreeLevels(item: MenuNode): boolean {
  return item.children.some((child) => child.children.some((group) => group.children.length > 0));
}

/**
 * The assortment: top-level categories on the left; the one under the pointer or focus shows
 * its second-level groups with their third-level children on the right.
 */
function CategoryPanel({ item, onClose }: { item: MenuNode; onClose: () => void }) {
  const [active, setActive] = useState(item.children[0]?.id ?? '');
  return (
    <NavigationMenuSub
      className="mega-panel__sub"
      orientation="vertical"
      value={active}
      onValueChange={(value) => {
        if (value) setActive(value);
      }}
    >
      <div className="mega-panel__aside">
        <Link className="mega-panel__all" to={item.href} onClick={onClose}>
          Visa allt i {item.name}
          <ChevronRightIcon size={18} />
        </Link>
        <NavigationMenuList className="mega-panel__categories">
          {item.children.map((category) => (
            <NavigationMenuItem key={category.id} value={category.id}>
              <NavigationMenuTrigger className="mega-panel__category">
                {category.name}
                <ChevronRightIcon size={18} />
              </NavigationMenuTrigger>
              <NavigationMenuContent className="mega-panel__detail">
                <GroupsPanel item={category} onClose={onClose} />
              </NavigationMenuContent>
            </NavigationMenuItem>
          ))}
        </NavigationMenuList>
      </div>
    </NavigationMenuSub>
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
