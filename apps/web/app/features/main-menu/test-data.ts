import type { CategoryNode } from '@bygg/contracts/catalog';
import type { MenuItem } from '@bygg/contracts/cms';

/** Builds a category node with sensible defaults; children get ids from their parent's. */
export function category(
  id: number,
  name: string,
  children: CategoryNode[] = [],
  level = 1,
): CategoryNode {
  const slug = name
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/[^a-z0-9]+/g, '-');
  return {
    id,
    name,
    slug,
    path: slug,
    level,
    url: `/produkter/${slug}`,
    product_count: 10,
    children,
  };
}

export function cmsItem(name: string, href: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { name, href, isAssortment: false, showIn: { header: true }, children: [], ...extra };
}
