import { Link } from 'react-router';
import type { ListingState } from './listing-query.ts';
import { pageHref, pagerItems } from './listing-query.ts';

type PaginationProps = {
  pathname: string;
  state: ListingState;
  totalPages: number;
};

/** Plain links (works without JavaScript); the current page carries aria-current. */
export function Pagination({ pathname, state, totalPages }: PaginationProps) {
  if (totalPages <= 1) return null;
  const current = Math.min(state.page, totalPages);
  return (
    <nav className="pagination" aria-label="Sidnavigering">
      <ul>
        {current > 1 ? (
          <li>
            <Link
              to={pageHref(pathname, state, current - 1)}
              rel="prev"
              className="pagination__step"
            >
              Föregående
            </Link>
          </li>
        ) : null}
        {pagerItems(current, totalPages).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={pageHref(pathname, state, page)}
                aria-current={page === current ? 'page' : undefined}
                aria-label={`Sida ${page}`}
                className="pagination__page"
              >
                {page}
              </Link>
            </li>
          ),
        )}
        {current < totalPages ? (
          <li>
            <Link
              to={pageHref(pathname, state, current + 1)}
              rel="next"
              className="pagination__step"
            >
              Nästa
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
