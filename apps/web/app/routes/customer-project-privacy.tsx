import { data, Link } from 'react-router';
import type { Route } from './+types/customer-project-privacy';
import { loadCmsPage } from '~/features/cms-page/cms-page.server.ts';
import { PrivacyPage } from '~/features/dashboard/privacy-page.tsx';
import { customerProjectPath } from '~/lib/paths.ts';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { projectIdOf } from '~/features/dashboard/customer-project-page.tsx';

// Integritetspolicy in the end customer's project view (trade-area §2
// /projekt/{id}/integritetspolicy/): the chain's policy from the CMS, or the page's own text,
// with the way back to the project. noindex.

const PRIVACY_CMS_PATH = '/integritetspolicy';

export const meta: Route.MetaFunction = () => [
  { title: 'Integritetspolicy' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = projectIdOf(params.id);
  if (id === null) throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  const page = await loadCmsPage(request, PRIVACY_CMS_PATH).catch((error: unknown) => {
    console.error('Could not load the privacy policy from the CMS; showing the default:', error);
    return null;
  });
  return data(
    {
      back: customerProjectPath(params.storeSlug, id),
      page: page
        ? {
            title: page.title,
            description: page.description,
            blocks: page.blocks,
            blockData: page.blockData,
          }
        : null,
    },
    { headers: { 'Cache-Control': NO_STORE } },
  );
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function CustomerProjectPrivacyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <nav aria-label="Brödsmulor" className="container project-breadcrumbs">
        <Link to={loaderData.back}>Tillbaka till projektet</Link>
      </nav>
      <PrivacyPage page={loaderData.page} />
    </>
  );
}
