import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, ChevronRightIcon } from '~/components/ui/icons.tsx';
import {
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuRoot,
  NavigationMenuSub,
  NavigationMenuTrigger,
} from '~/components/ui/navigation-menu.tsx';
import { AssortmentState } from './assortment-state.tsx';
import { MenuGroup } from './menu-group.tsx';
import type { MenuNode } from './menu-tree.ts';
import type { Assortment } from './use-assortment.ts';

type MegaMenuListProps = { root: MenuNode; assortment: Assortment; onClose: () => void };

/** Spec §9: menu hover delay 60 ms. */
const HOVER_DELAY_MS = 60;

type MegaMenuProps = MegaMenuListProps & {
  /** The open item's id, '' when closed. */
  value: string;
  onValueChange: (value: string) => void;
};

/** The desktop bar with its panels (Radix NavigationMenu). */
export function MegaMenu({ root, assortment, onClose, value, onValueChange }: MegaMenuProps) {
  return (
    <NavigationMenuRoot
      className="mega-menu"
      aria-label="Huvudmeny"
      delayDuration={HOVER_DELAY_MS}
      value={value}
      onValueChange={onValueChange}
    >
      <div className="container mega-menu__bar">
        <MegaMenuList root={root} assortment={assortment} onClose={onClose} />
      </div>
    </NavigationMenuRoot>
  );
}

/**
 * Desktop (> 900 px) bar of the main menu; items with children open a mega panel. The
 * assortment's tree is fetched when its trigger is first hovered or focused (issue 3).
 */
export function MegaMenuList({ root, assortment, onClose }: MegaMenuListProps) {
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
        item.deferred || item.children.length > 0 ? (
          <NavigationMenuItem key={item.id} value={item.id}>
            <NavigationMenuTrigger
              className="mega-menu__trigger"
              data-djedi-node={item.node}
              onPointerEnter={item.deferred ? assortment.load : undefined}
              onFocus={item.deferred ? assortment.load : undefined}
            >
              {item.name}
              <ChevronDownIcon className="mega-menu__chevron" size={18} />
            </NavigationMenuTrigger>
            <NavigationMenuContent className="mega-panel">
              {item.deferred ? (
                <div className="mega-panel__pending">
                  <Link className="mega-panel__all" to={item.href} onClick={onClose}>
                    Visa allt i {item.name}
                    <ChevronRightIcon size={18} />
                  </Link>
                  <AssortmentState assortment={assortment} />
                </div>
              ) : hasThreeLevels(item) ? (
                <CategoryPanel item={item} onClose={onClose} />
              ) : (
                <GroupsPanel item={item} onClose={onClose} />
              )}
            </NavigationMenuContent>
          </NavigationMenuItem>
        ) : (
          <NavigationMenuItem key={item.id}>
            <NavigationMenuLink asChild>
              <Link className="mega-menu__link" to={item.href} data-djedi-node={item.node}>
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
