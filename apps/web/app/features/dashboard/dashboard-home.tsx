import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { dashboardPath, usePaths } from '~/lib/paths.ts';
import { hasRight, useDashboard } from './dashboard-model.ts';
import './dashboard.css';

/**
 * The dashboard's start page (trade-area §2 '/'): who is logged in, for which company and
 * store, the way into the store's shop, and the user's other stores. The trade issues that
 * follow add projects, offers, orders and invoices here.
 */
export function DashboardHome() {
  const { user, store, otherStores, access, unseenCount, customer } = useDashboard();
  // The dashboard URL is in the store's (or the central) variant: its shop links follow it.
  const paths = usePaths();
  return (
    <div className="container dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">Dashboard</h1>
        <p className="dashboard__lead">
          Inloggad som <strong>{user.name}</strong>
          {user.company ? <>, {user.company}</> : null}.
        </p>
      </header>
      <div className="dashboard__grid">
        <section className="dashboard__card" aria-labelledby="dashboard-store-heading">
          <h2 id="dashboard-store-heading" className="dashboard__card-title">
            {store.isCentral ? 'Rikskund' : 'Din butik'}
          </h2>
          <p className="dashboard__store">{store.name}</p>
          <ul className="dashboard__links">
            <li>
              <Link to={paths.products()}>
                {store.isCentral ? 'Handla i rikssortimentet' : 'Handla i butikens sortiment'}
              </Link>
            </li>
            <li>
              <Link to={paths.search()}>Sök bland produkterna</Link>
            </li>
            {store.isCentral ? null : (
              <li>
                <Link to={paths.store(store.slug)}>Öppettider och kontakt</Link>
              </li>
            )}
            <li>
              <Link to={paths.home()}>Till startsidan</Link>
            </li>
          </ul>
        </section>
        <section className="dashboard__card" aria-labelledby="dashboard-customer-heading">
          <h2 id="dashboard-customer-heading" className="dashboard__card-title">
            Företaget
          </h2>
          <p>{customer.name}</p>
          <ul className="dashboard__links">
            <li>
              <Link to={dashboardPath(store, 'dashboard-contact')}>Kontaktuppgifter</Link>
            </li>
            {access.role === 'admin' ? (
              <li>
                <Link to={dashboardPath(store, 'dashboard-settings')}>
                  Inställningar och användare
                </Link>
              </li>
            ) : null}
            <li>
              <Link to={dashboardPath(store, 'dashboard-privacy')}>Integritetspolicy</Link>
            </li>
          </ul>
        </section>
        <section className="dashboard__card" aria-labelledby="dashboard-events-heading">
          <h2 id="dashboard-events-heading" className="dashboard__card-title">
            Händelser
          </h2>
          <p>
            {unseenCount === 0
              ? 'Inga nya händelser.'
              : `${unseenCount} ${unseenCount === 1 ? 'ny händelse' : 'nya händelser'}.`}
          </p>
          <ul className="dashboard__links">
            <li>
              <Link to={dashboardPath(store, 'dashboard-events')}>Visa alla händelser</Link>
            </li>
          </ul>
        </section>
        {hasRight(access, 'projects') ? (
          <section className="dashboard__card" aria-labelledby="dashboard-projects-heading">
            <h2 id="dashboard-projects-heading" className="dashboard__card-title">
              Projekt
            </h2>
            <p>Samla bilder, dokument och fakturor för varje jobb.</p>
            <ul className="dashboard__links">
              <li>
                <Link to={dashboardPath(store, 'dashboard-projects')}>Visa projekt</Link>
              </li>
              <li>
                <Link to={dashboardPath(store, 'dashboard-project-create')}>Skapa projekt</Link>
              </li>
              <li>
                <Link to={dashboardPath(store, 'dashboard-customers')}>Kunder</Link>
              </li>
            </ul>
          </section>
        ) : null}
        {hasRight(access, 'invoices') ? (
          <section className="dashboard__card" aria-labelledby="dashboard-invoices-heading">
            <h2 id="dashboard-invoices-heading" className="dashboard__card-title">
              Fakturor
            </h2>
            <p>Se företagets fakturor och ladda ner dem som PDF.</p>
            <ul className="dashboard__links">
              <li>
                <Link to={dashboardPath(store, 'dashboard-invoices')}>Visa fakturor</Link>
              </li>
            </ul>
          </section>
        ) : null}
        {hasRight(access, 'offers') || hasRight(access, 'orders') ? (
          <section className="dashboard__card" aria-labelledby="dashboard-orders-heading">
            <h2 id="dashboard-orders-heading" className="dashboard__card-title">
              Offerter och ordrar
            </h2>
            <p>Butikens offerter till er, offertkorgen och företagets ordrar.</p>
            <ul className="dashboard__links">
              {hasRight(access, 'offers') ? (
                <li>
                  <Link to={dashboardPath(store, 'dashboard-quotes')}>Visa offerter</Link>
                </li>
              ) : null}
              {hasRight(access, 'orders') ? (
                <li>
                  <Link to={dashboardPath(store, 'dashboard-orders')}>Visa ordrar</Link>
                </li>
              ) : null}
            </ul>
          </section>
        ) : null}
        {otherStores.length > 0 ? (
          <nav
            id="byt-butik"
            className="dashboard__card"
            aria-labelledby="dashboard-other-stores-heading"
          >
            <h2 id="dashboard-other-stores-heading" className="dashboard__card-title">
              Byt butik
            </h2>
            <ul className="dashboard__links">
              {otherStores.map((other) => (
                <li key={other.href}>
                  <Link to={other.href}>{other.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </div>
  );
}

/** The dashboard could not be loaded: the session service did not answer. */
function DashboardUnavailable() {
  return (
    <section className="dashboard">
      <h1 className="dashboard__title">Dashboarden kunde inte visas</h1>
      <p>Vi kunde inte hämta dina uppgifter just nu. Försök igen om en stund.</p>
    </section>
  );
}

/**
 * The error boundary of the dashboard routes: 404 the not-found page (the route passes it in),
 * 503 the notice above, anything else the unexpected-error screen.
 */
export function DashboardErrorBoundary({ notFound }: { notFound: () => ReactNode }) {
  return <PageErrorBoundary notFound={notFound} unavailable={() => <DashboardUnavailable />} />;
}
