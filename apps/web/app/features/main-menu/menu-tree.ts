import type { CategoryNode } from '@bygg/contracts/catalog';
import type { MenuItem } from '@bygg/contracts/cms';

/** One entry of the main menu, whatever its source (category tree or CMS). */
export type MenuNode = {
  /** Stable key, unique in the tree; also the mega menu's open value. */
  id: string;
  name: string;
  href: string;
  children: MenuNode[];
  /**
   * Issue 3: the children are not sent with the page (the category tree is large); the menu
   * fetches them from ASSORTMENT_RESOURCE when it is first hovered, focused or opened.
   */
  deferred?: boolean;
  /** A CMS item's label node (data-djedi-node), so the editor overlay can open it. */
  node?: string;
};

/** The resource route serving the assortment's children (routes/resources.menu.tsx). */
export const ASSORTMENT_RESOURCE = '/resurser/meny';

/** Spec §9: menu hover delay 60 ms (the desktop bar and the assortment's categories). */
export const HOVER_DELAY_MS = 60;

export const HOME_LABEL = 'Hem';
export const ASSORTMENT_LABEL = 'Sortiment';
export const ASSORTMENT_HREF = '/produkter';

function fromCategory(category: CategoryNode): MenuNode | null {
  // Spec §5: a category with a missing link or name is logged and not drawn.
  if (!category.name.trim() || !category.url.trim()) {
    console.warn('Menu category without name or link left out', { id: category.id });
    return null;
  }
  return {
    id: `category:${category.id}`,
    name: category.name,
    href: category.url,
    children: category.children.flatMap((child) => fromCategory(child) ?? []),
  };
}

function fromCmsItem(item: MenuItem, path: string): MenuNode {
  return {
    id: `cms:${path}`,
    name: item.name,
    href: item.href,
    ...(item.node ? { node: item.node } : {}),
    children: item.children
      .filter((child) => child.showIn.header)
      .map((child, index) => fromCmsItem(child, `${path}.${index}`)),
  };
}

/**
 * The main menu (spec §2): root 'Hem' holding 'Sortiment' (the category tree) and the CMS
 * menu items. A CMS item marked isAssortment is where the tree goes; without one, the
 * assortment comes first.
 */
export function buildMainMenu(cmsItems: MenuItem[], categories: CategoryNode[]): MenuNode {
  return mainMenu(cmsItems, { children: buildAssortment(categories) });
}

/**
 * The main menu as the page sends it (issue 3): the same root and CMS items, with the
 * assortment's children left to be fetched by the browser (`deferred`).
 */
export function buildMainMenuShell(cmsItems: MenuItem[]): MenuNode {
  return mainMenu(cmsItems, { children: [], deferred: true });
}

/** The assortment's children: the category tree as menu nodes (ASSORTMENT_RESOURCE's reply). */
export function buildAssortment(categories: CategoryNode[]): MenuNode[] {
  return categories.flatMap((category) => fromCategory(category) ?? []);
}

/** The menu with a deferred assortment's children filled in from `children`. */
export function withAssortment(root: MenuNode, children: MenuNode[]): MenuNode {
  return {
    ...root,
    children: root.children.map((item) => {
      if (!item.deferred) return item;
      const filled: MenuNode = { ...item, children };
      delete filled.deferred;
      return filled;
    }),
  };
}

function mainMenu(
  cmsItems: MenuItem[],
  assortment: Pick<MenuNode, 'children' | 'deferred'>,
): MenuNode {
  const headerItems = cmsItems.filter((item) => item.showIn.header);
  const children = headerItems.map((item, index): MenuNode =>
    item.isAssortment
      ? { id: 'assortment', name: item.name, href: item.href, ...assortment }
      : fromCmsItem(item, String(index)),
  );
  if (!headerItems.some((item) => item.isAssortment)) {
    children.unshift({
      id: 'assortment',
      name: ASSORTMENT_LABEL,
      href: ASSORTMENT_HREF,
      ...assortment,
    });
  }
  return { id: 'root', name: HOME_LABEL, href: '/', children };
}
