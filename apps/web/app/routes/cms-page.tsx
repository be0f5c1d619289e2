import { data } from 'react-router';
import { isEnabled } from '@bygg/domain/organisations';
import type { Route } from './+types/cms-page';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { CmsPage } from '~/features/cms-page/cms-page.tsx';
import { loadCmsPage } from '~/features/cms-page/cms-page.server.ts';
import { cmsPagePath } from '~/features/cms-page/cms-path.ts';
import { NOT_FOUND_META, NotFoundPage } from '~/features/not-found/not-found-page.tsx';
import { preferredStore } from '~/features/login/preferred-store.ts';
import { TradeWelcome } from '~/features/login/trade-welcome.tsx';
import { flagsForPath } from '~/lib/feature-flags.ts';
import { COOKIE_NAMES, StoreCookieSchema } from '@bygg/contracts/cookies';
import { parseCookieHeader } from '~/lib/cookies.server.ts';
import { dashboardPath } from '~/lib/paths.ts';
import { NO_STORE } from '~/lib/personal-page.ts';
import { loadTradeUser } from '~/lib/session-api.server.ts';
import { loadOrganisation } from '~/lib/shell-data.server.ts';

// CMS pages (spec §2 /{slugs...}): the help area, the guide, the privacy pages and every
// other page editors make. This route is also the app's catch-all: a path with no page is
// the not-found page with status 404.

export const meta: Route.MetaFunction = ({ data: loaded, error, matches }) => {
  if (error || !loaded) return NOT_FOUND_META;
  const root = matches.find((match) => match?.id === 'root')?.data as
    { organisation?: { name: string } } | undefined;
  const name = root?.organisation?.name;
  const tags = [{ title: name ? `${loaded.page.title} | ${name}` : loaded.page.title }];
  return loaded.page.description
    ? [...tags, { name: 'description', content: loaded.page.description }]
    : tags;
};

/** The pages that pitch a trade account: a logged-in trade user gets the way in instead. */
const TRADE_ACCOUNT_PAGES = new Set(['/proffs', '/xlhjalpen/proffskonto']);

/**
 * Issue 17: on the proffs pages a logged-in trade user is not asked to apply for an account;
 * they get their name and the link to their dashboard. No call without a session cookie; a
 * failure leaves the page as every visitor sees it.
 */
async function tradeWelcome(request: Request, path: string) {
  if (!TRADE_ACCOUNT_PAGES.has(path)) return null;
  const user = await loadTradeUser(request).catch((error: unknown) => {
    console.error('Could not load the trade user for a proffs page:', error);
    return null;
  });
  if (!user?.company) return null;
  const chosen = StoreCookieSchema.safeParse(
    parseCookieHeader(request.headers.get('cookie')).get(COOKIE_NAMES.store),
  );
  const store = preferredStore(user.stores, {
    next: '/',
    chosenStoreId: chosen.success ? chosen.data : null,
  });
  if (!store) return null;
  return {
    name: user.name,
    company: user.company.name,
    dashboardHref: dashboardPath({ slug: store.slug, isCentral: store.is_central }),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const path = cmsPagePath(pathname);
  if (path === null || path === '/') throw data(null, { status: 404 });
  // Spec §6: a feature that is off has no route (the guide, brand pages, all CMS pages).
  const { flags } = await loadOrganisation(request);
  if (!flagsForPath(pathname).every((flag) => isEnabled(flags, flag))) {
    throw data(null, { status: 404 });
  }
  const [page, welcome] = await Promise.all([
    loadCmsPage(request, path),
    tradeWelcome(request, path),
  ]);
  if (!page) throw data(null, { status: 404 });
  // A page that greets the user by name is theirs alone: no shared cache keeps it.
  return welcome
    ? data({ page, welcome }, { headers: { 'Cache-Control': NO_STORE } })
    : { page, welcome };
}

/** A page with the trade user's welcome is personal (its loader says no-store); others not. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get('Cache-Control');
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers();
};

export default function CmsPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, welcome } = loaderData;
  return (
    <CmsPage page={page} replaceBlocks={welcome ? <TradeWelcome {...welcome} /> : undefined} />
  );
}

export function ErrorBoundary() {
  return (
    <div className="container">
      <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
    </div>
  );
}
