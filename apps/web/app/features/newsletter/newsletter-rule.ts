/**
 * The newsletter modal's rule (storefront.md §4, §9): it shows 60 seconds after the timer
 * first started, if consent is given, it was not shown before, its CMS content is loaded,
 * the route is not a listed one and the store selector (or any other dialog) is not open.
 * Once shown it never shows again.
 */

export const NEWSLETTER_DELAY_MS = 60_000;

/** The modal's CMS content (node newsletter:/modal); blocks as the CMS stores them. */
export type NewsletterContent = {
  title: string;
  description: string | null;
  blocks: ReadonlyArray<{ type: string; id: string; props: Record<string, unknown> }>;
};

/** localStorage: when the timer first started (ms since epoch) and that the modal has shown. */
export const TIMER_START_KEY = 'bygg:newsletter-timer-start';
export const SHOWN_KEY = 'bygg:newsletter-shown';

/** Routes where a sales pop-up would be in the way: checkout, receipts, login, legal pages. */
const LISTED = [
  /^\/kassa$/,
  /^\/kvitto(\/|$)/,
  /^\/login$/,
  /^\/404$/,
  /^\/plocklista$/,
  /^\/nyhetsbrev$/,
  /^\/(kundservice\/)?integritetspolicy$/,
  /^\/om-webbplatsen$/,
  /^\/proffs(\/|$)/,
];

export function isNewsletterListedPath(pathname: string): boolean {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)
    .replace(/^\/(foretag|privat)(?=\/|$)/, '')
    .replace(/^\/(butiker\/[a-z0-9-]+|rikskund)(?=\/)/, '');
  return LISTED.some((pattern) => pattern.test(path || '/'));
}

export type NewsletterState = {
  enabled: boolean;
  consentGiven: boolean;
  shownBefore: boolean;
  contentLoaded: boolean;
  pathname: string;
  dialogOpen: boolean;
};

/** Whether the modal may show at all now, time aside. */
export function mayShowNewsletter(state: NewsletterState): boolean {
  return (
    state.enabled &&
    state.consentGiven &&
    !state.shownBefore &&
    state.contentLoaded &&
    !state.dialogOpen &&
    !isNewsletterListedPath(state.pathname)
  );
}

/** Milliseconds left until the modal is due (0 when due), from the first timer start. */
export function msUntilDue(timerStart: number, now: number): number {
  return Math.max(0, timerStart + NEWSLETTER_DELAY_MS - now);
}
