import { isRouteErrorResponse, Link } from 'react-router';
import './not-found.css';

export const NOT_FOUND_TITLE = 'Sidan kunde inte hittas';

/** The meta of a page that answered 404: the not-found title, kept out of search indexes. */
export const NOT_FOUND_META = [{ title: NOT_FOUND_TITLE }, { name: 'robots', content: 'noindex' }];

/** A route's meta for its error: the not-found meta after a 404, else null. */
export function notFoundMeta(error: unknown) {
  return isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_META : null;
}

/**
 * The not-found page exactly as storefront spec §2 lists it: heading, hint about typos or
 * moved pages, link to the start page. The popular-products block shows only when a
 * recommendations key is configured; no such key exists yet, so there is no block.
 */
export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-heading">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading">Sidan kunde inte hittas</h1>
      <p className="not-found__hint">
        Sidan du letar efter finns inte. Kontrollera att adressen är rätt stavad – sidan kan också
        ha flyttats eller tagits bort.
      </p>
      <Link className="button button--primary" to="/">
        Till startsidan
      </Link>
    </section>
  );
}
