import type { Route } from './+types/product';
import { titleWithBrand } from '@bygg/domain/product-title';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import {
  resolveChoices,
  selectionForArticle,
  selectionFromParams,
} from '~/features/catalog/choice-tree.ts';
import type { ProductPageData } from '~/features/catalog/product-page.tsx';
import { ProductPage } from '~/features/catalog/product-page.tsx';
import { storesWithStockRows } from '~/features/catalog/stores-with-stock.tsx';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { productJsonLd } from '~/features/catalog/structured-data.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { catalogApiFor } from '~/lib/catalog-api.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import '~/features/catalog/catalog.css';

// /produkt/{slug}, mounted under the plain, /foretag, /privat, store-prefixed and /rikskund paths.

const RELATED_COUNT = 12;
const DESCRIPTION_LENGTH = 155;

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  if (!page) return [{ title: 'Produkt' }];
  const { product } = page.page;
  const description =
    product.description.length > DESCRIPTION_LENGTH
      ? `${product.description.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`
      : product.description;
  return [
    { title: titleWithBrand(product.title, product.brand?.name) },
    { name: 'description', content: description || product.title },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const context = await catalogContext(request, {
    storeSlug: 'storeSlug' in params ? params.storeSlug : undefined,
    stores: loadAllStores,
  });
  const catalog = catalogApiFor(request);
  const relatedTo = (slug: string) =>
    catalog
      .recommendations({
        key: 'related',
        page_slug: slug,
        store_id: context.storeId ?? undefined,
        count: RELATED_COUNT,
      })
      .then(
        (reply) => reply.recommendations[0]?.products ?? [],
        (error: unknown) => {
          console.error('Could not load related products:', error);
          return [];
        },
      );
  // A slug (not a number, which the API reads as an id) is the product's own: its related
  // products load alongside it instead of after it.
  const earlyRelated = /^\d+$/.test(params.slug) ? null : relatedTo(params.slug);
  const product = await catalog
    .product(params.slug, context.storeId)
    .catch(pageLoadFailure('a product page'));

  const tree = product.choices_tree;
  let selection = {};
  let article =
    product.articles.find((entry) => entry.id === product.article_id) ??
    product.articles[0] ??
    null;
  if (tree) {
    const fromUrl = tree.some((entry) => url.searchParams.has(entry.name));
    selection = fromUrl
      ? selectionFromParams(tree, url.searchParams)
      : selectionForArticle(tree, product.article_id);
    const resolution = resolveChoices(tree, selection);
    article = resolution.complete
      ? (product.articles.find((entry) => resolution.articleIds.includes(entry.id)) ?? null)
      : null;
  }

  const [stocked, related] = await Promise.all([
    article
      ? catalog.stockedWarehouses(product.id, article.id).then(
          (reply) => reply.stocked_warehouses,
          (error: unknown) => {
            console.error('Could not load the stores with stock:', error);
            return [];
          },
        )
      : [],
    earlyRelated ?? relatedTo(product.slug),
  ]);

  const page: ProductPageData = {
    product,
    crumbs: [
      { name: 'Hem', href: context.paths.home() },
      { name: 'Produkter', href: context.paths.products() },
      ...product.breadcrumbs.map((node) => ({
        name: node.name,
        href: context.paths.products(node.path),
      })),
      { name: product.title, href: context.paths.product(product.slug) },
    ],
    article,
    selection,
    storesWithStock: storesWithStockRows(
      stocked,
      ORGANISATIONS[context.organisation].storeNamePrefix,
    ),
    related: related.filter((entry) => entry.id !== product.id),
    card: {
      display: context.display,
      hasStore: context.storeId !== null,
      organisation: context.organisation,
      variant: context.variant,
    },
    // PUBLIC_URL, never the request's Host (issue 15).
    jsonLd: productJsonLd(product, article ?? undefined, getEnv().publicUrl),
  };
  return { page };
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage data={loaderData.page} />;
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
