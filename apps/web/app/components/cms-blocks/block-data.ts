import type { CmsNode } from '@bygg/contracts/cms';

/** A product as the CMS blocks show it (product link, recommendations). */
export type CmsProduct = {
  title: string;
  /** The product page, /produkt/{slug}. */
  url: string;
  brand: string | null;
  image: { src: string; srcSet: string | undefined; alt: string } | null;
  /** Kronor including VAT (decimal), as the product API serves prices; null: no price shown. */
  price: number | null;
  /** Kronor including VAT before a campaign; null when not reduced. */
  reducedFrom: number | null;
  unit: string;
};

/** A CMS page as a page block shows it (title, description, link, picture). */
export type CmsPageTeaser = {
  title: string;
  description: string | null;
  href: string;
  image: { url: string; alt: string } | null;
};

/**
 * What blocks need beyond their own props, fetched by the route's loader on the server so
 * the page renders complete: the page's subpages, products for product links, lists for
 * recommendation blocks and the pages that page blocks point at. Missing entries mean the
 * fetch failed or found nothing; the block is then left out.
 */
export type CmsBlockData = {
  subpages: CmsNode[];
  products: Record<string, CmsProduct>;
  recommendations: Record<string, CmsProduct[]>;
  pages: Record<string, CmsPageTeaser>;
  /**
   * A product or recommendation call failed (not a product that does not exist): search and
   * product display are in trouble, so the technical-problems notice shows (spec §2, §8).
   */
  productsUnavailable?: boolean;
};

export const EMPTY_BLOCK_DATA: CmsBlockData = {
  subpages: [],
  products: {},
  recommendations: {},
  pages: {},
};

/** The path a page is reached at: its navigation link, else its uri's path. */
export function pageHref(node: CmsNode): string {
  const fromNavigation = node.values.content.navigation?.href;
  if (fromNavigation) return fromNavigation;
  const path = node.uri.replace(/^[a-z-]+:/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

export function pageTeaser(node: CmsNode): CmsPageTeaser {
  const image = node.values.content.featured_image;
  return {
    title: node.values.content.title,
    description: node.values.content.description,
    href: pageHref(node),
    image: image ? { url: image.url, alt: image.alt ?? '' } : null,
  };
}
