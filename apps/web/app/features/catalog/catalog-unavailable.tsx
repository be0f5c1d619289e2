import type { ReactNode } from 'react';
import { PageErrorBoundary } from '~/components/layout/general-error-boundary.tsx';

/** Spec §2: the technical-problems notice about search and product display. */
export function CatalogUnavailable() {
  return (
    <section className="catalog-unavailable" aria-labelledby="catalog-unavailable-heading">
      <h1 id="catalog-unavailable-heading">Produkterna kunde inte visas</h1>
      <p>
        Vi har just nu tekniska problem med sök och produktvisning. Försök igen om en stund, eller
        kontakta din lokala butik så hjälper de dig.
      </p>
    </section>
  );
}

/**
 * The error boundary of the catalog routes: 404 the not-found page (the route passes it in),
 * 503 the notice above, anything else the unexpected-error screen.
 */
export function CatalogErrorBoundary({ notFound }: { notFound: () => ReactNode }) {
  return <PageErrorBoundary notFound={notFound} unavailable={() => <CatalogUnavailable />} />;
}
