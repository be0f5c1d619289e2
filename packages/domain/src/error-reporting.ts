/**
 * Error-reporting rules (trade-area.md §7 "Error reporting", §9; storefront.md §9), shared by
 * the API (server) and the web app (browser) so both report the same way.
 */

/** Share of requests and page loads whose performance traces are sent. */
export const TRACES_SAMPLE_RATE = 0.1;

/**
 * The environment reported: an explicit setting wins; otherwise the hosting environment's
 * name prefixed 'vercel-' (e.g. 'vercel-preview'); otherwise 'production'.
 */
export function reportingEnvironment(settings: {
  explicit?: string | null | undefined;
  hostingEnvironment?: string | null | undefined;
}): string {
  if (settings.explicit) return settings.explicit;
  return settings.hostingEnvironment ? `vercel-${settings.hostingEnvironment}` : 'production';
}

/** The release reported: the source commit the build was made from, or 'UNKNOWN'. */
export function reportingRelease(commit: string | null | undefined): string {
  return commit && commit.trim() !== '' ? commit.trim() : 'UNKNOWN';
}

/**
 * Errors not worth a report: noise the visitor's browser or network makes, not our code.
 * Sentry's `ignoreErrors` matches these against the error message.
 */
export const IGNORED_ERRORS: readonly RegExp[] = [
  // Resize-observer loop warnings (harmless, emitted by browsers when layout settles late).
  /ResizeObserver loop/i,
  // Failed fetches and network errors (offline, flaky mobile networks, blocked requests).
  /Failed to fetch/i,
  /NetworkError/i,
  /Network ?request failed/i,
  /network error/i,
  // Safari's wording of a failed fetch.
  /^(TypeError: )?Load failed/i,
  // A request or navigation the visitor cancelled, in the languages browsers report it in.
  /^(AbortError|cancell?ed|avbruten|avbröts|abgebrochen|annulé|annullato|cancelado|geannuleerd|anulowano|peruttu|annulleret|avbrutt)\b/i,
  /The (user|operation) aborted/i,
  // Hydration errors (browser extensions and translators rewrite the server's markup).
  /Hydration failed/i,
  /hydrating/i,
  /There was an error while hydrating/i,
  /Minified React error #(418|419|421|422|423|425)\b/,
  // Browser-extension errors.
  /chrome-extension:|moz-extension:|safari-(web-)?extension:/i,
  /__gCrWeb|__firefox__|ztePageScrollModule|webkit\.messageHandlers/i,
  /Extension context invalidated/i,
];

/** Scripts of browser extensions: errors thrown from them are not ours. */
export const DENIED_SCRIPT_URLS: readonly RegExp[] = [
  /^chrome(-extension)?:\/\//i,
  /^moz-extension:\/\//i,
  /^safari(-web)?-extension:\/\//i,
];

export function isIgnoredError(message: string): boolean {
  return IGNORED_ERRORS.some((pattern) => pattern.test(message));
}

/** The title of the not-found page (storefront.md §2); its page loads are not traced. */
export const NOT_FOUND_PAGE_TITLE = 'Sidan kunde inte hittas';

/**
 * Traces of the 404 page are dropped: a bot probing paths would otherwise fill the quota.
 * A trace is the 404 page when it answered 404, is named '/404', or showed the 404 title.
 */
export function isNotFoundTrace(trace: {
  name?: string | null | undefined;
  statusCode?: number | null | undefined;
  pageTitle?: string | null | undefined;
}): boolean {
  return (
    trace.statusCode === 404 ||
    trace.name === '/404' ||
    trace.name?.endsWith(' /404') === true ||
    trace.pageTitle === NOT_FOUND_PAGE_TITLE
  );
}
