import type { Route } from './+types/dashboard-home';
import { DashboardHome } from '~/features/dashboard/dashboard-home.tsx';

// The dashboard's start page (trade-area spec §2 '/'); the layout route guards it and loads
// its data.

export const meta: Route.MetaFunction = () => [
  { title: 'Dashboard' },
  // A logged-in user's own page: nothing for a search engine.
  { name: 'robots', content: 'noindex' },
];

export default function DashboardHomeRoute() {
  return <DashboardHome />;
}
