import type { CmsNode } from '@bygg/contracts/cms';
import type { Product } from '@bygg/contracts/products';
import { RECOMMENDATION_KEYS } from '@bygg/contracts/products';
import { blockDataNeeds, parseBlocks } from '@bygg/domain/cms-blocks';
import type { CmsBlockData, CmsProduct } from '~/components/cms-blocks/block-data.ts';
import { pageTeaser } from '~/components/cms-blocks/block-data.ts';
import { apiFor } from './api.server.ts';
import { catalogApiFor } from './catalog-api.server.ts';
import { isNotFound } from './page-load.server.ts';

// A page asks for a handful; these bound what one (mis)edited page can make the server fetch.
const MAX_PRODUCT_LINKS = 24;
const MAX_PAGE_BLOCKS = 12;
/** Spec §9: recommendation lists show up to this many products (4 visible at a time). */
const RECOMMENDATION_COUNT = 12;

export function toCmsProduct(product: Product): CmsProduct {
  const sources = product.cover_image?.sources ?? [];
  const largest = sources.at(-1);
  return {
    title: product.title,
    url: product.url,
    brand: product.brand?.name ?? null,
    image: largest
      ? {
          src: largest.src,
          srcSet: sources.map((source) => `${source.src} ${source.width}w`).join(', '),
          alt: product.cover_image?.alt ?? product.title,
        }
      : null,
    // Kronor including VAT (decimal), as the API serves them.
    price: product.best_offer?.price ?? null,
    reducedFrom: product.best_offer?.reduced_from ?? null,
    unit: product.best_offer?.unit_label ?? product.unit,
  };
}

function isRecommendationKey(key: string): key is (typeof RECOMMENDATION_KEYS)[number] {
  return (RECOMMENDATION_KEYS as readonly string[]).includes(key);
}

/** Logged and left out: one missing product or page must not fail the CMS page. */
function settled<T>(
  what: string,
  promise: Promise<T>,
  onFailure: () => void = () => {},
): Promise<T | null> {
  return promise.catch((error: unknown) => {
    console.warn(`CMS block data: could not load ${what}; the block is left out.`, error);
    // A product that does not exist is an editor's matter; anything else is an outage.
    if (!isNotFound(error)) onFailure();
    return null;
  });
}

/**
 * What a page's blocks need from other calls, fetched in parallel on the server: products for
 * product links, lists for recommendation blocks and the pages page blocks point at.
 */
export async function loadBlockData(
  request: Request,
  page: CmsNode,
  options: { pageSlug?: string } = {},
): Promise<CmsBlockData> {
  const { blocks } = parseBlocks(page.values.content.blocks);
  const needs = blockDataNeeds(blocks);
  const catalog = catalogApiFor(request);
  const api = apiFor(request);
  let productsUnavailable = false;
  const productCallFailed = () => {
    productsUnavailable = true;
  };
  const [products, recommendations, pages] = await Promise.all([
    Promise.all(
      needs.productSlugs
        .slice(0, MAX_PRODUCT_LINKS)
        .map((slug) =>
          settled(`product ${slug}`, catalog.product(slug, null), productCallFailed).then(
            (product) => [slug, product ? toCmsProduct(product) : null] as const,
          ),
        ),
    ),
    Promise.all(
      needs.recommendationKeys.filter(isRecommendationKey).map((key) =>
        settled(
          `recommendations ${key}`,
          catalog.recommendations({
            key,
            count: RECOMMENDATION_COUNT,
            page_slug: options.pageSlug,
          }),
          productCallFailed,
        ).then(
          (reply) => [key, (reply?.recommendations[0]?.products ?? []).map(toCmsProduct)] as const,
        ),
      ),
    ),
    Promise.all(
      needs.pagePaths.slice(0, MAX_PAGE_BLOCKS).map((path) =>
        settled(`page ${path}`, api.cmsPages({ path, namespace: 'pages', type: 'page' })).then(
          (reply) => {
            const node = reply?.nodes[0];
            return [path, node ? pageTeaser(node) : null] as const;
          },
        ),
      ),
    ),
  ]);
  const present = <T>(entries: ReadonlyArray<readonly [string, T | null]>) =>
    Object.fromEntries(entries.filter((entry): entry is readonly [string, T] => entry[1] !== null));
  return {
    subpages: page.values.content.children,
    products: present(products),
    recommendations: Object.fromEntries(recommendations),
    pages: present(pages),
    ...(productsUnavailable ? { productsUnavailable } : {}),
  };
}
