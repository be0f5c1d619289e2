/** The consent resource route (routes.ts), posted to by the dialog. */
export const CONSENT_PATH = '/resurser/samtycke';

/** A link to any page with this query opens the dialog again (e.g. from a CMS footer link). */
export const REOPEN_QUERY = 'cookie-installningar';

/** Spec §3 cookie consent, as the root loader passes it down (the cookies are HttpOnly). */
export type ConsentState = {
  /** The dialog has been answered. */
  answered: boolean;
  /** Marketing and statistics cookies allowed. */
  marketing: boolean;
};

export function consentState(cookies: {
  consent: boolean | null;
  marketingConsent: boolean | null;
}): ConsentState {
  return { answered: cookies.consent === true, marketing: cookies.marketingConsent === true };
}

const PRIVACY_PATHS = new Set([
  '/integritetspolicy',
  '/kundservice/integritetspolicy',
  '/om-webbplatsen',
]);

/**
 * Spec §2: the dialog is hidden on the privacy pages, so they can be read before answering —
 * also under a mode prefix, a store (/butiker/{slug}/…) and the central area (/rikskund/…).
 */
export function isConsentHiddenPath(pathname: string): boolean {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)
    .replace(/^\/(foretag|privat)(?=\/|$)/, '')
    .replace(/^\/butiker\/[^/]+(?=\/)/, '')
    .replace(/^\/rikskund(?=\/)/, '');
  return PRIVACY_PATHS.has(path);
}
