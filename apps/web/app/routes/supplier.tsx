import type { Route } from './+types/supplier';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import { ListingPage } from '~/features/catalog/listing-page.tsx';
import { loadListing } from '~/features/catalog/listing.server.ts';
import { SupplierIntro } from '~/features/catalog/supplier-intro.tsx';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { catalogApiFor } from '~/lib/catalog-api.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import { assertModeAvailable } from '~/lib/mode-available.server.ts';
import '~/features/catalog/catalog.css';
import { formatCount } from '~/lib/format.ts';

// The supplier page (spec §2 /leverantorer/{slug}): the supplier's details and its products
// (products/?supplier_ids=), analytics list 'Supplier Products'. Plain, /foretag and /privat paths.

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  if (!page) return [{ title: 'Leverantör' }];
  return [
    { title: `${page.supplier.name} – leverantör` },
    {
      name: 'description',
      content: `Produkter från ${page.supplier.name}, ${page.supplier.city}: ${formatCount(page.listing.count)} produkter.`,
    },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await assertModeAvailable(request);
  const context = await catalogContext(request, { storeSlug: undefined, stores: loadAllStores });
  const supplier = await catalogApiFor(request)
    .supplier(params.slug)
    .catch(pageLoadFailure('a supplier page'));
  const pagePath = context.paths.supplier(supplier.slug);
  const listing = await loadListing(request, context, {
    heading: supplier.name,
    crumbs: [
      { name: 'Hem', href: context.paths.home() },
      { name: 'Produkter', href: context.paths.products() },
      { name: supplier.name, href: pagePath },
    ],
    scope: { supplier_ids: String(supplier.id) },
    categories: [],
    trail: [],
    categoryBase: context.paths.products(),
    listName: 'Supplier Products',
  });
  return { supplier, listing };
}

export default function SupplierRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      data={loaderData.listing}
      intro={<SupplierIntro supplier={loaderData.supplier} />}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
