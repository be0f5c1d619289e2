import { createContext, useContext } from 'react';
import { generatePath, matchPath, useLocation } from 'react-router';
import { toggleModePath } from '@bygg/domain/vat-display';
import type { Mode } from '@bygg/domain/vat-display';
import { DASHBOARD, DASHBOARD_PAGES, PAGES, PREFIXES, joinPattern } from './route-table.ts';
import type { DashboardPageId, PageId, PrefixKey } from './route-table.ts';

/**
 * Every link of the shop for the variant the visitor is in (storefront spec §2, trade-area
 * spec §2, ADR 020): the plain paths, the mode prefixes /foretag and /privat, the store prefix
 * /butiker/{storeslug}, the central /rikskund, the end customer's /kund/{storeslug}, and the
 * dashboard root under the store and central prefixes. The variant is read from the URL once
 * (the shell provides it to components; loaders read it from the request), and a link to a
 * page that has no variant under the current prefix falls back to the page's plain path, as
 * the route table says. This module is the only place that spells the prefixes out.
 */

export type Variant =
  | { readonly prefix: 'plain' | 'b2b' | 'b2c' | 'central' }
  | { readonly prefix: 'store' | 'customer'; readonly storeSlug: string };

export const PLAIN: Variant = { prefix: 'plain' };

/** The prefixes to look for in a URL, most specific first (the plain one matches anything). */
const PREFIX_ORDER: readonly Exclude<PrefixKey, 'plain'>[] = [
  'b2b',
  'b2c',
  'store',
  'central',
  'customer',
];

/** The literal first segment of each prefix: 'butiker' of 'butiker/:storeSlug'. */
const PREFIX_FIRST_SEGMENTS = Object.fromEntries(
  PREFIX_ORDER.map((prefix) => [prefix, PREFIXES[prefix].split('/')[0]]),
) as Record<(typeof PREFIX_ORDER)[number], string>;

/** '/butiker/ekbacken/sok' → 'butiker'; '' for '/', '//x' and a path without a slash. */
function firstSegment(pathname: string): string {
  if (!pathname.startsWith('/')) return '';
  const end = pathname.indexOf('/', 1);
  return end === -1 ? pathname.slice(1) : pathname.slice(1, end);
}

/**
 * A URL path split into its variant and the path below the prefix:
 * '/butiker/ekbacken/sok' → { variant: { prefix: 'store', storeSlug: 'ekbacken' }, rest: '/sok' }.
 */
export function splitVariant(pathname: string): { variant: Variant; rest: string } {
  // Most paths (every product, listing and menu link) are under no prefix: a prefix can only
  // match a path whose first segment is the prefix's own, so matchPath (which compiles its
  // expression on every call) runs only for those.
  const first = firstSegment(pathname);
  for (const prefix of PREFIX_ORDER) {
    if (PREFIX_FIRST_SEGMENTS[prefix] !== first) continue;
    const match = matchPath(
      { path: `/${PREFIXES[prefix]}`, end: false, caseSensitive: true },
      pathname,
    );
    if (!match) continue;
    const rest = pathname.slice(match.pathnameBase.length) || '/';
    if (prefix === 'store' || prefix === 'customer') {
      const storeSlug = match.params.storeSlug;
      if (storeSlug) return { variant: { prefix, storeSlug }, rest };
      continue;
    }
    return { variant: { prefix }, rest };
  }
  return { variant: PLAIN, rest: pathname };
}

/** The variant a URL path is in: '/butiker/ekbacken/sok' → { prefix: 'store', storeSlug }. */
export function variantFromPath(pathname: string): Variant {
  return splitVariant(pathname).variant;
}

/** Whether a path is in the trade area: '/butiker/{slug}/dashboard/…', '/rikskund/dashboard/…'. */
export function isDashboardPath(pathname: string): boolean {
  const { variant, rest } = splitVariant(pathname);
  if (variant.prefix !== 'store' && variant.prefix !== 'central' && variant.prefix !== 'customer')
    return false;
  return rest === `/${DASHBOARD.path}` || rest.startsWith(`/${DASHBOARD.path}/`);
}

/** The variant of a loader's request. */
export function variantOfRequest(request: Request): Variant {
  return variantFromPath(new URL(request.url).pathname);
}

/** The mode a variant's prefix names: 'B2B' for /foretag, 'B2C' for /privat, else none. */
export function modePrefixOf(variant: Variant): 'B2B' | 'B2C' | null {
  if (variant.prefix === 'b2b') return 'B2B';
  return variant.prefix === 'b2c' ? 'B2C' : null;
}

/** A path without its mode prefix: '/foretag/xl-guiden/a' → '/xl-guiden/a', '/privat' → '/'. */
export function withoutModePrefix(pathname: string): string {
  const { variant, rest } = splitVariant(pathname);
  return modePrefixOf(variant) === null ? pathname : rest;
}

type Params = Record<string, string>;

function build(prefix: PrefixKey, variant: Variant, pattern: string, params: Params): string {
  const storeSlug = 'storeSlug' in variant ? variant.storeSlug : undefined;
  const prefixParams = prefix === 'store' || prefix === 'customer' ? { storeSlug } : {};
  return generatePath(`/${joinPattern(PREFIXES[prefix], pattern)}`, { ...params, ...prefixParams });
}

/** A page's path for a variant: under its prefix when the page has one, else the plain path. */
export function pagePath(variant: Variant, page: PageId, params: Params = {}): string {
  const entry = PAGES[page];
  const prefixes: readonly PrefixKey[] = entry.prefixes;
  const prefix = prefixes.includes(variant.prefix) ? variant.prefix : 'plain';
  return build(prefix, variant, entry.path, params);
}

