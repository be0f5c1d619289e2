import { data } from 'react-router';
import { ProjectListQuerySchema, ProjectPageSchema } from '@bygg/contracts/trade/projects';
import type { Route } from './+types/dashboard-projects';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { ProjectsPage, projectFilters } from '~/features/dashboard/projects-page.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Projekt (trade-area §2 /projekt/): the projects the user may see in this store (GET
// project/), searched and filtered by status in the address (sok, status, sida). Needs the
// projects right; without it the page shows the API's refusal.

export const meta: Route.MetaFunction = () => [
  { title: 'Projekt' },
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const filters = projectFilters(new URL(request.url).searchParams);
  const query = ProjectListQuerySchema.safeParse({
    ...filters.query,
    page: filters.page,
    page_size: PAGE_SIZE,
  });
  // A filter the API would refuse (an unknown status) is the not-found page, like the API's 400.
  if (!query.success) throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  try {
    const reply = await tradeRequestFor(request).get(
      proffsPath(store.external_id, 'project/'),
      query.data,
    );
    const projects = ProjectPageSchema.parse(reply.data);
    return data(
      {
        filters: filters.values,
        projects,
        page: filters.page,
        pageCount: Math.max(1, Math.ceil(projects.count / PAGE_SIZE)),
        refused: null,
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      {
        filters: filters.values,
        projects: null,
        page: filters.page,
        pageCount: 1,
        ...refusalOrThrow(error),
      },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardProjectsRoute({ loaderData }: Route.ComponentProps) {
  return <ProjectsPage {...loaderData} />;
}
