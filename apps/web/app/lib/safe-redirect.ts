/**
 * The one check of every redirect target a visitor can choose (`next` on /login, the
 * `redirectTo` of the resource routes' forms, the search box's page): issue 15 finding 4,
 * ADR 023. A target is a path on this site or nothing. Browsers forgive a lot in a Location
 * header (a tab or newline is dropped, '\' counts as '/', '//host' leaves the site), so the
 * rule is strict: it starts with one '/', holds no control character and no backslash, and
 * once resolved against this origin it still is this origin. What comes back is normalised
 * (percent-encoded, repeated slashes collapsed), so a later prefix change cannot turn it into
 * '//host' either.
 */
const SAME_ORIGIN = 'http://same-origin.invalid';

/** Longer than any page address of the site; a longer target is refused. */
export const MAX_REDIRECT_LENGTH = 2000;

// C0 and C1 control characters (tab, CR, LF included), DEL, and the backslash.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\]/;

/** The target as a same-site path (pathname, query, hash), or null when it is not one. */
export function safeRedirectPath(target: unknown): string | null {
  if (typeof target !== 'string' || target.length > MAX_REDIRECT_LENGTH) return null;
  if (!target.startsWith('/') || target.startsWith('//') || FORBIDDEN.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, SAME_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== SAME_ORIGIN) return null;
  const pathname = url.pathname.replace(/\/{2,}/g, '/');
  return `${pathname}${url.search}${url.hash}`;
}

/** The target when it is a same-site path, else the fallback (default the home page). */
export function safeRedirect(target: unknown, fallback = '/'): string {
  return safeRedirectPath(target) ?? fallback;
}
