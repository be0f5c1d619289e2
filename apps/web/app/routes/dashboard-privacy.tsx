import { data } from 'react-router';
import type { Route } from './+types/dashboard-privacy';
import { loadCmsPage } from '~/features/cms-page/cms-page.server.ts';
import { requireDashboardStore } from '~/features/dashboard/dashboard-store.server.ts';
import { PrivacyPage } from '~/features/dashboard/privacy-page.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';

// Integritetspolicy (trade-area §2 /integritetspolicy): the chain's privacy policy from the
// CMS (the page at /integritetspolicy that editors keep), inside the trade area. Without it,
// or when the CMS does not answer, the page shows its own Swedish text.

/** The CMS page the trade area shows. */
const PRIVACY_CMS_PATH = '/integritetspolicy';

export const meta: Route.MetaFunction = () => [
  { title: 'Integritetspolicy' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireDashboardStore(request);
  const page = await loadCmsPage(request, PRIVACY_CMS_PATH).catch((error: unknown) => {
    console.error('Could not load the privacy policy from the CMS; showing the default:', error);
    return null;
  });
  return data(
    {
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

export default function DashboardPrivacyRoute({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage page={loaderData.page} />;
}
