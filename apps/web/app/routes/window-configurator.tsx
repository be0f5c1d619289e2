import type { Route } from './+types/window-configurator';
import { WindowConfigurator } from '~/features/configurator/window-configurator.tsx';
import { loadConfigurator } from '~/features/configurator/configurator.server.ts';
import { Breadcrumbs } from '~/features/catalog/breadcrumbs.tsx';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import { assertModeAvailable } from '~/lib/mode-available.server.ts';

// "Bygg ditt fönster" (storefront spec §2 /elitfonster/bygg-ditt-fonster, issue 22): the store
// chain's window configurator, plain, /foretag, /privat and under /butiker/{store}/ (that
// store's prices).
const BRAND = 'elitfonster';

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  return [
    { title: 'Bygg ditt fönster – Elitfönster' },
    {
      name: 'description',
      content: page
        ? `${page.quote.product.title}: välj storlek, glas, öppning och färg och se pris och U-värde direkt.`
        : 'Välj storlek, glas, öppning och färg och se pris och U-värde direkt.',
    },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await assertModeAvailable(request);
  const context = await catalogContext(request, {
    storeSlug: 'storeSlug' in params ? params.storeSlug : undefined,
    stores: loadAllStores,
  });
  const load = await loadConfigurator(request, BRAND, context.storeId);
  return {
    ...load,
    brand: BRAND,
    organisation: getEnv().organisation,
    storeId: context.storeId,
    exclVat: context.display.exclVat,
    crumbs: [
      { name: 'Hem', href: context.paths.home() },
      { name: 'Produkter', href: context.paths.products() },
      { name: 'Bygg ditt fönster', href: new URL(request.url).pathname },
    ],
  };
}

export default function WindowConfiguratorRoute({ loaderData }: Route.ComponentProps) {
  const { quote } = loaderData;
  return (
    <div className="container configurator-page">
      <Breadcrumbs crumbs={loaderData.crumbs} />
      <h1>Bygg ditt fönster</h1>
      <p className="configurator-page__lead">
        {quote.product.title}. Välj mått, glas, karmdjup, öppning och färg – priset och U-värdet
        räknas fram för just ditt fönster. Vi säger till direkt om något inte går att kombinera.
      </p>
      <WindowConfigurator
        key={`${loaderData.storeId ?? 'none'}-${JSON.stringify(loaderData.selection)}`}
        brand={loaderData.brand}
        organisation={loaderData.organisation}
        storeId={loaderData.storeId}
        quote={quote}
        selection={loaderData.selection}
        refusal={loaderData.refusal}
        exclVat={loaderData.exclVat}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
