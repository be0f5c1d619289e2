import { useOutletContext } from 'react-router';
import type { Route } from './+types/dashboard-messages';
import type { DashboardData } from '~/features/dashboard/dashboard-model.ts';
import { MessagesPanel } from '~/features/messages/messages-panel.tsx';
import { personalPageHeaders } from '~/lib/personal-page.ts';

// Meddelanden (trade-area §2 /meddelanden/, issue 20): the customer's threads with the store,
// a project's participants, one conversation (?projekt=, ?konversation=). The dashboard
// layout's loader is the guard; the panel reads and polls through the trade request helper.

export const meta: Route.MetaFunction = () => [
  { title: 'Meddelanden' },
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = personalPageHeaders;

export default function DashboardMessagesRoute() {
  const dashboard = useOutletContext<DashboardData>();
  return (
    <div className="container dashboard">
      <MessagesPanel
        config={{
          eid: dashboard.eid,
          side: 'proffs',
          // Spec §4: no polling for central store users.
          poll: !dashboard.store.isCentral,
          storeName: dashboard.store.name,
        }}
      />
    </div>
  );
}
