import { data, redirect } from 'react-router';
import type { Route } from './+types/login';
import { Node, ContentProvider } from '~/components/content/content-node.tsx';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { LOGIN_INTRO } from '~/features/login/login-content.ts';
import { loginAction, safeNext } from '~/features/login/login-form.server.ts';
import { LoginPage } from '~/features/login/login-page.tsx';
import { loadSessionUser } from '~/lib/session-api.server.ts';
import { loadNodes } from '~/lib/content/nodes.server.ts';
import type { RootLoaderData } from '~/root.tsx';
import { NO_STORE, personalPageHeaders } from '~/lib/personal-page.ts';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.data as RootLoaderData | undefined;
  const name = root?.organisation.name;
  return [
    { title: name ? `Logga in – ${name}` : 'Logga in' },
    // A login form has nothing to index.
    { name: 'robots', content: 'noindex' },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  // Someone already logged in has nothing to do here: on to where they were going.
  if (await loadSessionUser(request)) throw redirect(next);
  const content = await loadNodes({ [LOGIN_INTRO.uri]: LOGIN_INTRO.default });
  return data({ next, content }, { headers: { 'cache-control': NO_STORE } });
}

/** Personal data: no cache keeps this page (lib/personal-page.ts). */
export const headers: Route.HeadersFunction = personalPageHeaders;

export async function action({ request }: Route.ActionArgs) {
  return loginAction(request);
}

export default function LoginRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  const root = matches[0]?.data as RootLoaderData | undefined;
  return (
    <ContentProvider values={loaderData.content}>
      <LoginPage
        next={loaderData.next}
        result={actionData}
        organisationName={root?.organisation.name ?? 'oss'}
        intro={<Node uri={LOGIN_INTRO.uri} defaultValue={LOGIN_INTRO.default} />}
      />
    </ContentProvider>
  );
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary />
    </div>
  );
}
