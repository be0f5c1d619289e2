import type { Footer, MenuItem } from '@bygg/contracts/cms';
import { FEATURE_FLAGS, isEnabled } from '@bygg/domain/organisations';
import type { FeatureFlag, FeatureFlags } from '@bygg/domain/organisations';
import { modePrefixOf, variantFromPath, withoutModePrefix } from './paths.ts';

/**
 * Feature flags on the web side (storefront.md §6): resolved once per request from the API's
 * organisation reply (shared by every loader of the request), then used to leave out the
 * routes and links of a feature that is off.
 */

/** Flags from the API's loose record; unknown names are ignored, missing ones are off. */
export function toFeatureFlags(record: Readonly<Record<string, boolean>>): FeatureFlags {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, record[flag] === true])) as Record<
    FeatureFlag,
    boolean
  >;
}

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** Paths served by the app's own routes; every other site path is a CMS page (flag 'pages'). */
const APP_ROUTES = [
  '/produkter',
  '/kampanjer',
  '/butikssortiment',
  '/produkt',
  '/butiker',
  '/sok',
  '/kassa',
  '/plocklista',
  '/login',
  '/kvitto',
  '/leverantorer',
  '/elitfonster',
  '/punchout',
  '/proffs',
  '/resurser',
  '/404',
];

/**
 * Legal pages stay reachable whatever the flags say (spec §2 privacy pages; a shop must
 * show its privacy policy).
 */
export const ALWAYS_AVAILABLE_PAGES = [
  '/integritetspolicy',
  '/kundservice/integritetspolicy',
  '/om-webbplatsen',
];

/**
 * The flags a site path needs, mode prefix looked through: the mode prefixes (/foretag,
 * /privat) exist with the business pages only.
 */
export function flagsForPath(pathname: string): FeatureFlag[] {
  const raw = normalise(pathname);
  const needs: FeatureFlag[] = [];
  if (modePrefixOf(variantFromPath(raw)) !== null) needs.push('b2bPages');
  const path = withoutModePrefix(raw);
  if (path === '/' || ALWAYS_AVAILABLE_PAGES.includes(path)) return needs;
  if (isUnder(path, '/xl-guiden')) needs.push('pages', 'guide');
  else if (isUnder(path, '/varumarken')) needs.push('pages', 'brandPages');
  else if (variantFromPath(path).prefix === 'central') needs.push('central');
  else if (isUnder(path, '/sok')) needs.push('search');
  else if (isUnder(path, '/plocklista')) needs.push('picklistRoot');
  else if (!APP_ROUTES.some((route) => isUnder(path, route))) needs.push('pages');
  return needs;
}

/** Whether a link may be shown: external links always; site paths when their flags are on. */
export function isLinkEnabled(href: string, flags: FeatureFlags): boolean {
  if (!href.startsWith('/') || href.startsWith('//')) return true;
  return flagsForPath(href).every((flag) => isEnabled(flags, flag));
}

export function menuForFlags(items: MenuItem[], flags: FeatureFlags): MenuItem[] {
  return items
    .filter((item) => isLinkEnabled(item.href, flags))
    .map((item) => ({ ...item, children: menuForFlags(item.children, flags) }));
}

export function footerForFlags(footer: Footer, flags: FeatureFlags): Footer {
  return {
    ...footer,
    columns: footer.columns
      .map((column) => ({
        ...column,
        links: column.links.filter((link) => isLinkEnabled(link.href, flags)),
      }))
      .filter((column) => column.links.length > 0),
  };
}
