import { data } from 'react-router';
import type { Route } from './+types/campaign';
import { CampaignIndex, CampaignIntro } from '~/features/catalog/campaign-intro.tsx';
import { CatalogErrorBoundary } from '~/features/catalog/catalog-unavailable.tsx';
import { findCategoryTrail } from '~/features/catalog/category-tree.tsx';
import { ListingPage } from '~/features/catalog/listing-page.tsx';
import { loadListing } from '~/features/catalog/listing.server.ts';
import { notFoundMeta, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { loadAllStores } from '~/features/stores/stores.server.ts';
import { apiFor } from '~/lib/api.server.ts';
import { catalogApiFor } from '~/lib/catalog-api.server.ts';
import { pageLoadFailure } from '~/lib/page-load.server.ts';
import { catalogContext } from '~/lib/catalog-context.server.ts';
import { assertModeAvailable } from '~/lib/mode-available.server.ts';
import '~/features/catalog/catalog.css';
import { formatCount } from '~/lib/format.ts';

// Campaign pages (spec §2 /kampanjer/{url...}): /kampanjer lists the campaigns running now;
// /kampanjer/{campaign}[/{category path}] lists the campaign's products, narrowed by the side
// tree. Mounted under the plain, /foretag and /privat paths.

export const meta: Route.MetaFunction = ({ data: page, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  if (!page || page.kind === 'index') {
    return [
      { title: 'Kampanjer' },
      { name: 'description', content: 'Aktuella kampanjer och erbjudanden på byggvaror.' },
    ];
  }
  return [
    { title: page.listing.heading },
    {
      name: 'description',
      content: `${page.campaign.title}: ${formatCount(page.listing.count)} produkter till kampanjpris.`,
    },
    // An ended campaign keeps its page for old links but leaves the search index.
    ...(page.campaign.is_active ? [] : [{ name: 'robots', content: 'noindex' }]),
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  await assertModeAvailable(request);
  const context = await catalogContext(request, { storeSlug: undefined, stores: loadAllStores });
  const base = context.paths.campaigns();
  const catalog = catalogApiFor(request);
  const [slug, ...rest] = (params['*'] ?? '').split('/').filter(Boolean);
  if (!slug) {
    const list = await catalog.campaigns().catch((error: unknown) => {
      console.error('Could not load the campaigns:', error);
      throw data(null, { status: 503 });
    });
    return { kind: 'index' as const, campaigns: list.results, base };
  }
  const [campaign, tree] = await Promise.all([
    catalog.campaign(slug),
    apiFor(request).categoryTree(),
  ]).catch(pageLoadFailure('a campaign page'));
  const trail = rest.length > 0 ? findCategoryTrail(tree.categories, rest.join('/')) : [];
  if (rest.length > 0 && trail.length === 0) throw data(null, { status: 404 });
  const pageBase = context.paths.campaigns(campaign.slug);
  const listing = await loadListing(request, context, {
    heading: trail.length > 0 ? `${campaign.title}: ${trail.at(-1)?.name}` : campaign.title,
    crumbs: [
      { name: 'Hem', href: context.paths.home() },
      { name: 'Kampanjer', href: base },
      { name: campaign.title, href: pageBase },
      ...trail.map((node) => ({ name: node.name, href: `${pageBase}/${node.path}` })),
    ],
    scope: { campaign: campaign.slug, category: trail.at(-1)?.path },
    categories: tree.categories,
    trail,
    categoryBase: pageBase,
    categoryCounts: false,
    listName: 'Browse Products',
  });
  return { kind: 'campaign' as const, campaign, listing };
}

export default function CampaignRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === 'index') {
    return <CampaignIndex campaigns={loaderData.campaigns} base={loaderData.base} />;
  }
  return (
    <ListingPage
      data={loaderData.listing}
      intro={<CampaignIntro campaign={loaderData.campaign} />}
    />
  );
}

export function ErrorBoundary() {
  return <CatalogErrorBoundary notFound={() => <NotFoundPage />} />;
}
