import { formatPrice } from '@bygg/domain/money';

/**
 * Swedish formatting of the API's amounts and dates, shared by every feature (the price
 * component, the picklist, the checkout, campaign pages and the trade area). Dates are shown
 * in Swedish time: a campaign or a gift card ends at midnight there, not in the server's zone.
 */

const TIME_ZONE = 'Europe/Stockholm';

/** The API sends kronor with at most two decimals; the domain formats integer öre. */
export function kronorToOre(kronor: number): number {
  return Math.round(kronor * 100);
}

/** 1295 → '1 295:-', 1234.5 → '1 234:50' (the domain's price format). */
export function formatKronor(kronor: number): string {
  return formatPrice(kronorToOre(kronor));
}

const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const dayMonthFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  timeZone: TIME_ZONE,
});
const dateTimeFormat = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
});

/** '2026-12-04T22:59:59Z' → '4 december 2026'. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** '2026-11-22T10:00:00Z' → '22 november' (the year goes without saying). */
export function formatDayMonth(iso: string): string {
  return dayMonthFormat.format(new Date(iso));
}

/** '2026-03-02T13:05:00Z' → '2 mars 2026 kl. 14:05'. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/**
 * A count with thousands separated by non-breaking spaces, the way prices are (spec §5):
 * 100000 → '100 000'. Written out rather than left to the locale, so the server and every
 * browser print the same characters.
 */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}
