import type { CategoryNode } from '@bygg/contracts/catalog';
import type { Product } from '@bygg/contracts/products';
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
  categories: CategoryNode[];
  trail: CategoryNode[];
  /** Where category links go: /produkter, /foretag/produkter, /butiker/{slug}/produkter … */
  categoryBase: string;
  /** False where the tree's whole-assortment counts would not match the listing. */
  categoryCounts?: boolean;
  state: ListingState;
  count: number;
  totalPages: number;
  products: Product[];
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
export function brandsOf(products: readonly Product[], selected: readonly string[]): BrandRef[] {
  const brands = new Map<string, BrandRef>();
  for (const product of products) {
    if (product.brand) brands.set(product.brand.slug, product.brand);
  }
  // A selected brand stays listed even when the sample happens to lack it.
  for (const slug of selected) if (!brands.has(slug)) brands.set(slug, { name: slug, slug });
  return [...brands.values()].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
}