/** The dashboard root of a trade user's store (trade-area §2), and paths below it. */
export function dashboardPath(
  store: { slug: string; isCentral: boolean },
  page: DashboardPageId = 'dashboard-home',
  params: Params = {},
): string {
  const variant: Variant = store.isCentral
    ? { prefix: 'central' }
    : { prefix: 'store', storeSlug: store.slug };
  const prefix: PrefixKey = store.isCentral ? 'central' : 'store';
  return build(prefix, variant, joinPattern(DASHBOARD.path, DASHBOARD_PAGES[page].path), params);
}

/** The end customer's project view: /kund/{storeslug}/dashboard/projekt/{id} (trade-area §2). */
export function customerProjectPath(storeSlug: string, projectId: string | number): string {
  return build(
    'customer',
    { prefix: 'customer', storeSlug },
    joinPattern(DASHBOARD.path, 'projekt/:id'),
    { id: String(projectId) },
  );
}

/** The login page, coming back to `next` (a path on this site) afterwards. */
export function loginPath(next?: string): string {
  const path = pagePath(PLAIN, 'login');
  return next ? `${path}?${new URLSearchParams({ next }).toString()}` : path;
}

/** The password page: a form to ask for a link, or with the e-mailed link's token, to choose one. */
export function passwordPath(token?: string): string {
  const path = pagePath(PLAIN, 'password');
  return token ? `${path}?${new URLSearchParams({ token }).toString()}` : path;
}

/** Every route of the table as a full pattern, with the prefixes its page has. */
const ROUTE_PATTERNS: { prefix: PrefixKey; pageHas: readonly PrefixKey[]; pattern: string }[] = [
  ...Object.values(PAGES).flatMap((page) =>
    page.prefixes.map((prefix) => ({
      prefix,
      pageHas: page.prefixes,
      pattern: `/${joinPattern(PREFIXES[prefix], page.path)}`,
    })),
  ),
  ...DASHBOARD.prefixes.flatMap((prefix) =>
    Object.values(DASHBOARD_PAGES).map((page) => ({
      prefix,
      pageHas: [prefix],
      pattern: `/${joinPattern(PREFIXES[prefix], DASHBOARD.path, page.path)}`,
    })),
  ),
];

const MODE_KEYS: Readonly<Record<Mode, PrefixKey>> = { B2B: 'b2b', B2C: 'b2c' };

/**
 * Where the 'Företag' / 'Privat' toggle leads (spec §2: it follows the path): the same page
 * under the target mode's prefix where the table has the page there, and any path no named
 * route has (a CMS page: the catch-all serves it under both prefixes). A page without mode
 * variants (store-prefixed, central, the dashboard, login) stays where it is; only the mode
 * cookie changes. Query and hash are kept.
 */
export function modeTogglePath(path: string, target: Mode): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const route = ROUTE_PATTERNS.find(({ pattern }) => matchPath(pattern, pathname));
  const isModePage =
    route?.prefix === 'plain' || route?.prefix === 'b2b' || route?.prefix === 'b2c';
  if (!route || (isModePage && route.pageHas.includes(MODE_KEYS[target]))) {
    return toggleModePath(path, target);
  }
  return path;
}

/** The links of one variant; components get the page's own from `usePaths()`. */
export function pathsFor(variant: Variant) {
  const to = (page: PageId, params?: Params) => pagePath(variant, page, params);
  return {
    variant,
    /** '' for the plain variant, else '/foretag', '/butiker/{slug}', '/rikskund', … */
    prefix: variant.prefix === 'plain' ? '' : build(variant.prefix, variant, '', {}),
    home: () => to('home'),
    /** The catalogue landing, or a category listing by its path ('tradgard/altan'). */
    products: (categoryPath = '') => to('listing', { '*': categoryPath }),
    product: (slug: string) => to('product', { slug }),
    search: () => to('search'),
    checkout: () => to('checkout'),
    receipt: (orderId: string | number) => to('receipt', { id: String(orderId) }),
    picklist: () => to('picklist'),
    /** The campaign list, or a campaign (and a category path below it). */
    campaigns: (rest = '') => to('campaign', { '*': rest }),
    /** A store's local assortment, and a category path below it. */
    storeAssortment: (storeSlug: string, categoryPath = '') =>
      to('store-assortment', { '*': joinPattern(storeSlug, categoryPath) }),
    supplier: (slug: string) => to('supplier', { slug }),
    stores: () => to('stores'),
    store: (storeSlug: string) => to('store-page', { storeSlug }),
    privacyPolicy: () => to('cms-privacy'),
    /** The dashboard of this store or central variant; null where there is none. */
    dashboard: () =>
      variant.prefix === 'store' || variant.prefix === 'central'
        ? dashboardPath({
            slug: 'storeSlug' in variant ? variant.storeSlug : '',
            isCentral: variant.prefix === 'central',
          })
        : null,
  };
}
export type Paths = ReturnType<typeof pathsFor>;

/** The links of a loader's request. */
export function pathsOfRequest(request: Request): Paths {
  return pathsFor(variantOfRequest(request));
}

/** The links of the plain variant: canonical addresses (structured data, e-mails). */
export const plainPaths: Paths = pathsFor(PLAIN);

/** The links of a store's own variant: /butiker/{slug}/produkter and so on. */
export function storePaths(storeSlug: string): Paths {
  return pathsFor({ prefix: 'store', storeSlug });
}

/** The current page's links: provided by the shell (root.tsx) from the URL, once per page. */
export const PathsContext = createContext<Paths | null>(null);

/**
 * The current page's links. Outside the shell (the root error screen, a component test) they
 * are read from the location here instead.
 */
export function usePaths(): Paths {
  const provided = useContext(PathsContext);
  const { pathname } = useLocation();
  return provided ?? pathsFor(variantFromPath(pathname));
}
