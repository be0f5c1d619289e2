import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import {
  data as withHeaders,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import { modeFromPath } from '@bygg/domain/vat-display';
import type { Route } from './+types/root';
import { GeneralErrorBoundary } from '~/components/layout/general-error-boundary.tsx';
import { FocusAfterNavigation } from '~/components/layout/focus-after-navigation.tsx';
import { NavigationProgress } from '~/components/layout/navigation-progress.tsx';
import { OpenPanelProvider } from '~/components/layout/open-panel.tsx';
import { SkipLink } from '~/components/layout/skip-link.tsx';
import { CartProvider } from '~/components/cart/cart-provider.tsx';
import { AnalyticsHead } from '~/components/layout/analytics-head.tsx';
import { CookieSettingsLink } from '~/features/consent/cookie-settings-link.tsx';
import { consentState, REOPEN_QUERY } from '~/features/consent/consent-model.ts';
import { loadSessionUser } from '~/lib/session-api.server.ts';
import { buildMainMenuShell } from '~/features/main-menu/menu-tree.ts';
import { PunchoutBanner } from '~/features/punchout/punchout-banner.tsx';
import { hasPunchoutCookie } from '~/features/punchout/punchout.server.ts';
import { NotFoundPage, notFoundMeta } from '~/features/not-found/not-found-page.tsx';
import { StoreChoiceProvider } from '~/features/stores/store-choice.tsx';
import { loadStoreChoice, storeDetail } from '~/features/stores/stores.server.ts';
import type { StoreChoice } from '~/features/stores/store-model.ts';
import { preferredStore } from '~/features/login/preferred-store.ts';
import type { SessionUserSummary } from '~/lib/session-api.server.ts';
import { COOKIE_NAMES, PREFERENCE_COOKIE_MAX_AGE_S } from '@bygg/contracts/cookies';
import { isSecureRequest, serializeCookie } from '~/lib/cookies.server.ts';
import { apiFor } from '~/lib/api.server.ts';
import { getEnv } from '~/lib/env.server.ts';
import { loadShellData } from '~/lib/shell-data.server.ts';
import { isDashboardPath, PathsContext, pathsFor, variantFromPath } from '~/lib/paths.ts';
import { readVisitor } from '~/lib/visitor.server.ts';
import { PicklistAccessContext } from '~/lib/picklist/picklist-access.ts';
import { loadPicklistAccess } from '~/lib/picklist/picklist-access.server.ts';
import { useNonce } from '~/lib/nonce.ts';
import './app.css';
// The styles of the lazily hydrated parts below that the server renders: with the first
// paint, not with their chunks.
import '~/features/footer/footer.css';
import '~/features/notices/notices.css';

const MAIN_ID = 'innehall';

// Issue 3 (first-load JavaScript): parts of the frame nobody needs to start using the page
// come in chunks of their own. The server renders them as before (it waits for the chunk),
// and the browser hydrates them once their chunk has arrived.
const Toaster = lazy(() =>
  import('~/components/ui/toaster.tsx').then((module) => ({ default: module.Toaster })),
);
const MiniCart = lazy(() =>
  import('~/features/cart/mini-cart.tsx').then((module) => ({ default: module.MiniCart })),
);
const ConsentDialog = lazy(() =>
  import('~/features/consent/consent-dialog.tsx').then((module) => ({
    default: module.ConsentDialog,
  })),
);
const NewsletterModal = lazy(() =>
  import('~/features/newsletter/newsletter-modal.tsx').then((module) => ({
    default: module.NewsletterModal,
  })),
);
// The header with the main menu, search and the account, store, picklist and cart buttons
// (ADR 016): the server renders it as before; the browser hydrates it once its chunk, asked
// for as hydration starts, has arrived. Until then its links and the GET search form work
// as they do before hydration.
const PageHeader = lazy(() =>
  import('~/page-header.tsx').then((module) => ({
    default: module.PageHeader,
  })),
);
/**
 * The header's server markup, kept when the page's code starts, is the fallback of the
 * header's Suspense boundary: should React have to render the boundary before the header's
 * chunk has arrived (a navigation or a panel opened from the page changes a context above it),
 * the visitor sees the same header, with working links and search form, not none (ADR 016).
 */
const serverHeader =
  typeof document === 'undefined'
    ? ''
    : (document.querySelector('header.site-header')?.innerHTML ?? '');
function HeaderUntilHydrated() {
  return serverHeader ? (
    <header className="site-header" dangerouslySetInnerHTML={{ __html: serverHeader }} />
  ) : null;
}
// Below the fold, shown only when a flag or a failure says so, or only after hydration: none
// of these is needed to start using the page.
const DeferredFooter = lazy(() =>
  import('~/features/footer/deferred-footer.tsx').then((module) => ({
    default: module.DeferredFooter,
  })),
);
const PartnerLogos = lazy(() =>
  import('~/features/notices/partner-logos.tsx').then((module) => ({
    default: module.PartnerLogos,
  })),
);
const TechnicalProblemsNotice = lazy(() =>
  import('~/features/notices/technical-problems-notice.tsx').then((module) => ({
    default: module.TechnicalProblemsNotice,
  })),
);
const DeliveryDelayNotice = lazy(() =>
  import('~/features/cart/delivery-delay-notice.tsx').then((module) => ({
    default: module.DeliveryDelayNotice,
  })),
);
// Only a signed-in visitor can be an editor (issue 6).
const EditorBootstrap = lazy(() =>
  import('~/features/editor/editor-bootstrap.tsx').then((module) => ({
    default: module.EditorBootstrap,
  })),
);

/**
 * The consent-mode head script (spec §4), which must precede any tag-manager script. Only
 * the server builds its text (issue 3: the builder and the tag-manager loader it inlines are
 * no browser code); the browser keeps the text of the server's element (the props made it),
 * as a script element runs once and later consent changes go through `applyMarketingConsent`.
 */
function BrowserConsentModeScript(_props: ComponentProps<typeof AnalyticsHead>) {
  const [script] = useState(() => document.getElementById('consent-mode')?.innerHTML ?? '');
  return <script id="consent-mode" dangerouslySetInnerHTML={{ __html: script }} />;
}
const ConsentModeScript = import.meta.env.SSR ? AnalyticsHead : BrowserConsentModeScript;

/** A consent choice made on the page; the consent-mode code comes with the first one. */
function applyMarketingConsent(marketing: boolean, gtmId: string | null): void {
  void import('~/lib/analytics/consent-mode.ts').then((module) =>
    module.applyMarketingConsent(marketing, gtmId),
  );
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: Route.MetaFunction = ({ data, error }) => {
  const notFound = notFoundMeta(error);
  if (notFound) return notFound;
  const name = data?.organisation.name;
  return [{ title: name ? `${name} – byggvaror och byggmaterial` : 'Byggvaror och byggmaterial' }];
};

/**
 * A logged-in trade user without a chosen store (a session from before the login chose one,
 * or a cleared store cookie) gets their preferred store (trade-area §4) as the chosen store,
 * and the cookie with it, so the header never asks them to 'Välj butik' (issue 17). The
 * login action chooses it in the first place (features/login/preferred-store.ts).
 */
async function withPreferredStore(
  request: Request,
  choice: StoreChoice,
  user: SessionUserSummary | null,
): Promise<{ choice: StoreChoice; cookie: string | null }> {
  if (!user || choice.chosen) return { choice, cookie: null };
  const store = preferredStore(user.stores, {
    next: new URL(request.url).pathname,
    chosenStoreId: null,
  });
  const chosen = store
    ? await storeDetail(request, store.id).catch((error: unknown) => {
        console.error('Could not load the preferred store; the page continues without it:', error);
        return null;
      })
    : null;
  if (!chosen) return { choice, cookie: null };
  const cookie = serializeCookie(COOKIE_NAMES.store, String(chosen.id), {
    maxAgeSeconds: PREFERENCE_COOKIE_MAX_AGE_S,
    secure: isSecureRequest(request),
  });
  return { choice: { ...choice, chosen }, cookie };
}

export async function loader({ request }: Route.LoaderArgs) {
  // Login (issue 6): the logged-in user's name is asked for alongside the shell, not after it;
  // no API call without a valid session cookie.
  const signedIn = readVisitor(request, getEnv().sessionSecret).session !== null;
  const [shell, visitorChoice, deliveryDelayNotice, sessionUser] = await Promise.all([
    loadShellData(request),
    loadStoreChoice(request),
    // Cart (issue 5): the delivery-delay notice flag (spec §6); the organisation call is shared.
    apiFor(request)
      .organisation()
      .then(
        (organisation) => organisation.flags.deliveryDelayNotice === true,
        () => false,
      ),
    signedIn ? loadSessionUser(request) : null,
  ]);
  const { choice: storeChoice, cookie } = await withPreferredStore(
    request,
    visitorChoice,
    sessionUser,
  );
  return withHeaders(
    {
      organisation: shell.organisation,
      // Issue 3: the category tree is not sent with every page (it was most of the HTML); the
      // menu fetches it from /resurser/meny when it is first used.
      menu: buildMainMenuShell(shell.menuItems),
      labels: shell.labels,
      isSignedIn: shell.visitor.session !== null,
      // The name and role only: the page needs no more of the user.
      sessionUser: sessionUser ? { name: sessionUser.name, role: sessionUser.role } : null,
      // Spec §6: the login button shows where the store has trade accounts (proffs_enabled).
      // With no store chosen it shows: some store has them, and login leads to the user's own.
      loginOffered: storeChoice.chosen?.proffsEnabled ?? true,
      // Cart (issue 5): proffs prices and the proffs cart total, as the catalogue decides it.
      isProffsUser: (shell.visitor.session?.proffs_stores.length ?? 0) > 0,
      deliveryDelayNotice,
      footer: shell.footer,
      storeChoice,
      // Picklist (issue 5): where it exists for this visitor; the organisation call is shared.
      picklist: await loadPicklistAccess(request, shell.visitor, storeChoice.chosen?.id ?? null),
      consent: consentState(shell.visitor),
      gtmId: getEnv().gtmId,
      // Search (issue 4): the retail-search tracker's website id; null logs its commands.
      retailSearchWebsiteId: getEnv().retailSearchWebsiteId,
      // Notices (issue 6): the catalogue could not be loaded, so search and products are down.
      technicalProblems: shell.catalogueUnavailable,
      // Punch-out (issue 22): a purchasing system's session is open; the banner shows and the
      // cart goes back to it instead of to the checkout.
      punchout: hasPunchoutCookie(request),
      // Error reporting (issue 6): the public DSN, environment and release; null sends nothing.
      errorReporting: getEnv().errorReporting,
    },
    cookie ? { headers: { 'Set-Cookie': cookie } } : undefined,
  );
}

/** The root loader's data as the routes below read it (matches / useRouteLoaderData). */
export type RootLoaderData = Awaited<ReturnType<typeof loader>>['data'];

/** Header data does not change between pages; refetch it only after a form was posted. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // Every inline script carries the CSP nonce of the render (ADR 023).
  const nonce = useNonce();
  return (
    <html lang="sv" data-organisation={data?.organisation.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta
          name="theme-color"
          content={data?.organisation.id === 'building-supply' ? '#1b4a80' : '#0e6442'}
        />
        {/* Consent-mode defaults must precede any tag-manager script (spec §4). */}
        <ConsentModeScript
          gtmId={data?.gtmId ?? null}
          marketing={data?.consent.marketing ?? false}
          nonce={nonce}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

type ShellProps = { data: Route.ComponentProps['loaderData']; children: ReactNode };

/** Header, main menu, content and footer: the frame of every page. */
function Shell({ data, children }: ShellProps) {
  const { pathname, search } = useLocation();
  const mode = data.organisation.b2bPages
    ? modeFromPath(pathname, { b2bPagesEnabled: true })
    : null;
  return (
    <>
      <SkipLink targetId={MAIN_ID} />
      <NavigationProgress />
      <FocusAfterNavigation mainId={MAIN_ID} />
      <Suspense fallback={<HeaderUntilHydrated />}>
        <PageHeader
          organisation={data.organisation}
          labels={data.labels}
          mode={mode}
          retailSearchWebsiteId={data.retailSearchWebsiteId}
          menu={data.menu}
          sessionUser={data.sessionUser}
          loginOffered={data.loginOffered}
        />
      </Suspense>
      <Suspense fallback={null}>
        <DeliveryDelayNotice enabled={data.deliveryDelayNotice} />
        <TechnicalProblemsNotice show={data.technicalProblems} />
      </Suspense>
      {data.punchout ? <PunchoutBanner /> : null}
      <main id={MAIN_ID} className="page-main" tabIndex={-1}>
        {/* ADR 052: the page inside a boundary of its own hydrates after the shell, in slices
            the browser can interrupt (React hydrates a server-rendered Suspense boundary at
            offscreen priority, yielding every few ms), not in one long task. A click on it
            before then hydrates it first and is replayed. Nothing in it suspends on the server. */}
        <Suspense fallback={null}>{children}</Suspense>
      </main>
      <Suspense fallback={null}>
        {/* Spec §6: the extra logos of the sports-sponsor and charity flags. */}
        {data.organisation.flags.sportsSponsorLogo || data.organisation.flags.charityLogo ? (
          <PartnerLogos
            sportsSponsor={data.organisation.flags.sportsSponsorLogo}
            charity={data.organisation.flags.charityLogo}
          />
        ) : null}
        <DeferredFooter footer={data.footer} organisationName={data.organisation.name} />
      </Suspense>
      <div className="cookie-settings">
        <CookieSettingsLink />
      </div>
      <Suspense fallback={null}>
        {/* A returning visitor's pages leave the dialog (and its chunk) out until the
            settings link asks for it (ADR 052). */}
        {!data.consent.answered || new URLSearchParams(search).has(REOPEN_QUERY) ? (
          <ConsentDialog
            consent={data.consent}
            onConsentChange={(marketing) => applyMarketingConsent(marketing, data.gtmId)}
          />
        ) : null}
        <MiniCart />
      </Suspense>
      {data.organisation.flags.newsletterModal ? (
        <Suspense fallback={null}>
          <NewsletterModal enabled consentGiven={data.consent.answered} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <Toaster tradeArea={isDashboardPath(pathname)} />
      </Suspense>
      {/* The editor overlay (issue 6): asked for only when a session exists. */}
      {data.isSignedIn ? (
        <Suspense fallback={null}>
          <EditorBootstrap signedIn />
        </Suspense>
      ) : null}
    </>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  // The page's variant (mode, store, central) read from the URL once; every link uses it.
  const { pathname } = useLocation();
  const paths = useMemo(() => pathsFor(variantFromPath(pathname)), [pathname]);
  // Loads the error-reporting SDK only when a DSN is configured (issue 6), and its set-up
  // code with it (issue 3).
  useEffect(() => {
    const config = data.errorReporting;
    if (!config) return;
    void import('~/lib/error-reporting.ts').then((module) =>
      module.startBrowserErrorReporting(config),
    );
  }, [data.errorReporting]);
  return (
    <StoreChoiceProvider choice={data.storeChoice}>
      {/* Open panels and the cart outlive page changes; the cart opens its mini cart panel. */}
      <OpenPanelProvider>
        <CartProvider
          organisation={data.organisation.id}
          b2bPages={data.organisation.b2bPages}
          proffsUser={data.isProffsUser}
          consentGiven={data.consent.answered}
        >
          <PicklistAccessContext.Provider value={data.picklist}>
            <PathsContext.Provider value={paths}>
              <Shell data={data}>
                <Outlet />
              </Shell>
            </PathsContext.Provider>
          </PicklistAccessContext.Provider>
        </CartProvider>
      </OpenPanelProvider>
    </StoreChoiceProvider>
  );
}

/**
 * Errors that reach the root come from the shell itself or its loader (every page route has
 * its own boundary inside the shell), so this screen stands alone without header or footer.
 */
export function ErrorBoundary() {
  return (
    <main id={MAIN_ID} className="page-main page-main--bare">
      <div className="container">
        <GeneralErrorBoundary statusHandlers={{ 404: () => <NotFoundPage /> }} />
      </div>
    </main>
  );
}
