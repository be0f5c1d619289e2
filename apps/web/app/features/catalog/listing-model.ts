import type { CategoryNode } from '@bygg/contracts/catalog';
import type { Product } from '@bygg/contracts/products';
import type { CardContext } from './product-card.tsx';
import type { ListingState } from './listing-query.ts';

export type BrandRef = { name: string; slug: string };

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
  state: ListingState;
  count: number;
  totalPages: number;
  products: Product[];
  brands: BrandRef[];
  card: CardContext;
  canFilterInStock: boolean;
  canFilterAssortment: boolean;
};

/** The brands of a sample of the listing, sorted by name (the API has no brand facets). */
export function brandsOf(products: readonly Product[], selected: readonly string[]): BrandRef[] {
  const brands = new Map<string, BrandRef>();
  for (const product of products) {
    if (product.brand) brands.set(product.brand.slug, product.brand);
  }
  // A selected brand stays listed even when the sample happens to lack it.
  for (const slug of selected) if (!brands.has(slug)) brands.set(slug, { name: slug, slug });
  return [...brands.values()].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
}
