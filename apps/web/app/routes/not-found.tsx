import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { NOT_FOUND_META, NotFoundPage } from '~/features/not-found/not-found-page.tsx';

// Serves both /404 and every path no other route matches, always with status 404.

export const meta: Route.MetaFunction = () => NOT_FOUND_META;

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="container">
      <NotFoundPage />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
    </div>
  );
}
