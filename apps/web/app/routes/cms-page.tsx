import { data } from 'react-router';
import { isEnabled } from '@bygg/domain/organisations';
import type { Route } from './+types/cms-page';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { CmsPage } from '~/features/cms-page/cms-page.tsx';
import { loadCmsPage } from '~/features/cms-page/cms-page.server.ts';
import { cmsPagePath } from '~/features/cms-page/cms-path.ts';
import { NOT_FOUND_META, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { flagsForPath } from '~/lib/feature-flags.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';

// CMS pages (spec §2 /{slugs...}): the help area, the guide, the privacy pages and every
// other page editors make. This route is also the app's catch-all: a path with no page is
// the not-found page with status 404.

export const meta: Route.MetaFunction = ({ data: loaded, error, matches }) => {
  if (error || !loaded) return NOT_FOUND_META;
  const root = matches.find((match) => match?.id === 'root')?.data as
    { organisation?: { name: string } } | undefined;
  const name = root?.organisation?.name;
  const tags = [{ title: name ? `${loaded.page.title} | ${name}` : loaded.page.title }];
  return loaded.page.description
    ? [...tags, { name: 'description', content: loaded.page.description }]
    : tags;
};

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const path = cmsPagePath(pathname);
  if (path === null || path === '/') throw data(null, { status: 404 });
  // Spec §6: a feature that is off has no route (the guide, brand pages, all CMS pages).
  const { flags } = await loadOrganisation(request);
  if (!flagsForPath(pathname).every((flag) => isEnabled(flags, flag))) {
    throw data(null, { status: 404 });
  }
  const page = await loadCmsPage(request, path);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export default function CmsPageRoute({ loaderData }: Route.ComponentProps) {
  return <CmsPage page={loaderData.page} />;
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
    </div>
  );
}
