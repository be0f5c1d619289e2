import { Form, Link, useNavigation } from 'react-router';
import type { NotificationPage } from '@bygg/contracts/trade/events';
import { formatDateTime } from '~/lib/format.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { DashboardLoading, Refusal } from './dashboard-parts.tsx';
import { useDashboard } from './dashboard-model.ts';
import './dashboard.css';

type EventsPageProps = {
  events: NotificationPage | null;
  page: number;
  pageCount: number;
  refused: string | null;
};

/** Händelser (trade-area §2): the user's events, unseen ones marked, each can be marked seen. */
export function EventsPage({ events, page, pageCount, refused }: EventsPageProps) {
  const { store } = useDashboard();
  const navigation = useNavigation();
  const here = dashboardPath(store, 'dashboard-events');
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Händelser</h1>
        {events ? (
          <p className="dashboard__lead">
            {events.unseen_count === 0
              ? 'Du har sett alla händelser.'
              : `${events.unseen_count} ${events.unseen_count === 1 ? 'ny händelse' : 'nya händelser'}.`}
          </p>
        ) : null}
      </header>
      {navigation.state === 'loading' && navigation.location.pathname === here ? (
        <DashboardLoading label="Hämtar händelserna …" />
      ) : null}
      {refused ? <Refusal message={refused} /> : null}
      {events && events.results.length === 0 ? <p>Inga händelser ännu.</p> : null}
      {events && events.results.length > 0 ? (
        <ul className="dashboard-list">
          {events.results.map((event) => (
            <li
              key={event.id}
              className={
                event.is_seen
                  ? 'dashboard-list__item'
                  : 'dashboard-list__item dashboard-list__item--new'
              }
            >
              <div>
                <h2 className="dashboard-list__title">
                  {event.is_seen ? null : <span className="dashboard-list__new">Ny</span>}
                  {event.title}
                </h2>
                <p className="dashboard-list__text">{event.text}</p>
                <p className="dashboard-list__meta">
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                </p>
              </div>
              {event.is_seen ? null : (
                <Form method="post" className="dashboard-list__action">
                  <input type="hidden" name="id" value={event.id} />
                  <button type="submit" className="button button--secondary">
                    Markera som sedd<span className="visually-hidden">: {event.title}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {pageCount > 1 ? (
        <nav className="dashboard-pager" aria-label="Sidor">
          {page > 1 ? <Link to={`${here}?sida=${page - 1}`}>Föregående</Link> : null}
          <span>
            Sida {page} av {pageCount}
          </span>
          {page < pageCount ? <Link to={`${here}?sida=${page + 1}`}>Nästa</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}
