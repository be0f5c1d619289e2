/**
 * Google Consent Mode v2 and the tag manager (spec §4 cookie consent, §7 tag manager). The
 * head script below runs before any tag-manager script: it sets the four storage types to
 * denied, grants them again when the marketing cookie already says 'true', and only then,
 * with a container id, loads the tag manager once. Later consent changes go through
 * `applyMarketingConsent` in the browser.
 */

export const NO_GTM_ID_WARNING = 'No GTM_ID provided, unable to send analytics.';

/** The four storage types of Consent Mode v2 that the marketing choice controls. */
export const CONSENT_TYPES = [
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
  'analytics_storage',
] as const;

type ConsentValue = 'granted' | 'denied';
export type ConsentUpdate = Record<(typeof CONSENT_TYPES)[number], ConsentValue>;

/**
 * Window properties shared by the head script and this module: the marketing choice as the
 * page knows it, and whether analytics has been initialised (or warned about) on this page.
 */
const MARKETING_FLAG = '__byggMarketingConsent';
const INITIALISED_FLAG = '__byggAnalyticsInitialised';

type AnalyticsWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  [MARKETING_FLAG]?: boolean;
  [INITIALISED_FLAG]?: boolean;
};

export function consentUpdate(marketing: boolean): ConsentUpdate {
  const value: ConsentValue = marketing ? 'granted' : 'denied';
  return {
    ad_storage: value,
    ad_user_data: value,
    ad_personalization: value,
    analytics_storage: value,
  };
}

/** The tag-manager script for a container, or null when it must not load (no id or no consent). */
export function tagManagerUrl(gtmId: string | null, marketing: boolean): string | null {
  if (!gtmId || !marketing) return null;
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

/** JSON that is safe inside an inline <script>: no `</script>` or `<!--` can be formed. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type InitialiseWindow = Window & { dataLayer?: unknown[] } & Record<string, unknown>;

/**
 * Initialises analytics once per page: with a container id the tag manager's start event is
 * pushed and its script added; without one the spec's warning is logged. It is also inlined
 * into the head script as source text, so it may use only its parameters and globals.
 */
function initialiseAnalytics(
  w: InitialiseWindow,
  d: Document,
  id: string | null,
  flag: string,
  warning: string,
): void {
  if (w[flag]) return;
  w[flag] = true;
  if (!id) {
    console.warn(warning);
    return;
  }
  w.dataLayer = w.dataLayer || [];
  w.dataLayer.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
  const script = d.createElement('script');
  script.async = true;
  // The page's CSP nonce (ADR 023), so the tag manager can hand it on to its own tags.
  const nonced = d.querySelector<HTMLScriptElement>('script[nonce]');
  if (nonced && nonced.nonce) script.nonce = nonced.nonce;
  script.src = 'https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(id);
  d.head.appendChild(script);
}

/**
 * The inline head script: data layer, `gtag`, the denied defaults, and — when the marketing
 * cookie is 'true' — the granted update followed by analytics initialisation.
 */
export function buildConsentModeScript(input: {
  gtmId: string | null;
  marketing: boolean;
}): string {
  const lines = [
    'window.dataLayer=window.dataLayer||[];',
    // gtag must push the arguments object itself: the tag manager reads consent commands so.
    'window.gtag=window.gtag||function(){window.dataLayer.push(arguments);};',
    `window.gtag('consent','default',${inlineJson(consentUpdate(false))});`,
    `window.${MARKETING_FLAG}=${input.marketing ? 'true' : 'false'};`,
  ];
  if (input.marketing) {
    lines.push(
      `window.gtag('consent','update',${inlineJson(consentUpdate(true))});`,
      `(${String(initialiseAnalytics)})(window,document,${inlineJson(input.gtmId)},${inlineJson(INITIALISED_FLAG)},${inlineJson(NO_GTM_ID_WARNING)});`,
    );
  }
  return lines.join('\n');
}

function analyticsWindow(): AnalyticsWindow | null {
  return typeof window === 'undefined' ? null : (window as AnalyticsWindow);
}

/** Whether the visitor has granted marketing and statistics cookies on this page. */
export function marketingGranted(): boolean {
  return analyticsWindow()?.[MARKETING_FLAG] === true;
}

/** Pushes to the data layer, creating it when the head script has not run (tests, errors). */
export function pushToDataLayer(entry: unknown): void {
  const w = analyticsWindow();
  if (!w) return;
  w.dataLayer ??= [];
  w.dataLayer.push(entry);
}

/** Like the head script's gtag: the tag manager reads each command as an arguments object. */
function pushArguments(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- an array would not be read as a command.
  pushToDataLayer(arguments);
}

function gtag(...args: unknown[]): void {
  const w = analyticsWindow();
  if (!w) return;
  w.gtag ??= pushArguments;
  w.gtag(...args);
}

/**
 * A consent choice made on the page (spec §4): true grants all four storage types and
 * initialises analytics once; false denies them again. Nothing is loaded without an id.
 */
export function applyMarketingConsent(marketing: boolean, gtmId: string | null): void {
  const w = analyticsWindow();
  if (!w) return;
  w[MARKETING_FLAG] = marketing;
  gtag('consent', 'update', consentUpdate(marketing));
  if (marketing) {
    initialiseAnalytics(
      w as unknown as InitialiseWindow,
      document,
      gtmId,
      INITIALISED_FLAG,
      NO_GTM_ID_WARNING,
    );
  }
}
