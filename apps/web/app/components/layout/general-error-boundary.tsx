import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import type { ReactNode } from 'react';

type StatusHandler = () => ReactNode;

/**
 * The one error boundary body every route uses. Expected failures are thrown responses
 * (404 → the not-found page, passed in by the route); anything else is unexpected and shows
 * the spec's literal 'Unexpected Application Error!' screen (storefront spec §8).
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler()}</>;
  }
  if (typeof document !== 'undefined') {
    // Server-side errors are logged by React Router's server handler already.
    console.error('Unexpected application error', error);
  }
  return <UnexpectedError />;
}

/**
 * A page route's boundary in the page's container: `notFound` for a 404 (the route passes the
 * not-found page in), `unavailable` for a 503 (the page's own notice that its data is down).
 */
export function PageErrorBoundary({
  notFound,
  unavailable,
}: {
  notFound: StatusHandler;
  unavailable?: StatusHandler;
}) {
  return (
    <div className="container">
      <GeneralErrorBoundary
        statusHandlers={unavailable ? { 404: notFound, 503: unavailable } : { 404: notFound }}
      />
    </div>
  );
}

export function UnexpectedError() {
  return (
    <section className="unexpected-error" aria-labelledby="unexpected-error-heading">
      <h1 id="unexpected-error-heading">Unexpected Application Error!</h1>
      <p>
        Något gick fel när sidan skulle visas. Försök igen om en liten stund. Om felet kvarstår kan
        du kontakta kundservice eller din lokala butik.
      </p>
      <Link className="button button--primary" to="/" reloadDocument>
        Till startsidan
      </Link>
    </section>
  );
}
