import { Link } from 'react-router';
import { CloseIcon } from '~/components/ui/icons/close-icon.tsx';
import { activeFilters, withoutFilters } from './active-filters.ts';
import type { BrandRef } from './listing-model.ts';
import type { ListingState } from './listing-query.ts';

/**
 * The chosen filters as chips above the products (issue 22): each a link to the listing
 * without it, so it works by keyboard and without JavaScript, plus one that clears them all.
 */
export function ActiveFilterChips({
  pathname,
  state,
  brands,
}: {
  pathname: string;
  state: ListingState;
  brands: readonly BrandRef[];
}) {
  const filters = activeFilters(state, brands);
  if (filters.length === 0) return null;
  return (
    <div className="active-filters">
      <h2 className="visually-hidden">Valda filter</h2>
      <ul className="active-filters__list">
        {filters.map((filter) => (
          <li key={filter.key}>
            <Link
              className="active-filters__chip"
              to={`${pathname}${filter.removeSearch}`}
              preventScrollReset
              aria-label={`Ta bort filtret ${filter.label}`}
            >
              {filter.label}
              <CloseIcon />
            </Link>
          </li>
        ))}
      </ul>
      {filters.length > 1 ? (
        <Link
          className="active-filters__clear"
          to={`${pathname}${withoutFilters(state)}`}
          preventScrollReset
        >
          Rensa alla filter
        </Link>
      ) : null}
    </div>
  );
}
