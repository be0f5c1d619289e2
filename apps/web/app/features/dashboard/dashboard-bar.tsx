import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useLocation } from 'react-router';
import { NotificationPageSchema } from '@bygg/contracts/trade/events';
import { dashboardPath, loginPath } from '~/lib/paths.ts';
import { browserTradeRequest, proffsPath } from '~/lib/trade-request.ts';
import { type DashboardData, NOTIFICATION_POLL_MS } from './dashboard-model.ts';

/**
 * The trade area's bar above every dashboard page (trade-area §2): the central lockup with the
 * customer's logo, the events badge (polled every 60 s, §9) and the user dropdown: Dashboard,
 * Händelser, Meddelanden, Inställningar (administrators), Logga ut, the chosen store, and a
 * change-store link when the user has several stores with trade accounts (proffs_stores).
 */
export function DashboardBar({ dashboard }: { dashboard: DashboardData }) {
  const unseen = useUnseenCount(dashboard.eid, dashboard.unseenCount);
  const home = dashboardPath(dashboard.store);
  const events = dashboardPath(dashboard.store, 'dashboard-events');
  return (
    <div className="dashboard-bar">
      <div className="container dashboard-bar__inner">
        <Link to={home} className="dashboard-bar__lockup">
          {dashboard.store.isCentral && dashboard.customer.logoUrl ? (
            <img
              src={dashboard.customer.logoUrl}
              alt={dashboard.customer.name}
              className="dashboard-bar__logo"
            />
          ) : (
            <span className="dashboard-bar__company">{dashboard.customer.name}</span>
          )}
        </Link>
        <div className="dashboard-bar__actions">
          <Link to={events} className="dashboard-bar__events">
            Händelser
            {unseen > 0 ? (
              <span className="dashboard-bar__badge">
                <span aria-hidden="true">{unseen}</span>
                <span className="visually-hidden">, {unseen} nya</span>
              </span>
            ) : null}
          </Link>
          <UserMenu dashboard={dashboard} unseen={unseen} />
        </div>
      </div>
    </div>
  );
}

/** The disclosure menu of ADR 015: a button with aria-expanded, Escape closes and refocuses. */
function UserMenu({ dashboard, unseen }: { dashboard: DashboardData; unseen: number }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // A navigation closes the menu (state adjusted while rendering, not in an effect).
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  return (
    <div
      className="user-menu"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {dashboard.user.name}
        <span aria-hidden="true"> ▾</span>
      </button>
      <div id={menuId} className="user-menu__panel" hidden={!open}>
        <p className="user-menu__store">
          {dashboard.store.isCentral ? 'Rikskund' : 'Butik'}:{' '}
          <strong>{dashboard.store.name}</strong>
        </p>
        <ul className="user-menu__list">
          <li>
            <Link to={dashboardPath(dashboard.store)}>Dashboard</Link>
          </li>
          <li>
            <Link to={dashboardPath(dashboard.store, 'dashboard-events')}>
              Händelser{unseen > 0 ? ` (${unseen})` : ''}
            </Link>
          </li>
          <li>
            {/* The messages page (trade-area §2) comes with the conversations work. */}
            <Link to={`${dashboardPath(dashboard.store)}/meddelanden/`}>Meddelanden</Link>
          </li>
          {dashboard.access.role === 'admin' ? (
            <li>
              <Link to={dashboardPath(dashboard.store, 'dashboard-settings')}>Inställningar</Link>
            </li>
          ) : null}
          {dashboard.otherStores.length > 0 ? (
            <li>
              <Link to={`${dashboardPath(dashboard.store)}#byt-butik`}>Byt butik</Link>
            </li>
          ) : null}
        </ul>
        <Form method="post" action={loginPath()}>
          <input type="hidden" name="intent" value="logout" />
          <input type="hidden" name="next" value={pathname} />
          <button type="submit" className="user-menu__logout">
            Logga ut
          </button>
        </Form>
      </div>
    </div>
  );
}

/** The badge's count: the loader's, then GET notification/ every 60 s in the browser. */
function useUnseenCount(eid: string, initial: number): number {
  // A new loader value (a navigation, a revalidation after marking seen) replaces the polled one.
  const [polled, setPolled] = useState<{ from: number; count: number } | null>(null);
  const count = polled && polled.from === initial ? polled.count : initial;
  useEffect(() => {
    const timer = window.setInterval(() => {
      browserTradeRequest()
        .get(proffsPath(eid, 'notification/'), { page_size: 1 })
        .then((reply) =>
          setPolled({
            from: initial,
            count: NotificationPageSchema.parse(reply.data).unseen_count,
          }),
        )
        .catch((error: unknown) => console.error('Could not poll the events:', error));
    }, NOTIFICATION_POLL_MS);
    return () => window.clearInterval(timer);
  }, [eid, initial]);
  return count;
}
