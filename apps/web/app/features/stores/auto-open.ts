import { variantFromPath, withoutModePrefix } from '~/lib/paths.ts';

/** The store list; the store pages and the store-prefixed variants hang below it. */
const STORE_LIST_PATH = '/butiker';

/** Session storage key: the selector has opened by itself once in this browser session. */
export const SELECTOR_SHOWN_KEY = 'bygg:store-selector-shown';

/**
 * Spec §2 "listed routes": privacy pages and the not-found page, and (issue 22) the pages of
 * an errand already under way, where a dialog would be in the way: checkout, receipts and
 * login. Checkout has its own pickup-store choice.
 */
const LISTED_PATHS = new Set([
  '/integritetspolicy',
  '/kundservice/integritetspolicy',
  '/om-webbplatsen',
  '/404',
  '/kassa',
  '/login',
]);
const LISTED_PREFIXES = ['/kvitto'];

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/**
 * Routes where the selector must not open by itself: store routes (the store is given by the
 * URL), the listed routes and the central area. Mode prefixes (/foretag, /privat) are looked
 * through, so /foretag/butiker/x is a store route too.
 */
export function isSelectorExemptPath(pathname: string): boolean {
  const path = withoutModePrefix(withoutTrailingSlash(pathname));
  return (
    isUnder(path, STORE_LIST_PATH) ||
    variantFromPath(path).prefix === 'central' ||
    LISTED_PATHS.has(path) ||
    LISTED_PREFIXES.some((prefix) => isUnder(path, prefix))
  );
}

/**
 * Spec §2: the store selector opens by default once per session, unless cookie consent is
 * missing or the current route is exempt. The organisation must have the selector at all.
 * Issue 22: it asks only a visitor who has no store yet: not one whose store cookie names a
 * store (it opened again in every new browser session), nor a logged-in trade user, whose
 * stores come with the account.
 */
export function shouldAutoOpenSelector(input: {
  enabled: boolean;
  consentGiven: boolean;
  shownThisSession: boolean;
  storeChosen: boolean;
  signedIn: boolean;
  pathname: string;
}): boolean {
  return (
    input.enabled &&
    input.consentGiven &&
    !input.shownThisSession &&
    !input.storeChosen &&
    !input.signedIn &&
    !isSelectorExemptPath(input.pathname)
  );
}
