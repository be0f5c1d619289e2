import { data } from 'react-router';
import type { Route } from './+types/home';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { CategoryTiles } from '~/features/start-page/category-tiles.tsx';
import { CmsBlocks } from '~/components/cms-blocks/cms-blocks.tsx';
import { EMPTY_BLOCK_DATA } from '~/components/cms-blocks/block-data.ts';
import { StartHero } from '~/features/start-page/start-hero.tsx';
import { apiFor } from '~/lib/api.server.ts';
import { loadBlockData } from '~/lib/cms-block-data.server.ts';
import { usePaths } from '~/lib/paths.ts';
import { loadOrganisation, reportLoadFailure } from '~/lib/shell-data.server.ts';
import '~/features/start-page/start-page.css';

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as
    { organisation?: { name: string } } | undefined;
  const name = root?.organisation?.name ?? '';
  const title = page?.page?.values.content.title;
  const tags = [{ title: !title || title.includes(name) ? (title ?? name) : `${title} | ${name}` }];
  const description = page?.page?.values.content.description;
  return description ? [...tags, { name: 'description', content: description }] : tags;
};

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const api = apiFor(request);
  const [organisation, page, categories] = await Promise.all([
    loadOrganisation(request),
    api.cmsPages({ path: '/', namespace: 'pages', type: 'page', children: true }).then(
      (reply) => reply.nodes[0] ?? null,
      (error: unknown) => {
        reportLoadFailure('the start page content', error);
        return null;
      },
    ),
    // The root loader makes the same call (shared per request) and reports its failure.
    api.categoryTree().then(
      (tree) => tree.categories,
      () => [],
    ),
  ]);
  // The business and private start pages exist only where the organisation has b2b pages.
  if (pathname !== '/' && !organisation.b2bPages) throw data(null, { status: 404 });
  // Products and pages the start page's blocks show (recommendations, product links).
  const blockData = page ? await loadBlockData(request, page) : EMPTY_BLOCK_DATA;
  return {
    organisationName: organisation.name,
    page,
    blockData,
    categories: categories.map((category) => ({
      id: category.id,
      name: category.name,
      url: category.url,
      productCount: category.product_count,
      examples: category.children.slice(0, 3).map((child) => child.name),
    })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, blockData, categories, organisationName } = loaderData;
  const paths = usePaths();
  return (
    <div className="container start-page">
      <StartHero
        title={page?.values.content.title ?? `Välkommen till ${organisationName}`}
        description={page?.values.content.description ?? null}
        image={page?.values.content.featured_image ?? null}
        // The CMS start page's own link (editable, issue 22); without a page, the assortment.
        primaryAction={
          page
            ? (page.hero?.link ?? null)
            : { label: 'Se hela sortimentet', href: paths.products() }
        }
        nodes={page?.hero?.nodes}
      />
      {page ? (
        <div className="start-page__content">
          <CmsBlocks blocks={page.values.content.blocks} data={blockData} />
        </div>
      ) : null}
      <CategoryTiles categories={categories} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
    </div>
  );
}
