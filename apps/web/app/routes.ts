import { index, route } from '@react-router/dev/routes';
import type { RouteConfigEntry, RouteConfig } from '@react-router/dev/routes';
import {
  DASHBOARD,
  DASHBOARD_PAGES,
  PAGES,
  PREFIXES,
  joinPattern,
  routeId,
} from './lib/route-table.ts';
import type { PageEntry, PrefixKey } from './lib/route-table.ts';

/** One route per page and prefix, with distinct ids (ADR 020); the table is lib/route-table.ts. */
function variants(id: string, page: PageEntry): RouteConfigEntry[] {
  return page.prefixes.map((prefix) => {
    const path = joinPattern(PREFIXES[prefix], page.path);
    const options = { id: routeId(id, prefix) };
    return path === '' ? index(page.file, options) : route(path, page.file, options);
  });
}

/** The dashboard's pages below one dashboard layout route (one variant of it). */
function dashboardPages(prefix: PrefixKey): RouteConfigEntry[] {
  return Object.entries(DASHBOARD_PAGES).map(([id, page]) =>
    page.path === ''
      ? index(page.file, { id: routeId(id, prefix) })
      : route(page.path, page.file, { id: routeId(id, prefix) }),
  );
}

export default [
  // Pages (storefront spec §2) under each of their prefixes.
  ...Object.entries(PAGES).flatMap(([id, page]) => variants(id, page)),
  // The trade area (trade-area spec §2): the guarded dashboard layout per store and central.
  ...DASHBOARD.prefixes.map((prefix) =>
    route(
      joinPattern(PREFIXES[prefix], DASHBOARD.path),
      DASHBOARD.file,
      { id: routeId('dashboard', prefix) },
      dashboardPages(prefix),
    ),
  ),
  // The end customer's project view (trade-area §2, issue 19): a project token, no session.
  route('kund/:storeSlug/dashboard/projekt/:id', 'routes/customer-project.tsx'),
  route(
    'kund/:storeSlug/dashboard/projekt/:id/integritetspolicy',
    'routes/customer-project-privacy.tsx',
  ),
  route('kund/:storeSlug/dashboard/projekt/:id/fil/:fileId', 'routes/customer-project-file.tsx', {
    id: 'customer-project-file',
  }),
  route(
    'kund/:storeSlug/dashboard/projekt/:id/fil/:fileId/miniatyr',
    'routes/customer-project-file.tsx',
    { id: 'customer-project-thumbnail' },
  ),
  // The end customer's messages (JSON) and their files (issue 20).
  route(
    'kund/:storeSlug/dashboard/projekt/:id/meddelanden',
    'routes/customer-project-messages.tsx',
  ),
  route(
    'kund/:storeSlug/dashboard/projekt/:id/meddelanden/:conversationId/bilaga/:fileId',
    'routes/customer-project-file.tsx',
    { id: 'customer-message-file' },
  ),
  route(
    'kund/:storeSlug/dashboard/projekt/:id/meddelanden/:conversationId/bilaga/:fileId/miniatyr',
    'routes/customer-project-file.tsx',
    { id: 'customer-message-thumbnail' },
  ),
  // The end customer approves an offer (trade-area §2 /projekt/{id}/offert/{quoteId}/, issue 19).
  route(
    joinPattern(PREFIXES.customer, DASHBOARD.path, 'projekt/:id/offert/:offerId'),
    'routes/customer-offer.tsx',
    { id: 'customer-offer' },
  ),
  // Resource routes: mutations and data reads of the browser, one per family.
  route('resurser/kundlage', 'routes/resources.mode.tsx'),
  route('resurser/butiker', 'routes/resources.stores.tsx'),
  route('resurser/butiksval', 'routes/resources.store-choice.tsx'),
  route('resurser/samtycke', 'routes/resources.consent.tsx'),
  route('resurser/nyhetsbrev', 'routes/resources.newsletter.tsx'),
  route('resurser/meny', 'routes/resources.menu.tsx'),
  route('resurser/innehall', 'routes/resources.content.tsx'),
  route('resurser/plocklista', 'routes/resources.picklist.tsx'),
  route('resurser/sok', 'routes/resources.search.tsx'),
  // CMS pages (spec §2 /{slugs...}): keep this last. The '*' is also the catch-all, answering
  // 404 with the not-found page for a path no route and no CMS page has (React Router ranks
  // '*' below every other route). It serves every CMS page under /foretag and /privat too.
  route('*', 'routes/cms-page.tsx', { id: 'cms-page' }),
] satisfies RouteConfig;
