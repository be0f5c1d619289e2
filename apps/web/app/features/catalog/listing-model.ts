import type { CategoryNode } from '@bygg/contracts/catalog';
import type { Product } from '@bygg/contracts/products';
import type { CardProduct } from '~/lib/card-product.ts';
import type { CardContext } from './product-card.tsx';
import type { ListingState } from './listing-query.ts';
import type { ListName } from '~/lib/analytics/ecommerce-events.ts';

/** A brand of the brand filter; count is how many products of the listing carry it. */
export type BrandRef = { name: string; slug: string; count?: number };

export type Crumb = { name: string; href: string };

/** Everything a listing page shows, prepared by the route's loader. */
export type ListingData = {
  heading: string;
  pathname: string;
  crumbs: Crumb[];
  /** The side tree's nodes only: the top level and the open branch (sideTree). */
  categories: CategoryNode[];
  trail: CategoryNode[];
  /** Where category links go: /produkter, /foretag/produkter, /butiker/{slug}/produkter … */
  categoryBase: string;
  /** False where the tree's whole-assortment counts would not match the listing. */
  categoryCounts?: boolean;
  state: ListingState;
  count: number;
  totalPages: number;
  /** The cards' fields only (lib/card-product.ts). */
  products: CardProduct[];
  /** The page starts past the product count cap (spec §9): no products, a notice instead. */
  pastCap?: boolean;
  brands: BrandRef[];
  card: CardContext;
  canFilterInStock: boolean;
  canFilterAssortment: boolean;
  /** The analytics list name of spec §7 ('Browse Products', 'Supplier Products' …). */
  listName?: ListName;
};

/**
 * The brand filter from the API's brand facets (counts for the current filter, the brand
 * choice left out), most products first. A chosen brand stays listed even with no products.
 */
export function brandsFromFacets(
  facets: readonly { slug: string; name: string; count: number }[] | undefined,
  selected: readonly string[],
): BrandRef[] {
  const brands = (facets ?? []).map((facet) => ({ ...facet }));
  for (const slug of selected) {
    if (!brands.some((brand) => brand.slug === slug)) brands.push({ name: slug, slug, count: 0 });
  }
  return brands;
}

/** The brands of a sample of products, sorted by name (lists without facets). */
export function brandsOf(
  products: readonly Pick<Product, 'brand'>[],
  selected: readonly string[],
): BrandRef[] {
  const brands = new Map<string, BrandRef>();
  for (const product of products) {
    if (product.brand) brands.set(product.brand.slug, product.brand);
  }
  // A selected brand stays listed even when the sample happens to lack it.
  for (const slug of selected) if (!brands.has(slug)) brands.set(slug, { name: slug, slug });
  return [...brands.values()].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
}

/**
 * The part of the category tree a listing's side tree draws (category-tree.tsx): the top
 * categories, and the children of each category on the trail, one level each; every other
 * node goes without its children. The whole tree is some 380 nodes (about 80 kB in the
 * hydration payload and as much decoding work on a phone); this is a few dozen. The trail's
 * nodes keep no children: the tree reads only their ids.
 */
export function sideTree(
  categories: readonly CategoryNode[],
  trail: readonly CategoryNode[],
): { categories: CategoryNode[]; trail: CategoryNode[] } {
  const open = new Set(trail.map((node) => node.id));
  const prune = (nodes: readonly CategoryNode[]): CategoryNode[] =>
    nodes.map((node) => ({ ...node, children: open.has(node.id) ? prune(node.children) : [] }));
  return {
    categories: prune(categories),
    trail: trail.map((node) => ({ ...node, children: [] })),
  };
}
