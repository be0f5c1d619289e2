import type { OpeningHoursEntry } from '@bygg/contracts/stores';
import { mergeOpeningHours, openingStatus, openingStatusText } from '@bygg/domain/opening-hours';
import type { MergedOpeningHours } from '@bygg/domain/opening-hours';

/** How far ahead special days and holidays are listed. */
const SPECIAL_DAYS_AHEAD_DAYS = 365;

const dateFormat = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** '2026-12-24' → '24 december'. */
export function formatSpecialDate(isoDate: string): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The store's hours as the page shows them: weekdays merged ('Vardagar' when Monday to Friday
 * agree), the daily lunch closure apart, and the special days and holidays from `today` on
 * (at most `maxSpecialDays`). The API names a holiday (`holiday: 'Julafton'`); the merge
 * rule only needs to know that it is one, and the name stays as the row's label.
 */
export function storeOpeningHours(
  hours: readonly OpeningHoursEntry[],
  options: { today: string; maxSpecialDays?: number },
): MergedOpeningHours {
  const merged = mergeOpeningHours(
    hours.map((entry) => ({ ...entry, holiday: entry.holiday !== null })),
  );
  const until = addDays(options.today, SPECIAL_DAYS_AHEAD_DAYS);
  const special = merged.special
    .filter((row) => row.date === null || (row.date >= options.today && row.date < until))
    .slice(0, options.maxSpecialDays ?? Infinity);
  return { ...merged, special };
}

/**
 * Issue 22: 'Öppet nu · stänger 20:00' or 'Stängt nu · öppnar i morgon 07:00' at `now`, in
 * Swedish time. Decided by the server with the page, so the browser shows the same text.
 */
export function storeOpenNowText(hours: readonly OpeningHoursEntry[], now: Date): string {
  return openingStatusText(
    openingStatus(
      hours.map((entry) => ({ ...entry, holiday: entry.holiday !== null })),
      now,
    ),
  );
}
