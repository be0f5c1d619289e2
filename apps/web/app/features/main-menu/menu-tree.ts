import type { CategoryNode } from '@bygg/contracts/catalog';
import type { MenuItem } from '@bygg/contracts/cms';

/** One entry of the main menu, whatever its source (category tree or CMS). */
export type MenuNode = {
  /** Stable key, unique in the tree; also the mega menu's open value. */
  id: string;
  name: string;
  href: string;
  children: MenuNode[];
};

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
  const assortmentChildren = categories.flatMap((category) => fromCategory(category) ?? []);
  const headerItems = cmsItems.filter((item) => item.showIn.header);
  const children = headerItems.map((item, index): MenuNode =>
    item.isAssortment
      ? { id: 'assortment', name: item.name, href: item.href, children: assortmentChildren }
      : fromCmsItem(item, String(index)),
  );
  if (!headerItems.some((item) => item.isAssortment)) {
    children.unshift({
      id: 'assortment',
      name: ASSORTMENT_LABEL,
      href: ASSORTMENT_HREF,
      children: assortmentChildren,
    });
  }
  return { id: 'root', name: HOME_LABEL, href: '/', children };
}
