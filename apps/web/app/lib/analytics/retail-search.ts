import { marketingGranted } from './consent-mode.ts';

/**
 * The retail-search tracker (storefront spec §4 cookie consent, §7 tag manager and tracker):
 * set up with a website id, an opt-out flag and no automatic page view; its commands are
 * reload, opt-out false, click, page view and set cart. The commands go to a command queue on
 * `window` that the search vendor's script reads (the same pattern as the tag manager's data
 * layer), so nothing is lost when a command comes before the script. Without a website id the
 * commands are logged instead (spec: "when the tracker is not configured the commands are
 * logged instead").
 *
 * Marketing consent decides the opt-out flag: the tracker starts opted out, and only a 'true'
 * marketing choice sends 'opt-out false' and 'reload'. While opted out, clicks, page views and
 * carts are dropped here rather than queued, so nothing about the visitor leaves the page.
 */

export type RetailSearchCommand =
  | ['setup', { websiteId: string; optOut: boolean; autoPageView: false }]
  | ['reload']
  | ['optOut', false]
  | ['click', { trackingCode: string; query: string }]
  | ['pageView', { url: string; query?: string }]
  | ['setCart', { items: ReadonlyArray<{ articleId: string; quantity: number }> }];

const QUEUE = 'retailSearchQueue';
const STATE = '__byggRetailSearch';

type TrackerState = { websiteId: string | null; optedIn: boolean };
type TrackerWindow = Window & {
  [QUEUE]?: RetailSearchCommand[];
  [STATE]?: TrackerState;
};

function trackerWindow(): TrackerWindow | null {
  return typeof window === 'undefined' ? null : (window as TrackerWindow);
}

function send(command: RetailSearchCommand): void {
  const w = trackerWindow();
  const state = w?.[STATE];
  if (!w || !state) return;
  if (!state.websiteId) {
    console.info('[retail-search]', ...command);
    return;
  }
  w[QUEUE] ??= [];
  w[QUEUE].push(command);
}

/**
 * Sets the tracker up once per page: the website id (or null: commands are logged), opted out
 * until marketing consent is known to be given. Calling it again only follows consent.
 */
export function setUpRetailSearch(websiteId: string | null): void {
  const w = trackerWindow();
  if (!w) return;
  if (!w[STATE]) {
    w[STATE] = { websiteId, optedIn: false };
    send(['setup', { websiteId: websiteId ?? '', optOut: true, autoPageView: false }]);
  }
  followMarketingConsent(marketingGranted());
}

/** Spec §4: a 'true' marketing choice opts the tracker in ('opt-out false', then 'reload'). */
export function followMarketingConsent(marketing: boolean): void {
  const state = trackerWindow()?.[STATE];
  if (!state || state.optedIn === marketing) return;
  state.optedIn = marketing;
  if (marketing) {
    send(['optOut', false]);
    send(['reload']);
  }
}

function optedIn(): boolean {
  const state = trackerWindow()?.[STATE];
  // A consent choice made since the last command (the dialog) is followed first.
  followMarketingConsent(marketingGranted());
  // Unconfigured trackers log every command; configured ones send only with consent.
  return Boolean(state && (!state.websiteId || (state.optedIn && marketingGranted())));
}

/** A search hit was chosen (its tracking_code from the search reply). */
export function trackSearchClick(trackingCode: string, query: string): void {
  if (optedIn()) send(['click', { trackingCode, query }]);
}

/** There is no automatic page view: pages that the search vendor should see call this. */
export function trackSearchPageView(url: string, query?: string): void {
  if (optedIn()) send(['pageView', query === undefined ? { url } : { url, query }]);
}

/** The cart's lines, for the vendor's recommendations (called by the cart after a change). */
export function trackSearchCart(items: ReadonlyArray<{ articleId: string; quantity: number }>) {
  if (optedIn()) send(['setCart', { items }]);
}

/** Test helper: forget the page's tracker state. */
export function resetRetailSearchForTests(): void {
  const w = trackerWindow();
  if (!w) return;
  delete w[STATE];
  delete w[QUEUE];
}
