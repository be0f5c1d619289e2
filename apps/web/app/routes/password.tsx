import { data } from 'react-router';
import type { Route } from './+types/password';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { passwordAction } from '~/features/login/password-form.server.ts';
import { PasswordPage } from '~/features/login/password-page.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';

export const meta: Route.MetaFunction = () => [
  { title: 'Lösenord' },
  // A form with a personal link's token: nothing to index.
  { name: 'robots', content: 'noindex' },
];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  return data(
    { token: token && token.length <= 200 ? token : null },
    { headers: { 'cache-control': NO_STORE } },
  );
}

/** The link's token is in the address: no cache keeps this page (lib/personal-page.ts). */
export const headers: Route.HeadersFunction = personalPageHeaders;

export async function action({ request }: Route.ActionArgs) {
  return passwordAction(request);
}

export default function PasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordPage token={loaderData.token} result={actionData} />;
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary />
    </div>
  );
}
