import { Link, useLocation } from 'react-router';
import { REOPEN_QUERY } from './consent-model.ts';

/** 'Cookieinställningar': opens the dialog again on the current page. */
export function CookieSettingsLink({ className }: { className?: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(REOPEN_QUERY, '');
  return (
    <Link
      to={{ pathname: location.pathname, search: `?${params.toString()}` }}
      preventScrollReset
      replace
      className={className}
    >
      Cookieinställningar
    </Link>
  );
}
