/**
 * B2B/B2C mode and which prices and VAT label to show (storefront.md §2 "Mode prefixes", §6).
 */
import { vatLabelFor } from './money.ts';
import type { OrganisationId } from './organisations.ts';

export const MODE_COOKIE_VALUES = ['B2B', 'B2C'] as const;
export type Mode = (typeof MODE_COOKIE_VALUES)[number];

/** Labels of the mode toggle (storefront.md §2). */
export const MODE_LABELS: Readonly<Record<Mode, string>> = { B2B: 'Företag', B2C: 'Privat' };

const MODE_SEGMENTS: Readonly<Record<Mode, string>> = { B2B: 'foretag', B2C: 'privat' };

export function parseModeCookie(value: unknown): Mode | null {
  return value === 'B2B' || value === 'B2C' ? value : null;
}

/** '/foretag' or '/privat'. */
export function prefixForMode(mode: Mode): string {
  return `/${MODE_SEGMENTS[mode]}`;
}

function splitPath(path: string): { pathname: string; suffix: string } {
  const cut = path.search(/[?#]/);
  return cut === -1
    ? { pathname: path, suffix: '' }
    : { pathname: path.slice(0, cut), suffix: path.slice(cut) };
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * The dashboard root: '/dashboard', '/butiker/{slug}/dashboard' or '/rikskund/dashboard'
 * (trade-area.md §2). The end-customer project view under '/kund/' is not a trade page.
 */
function isDashboardRoot(segments: readonly string[]): boolean {
  return segments.at(-1) === 'dashboard' && segments[0] !== 'kund';
}

/**
 * A path containing /foretag/, or the dashboard root, counts as business mode when the
 * business-pages feature is on; everything else is private mode.
 */
export function modeFromPath(path: string, options: { b2bPagesEnabled: boolean }): Mode {
  if (!options.b2bPagesEnabled) return 'B2C';
  const segments = segmentsOf(splitPath(path).pathname);
  return segments.includes(MODE_SEGMENTS.B2B) || isDashboardRoot(segments) ? 'B2B' : 'B2C';
}

/** Anonymous users on a b2b path and every authenticated proffs user see prices excl. VAT. */
export function showPricesExclVat(context: {
  isB2bPath: boolean;
  isProffsAuthenticated: boolean;
}): boolean {
  return context.isB2bPath || context.isProffsAuthenticated;
}

/** The VAT label shows for the building-supply organisation or a logged-in proffs user. */
export function showVatLabel(context: {
  organisation: OrganisationId;
  isProffsAuthenticated: boolean;
}): boolean {
  return context.organisation === 'building-supply' || context.isProffsAuthenticated;
}

/**
 * The label after a price, saying what it is (issue 22): 'exkl. moms' when the excl.-VAT
 * amount is shown, 'inkl. moms' when the incl.-VAT amount is shown where a label is wanted
 * (the building-supply organisation, proffs users); none for a private shopper of the store
 * chain. An excl.-VAT amount is always labelled, so it is never taken for the full price.
 */
export function priceVatLabel(display: { exclVat: boolean; vatLabel: boolean }): string | null {
  return display.exclVat || display.vatLabel ? vatLabelFor(display.exclVat) : null;
}

/**
 * The same page in the other mode: the first /foretag/ or /privat/ segment is swapped for
 * the target's; a path without one gets the target prefix in front. Query and hash are kept.
 */
export function toggleModePath(path: string, target: Mode): string {
  const { pathname, suffix } = splitPath(path);
  const segments = segmentsOf(pathname);
  const index = segments.findIndex(
    (segment) => segment === MODE_SEGMENTS.B2B || segment === MODE_SEGMENTS.B2C,
  );
  if (index === -1) segments.unshift(MODE_SEGMENTS[target]);
  else segments[index] = MODE_SEGMENTS[target];
  const trailing = pathname.endsWith('/') || segments.length === 1 ? '/' : '';
  return `/${segments.join('/')}${trailing}${suffix}`;
}
