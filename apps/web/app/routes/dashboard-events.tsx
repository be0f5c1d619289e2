import { data } from 'react-router';
import { NotificationPageSchema } from '@bygg/contracts/trade/events';
import type { Route } from './+types/dashboard-events';
import {
  refusalOrThrow,
  requireDashboardStore,
} from '~/features/dashboard/dashboard-store.server.ts';
import { EventsPage } from '~/features/dashboard/events-page.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';
import { proffsPath } from '~/lib/trade-request.ts';
import { tradeRequestFor } from '~/lib/trade-request.server.ts';

// Händelser (trade-area §2 /handelser/): the user's events, newest first, 20 a page; an event
// is marked as seen with PUT notification/{id}/mark_as_seen/.

export const meta: Route.MetaFunction = () => [
  { title: 'Händelser' },
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const store = await requireDashboardStore(request);
  const page = Number(new URL(request.url).searchParams.get('sida') ?? '1');
  if (!Number.isInteger(page) || page < 1 || page > 100_000)
    throw data(null, { status: 404, headers: { 'Cache-Control': NO_STORE } });
  try {
    const reply = await tradeRequestFor(request).get(
      proffsPath(store.external_id, 'notification/'),
      {
        page,
        page_size: PAGE_SIZE,
      },
    );
    const events = NotificationPageSchema.parse(reply.data);
    return data(
      { events, page, pageCount: Math.max(1, Math.ceil(events.count / PAGE_SIZE)), refused: null },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  } catch (error) {
    return data(
      { events: null, page, pageCount: 1, ...refusalOrThrow(error) },
      { headers: { 'Cache-Control': NO_STORE } },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const store = await requireDashboardStore(request);
  const form = await request.formData();
  const id = Number(form.get('id'));
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
    return data({ error: 'Händelsen finns inte' }, { status: 400 });
  try {
    await tradeRequestFor(request).put(
      proffsPath(store.external_id, `notification/${id}/mark_as_seen/`),
    );
    return { error: null };
  } catch (error) {
    const { refused } = refusalOrThrow(error);
    return data({ error: refused }, { status: 403 });
  }
}

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardEventsRoute({ loaderData }: Route.ComponentProps) {
  return <EventsPage {...loaderData} />;
}
