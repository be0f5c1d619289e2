import { normaliseTime } from '@bygg/domain/opening-hours';
import type { OpeningTimes } from '@bygg/domain/opening-hours';
import { storeOpeningHours } from './store-hours.ts';
import type { StoreDetail } from './store-model.ts';

const SCHEMA_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

type HoursSpecification = {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek?: string[];
  opens: string;
  closes: string;
  validFrom?: string;
  validThrough?: string;
};

/** Opening intervals of a day; a lunch closure inside them splits the day in two. */
function intervals(times: OpeningTimes, lunch: OpeningTimes | null): Array<[string, string]> {
  const open = normaliseTime(times.open);
  const close = normaliseTime(times.close);
  if (lunch) {
    const from = normaliseTime(lunch.open);
    const to = normaliseTime(lunch.close);
    if (open < from && to < close) {
      return [
        [open, from],
        [to, close],
      ];
    }
  }
  return [[open, close]];
}

/**
 * schema.org HardwareStore (a LocalBusiness) for search engines: address, position, phone,
 * e-mail and opening hours, including the lunch closure and upcoming holidays (closed days as
 * 00:00–00:00, as schema.org recommends).
 */
export function storeStructuredData(
  store: StoreDetail,
  options: { url: string; today: string },
): Record<string, unknown> {
  const hours = storeOpeningHours(store.hours, { today: options.today });
  const lunch = hours.lunch.find((row) => row.times !== null)?.times ?? null;
  const specifications: HoursSpecification[] = [];
  for (const row of hours.regular) {
    if (!row.times) continue;
    for (const [opens, closes] of intervals(row.times, lunch)) {
      specifications.push({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: row.days.map((day) => `https://schema.org/${SCHEMA_DAYS[day] ?? 'Monday'}`),
        opens,
        closes,
      });
    }
  }
  for (const row of hours.special) {
    if (!row.date) continue;
    const times: Array<[string, string]> = row.times
      ? intervals(row.times, null)
      : [['00:00', '00:00']];
    for (const [opens, closes] of times) {
      specifications.push({
        '@type': 'OpeningHoursSpecification',
        opens,
        closes,
        validFrom: row.date,
        validThrough: row.date,
      });
    }
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'HardwareStore',
    name: store.fullName,
    url: options.url,
    ...(store.phone ? { telephone: store.phone } : {}),
    ...(store.email ? { email: store.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address,
      postalCode: store.zipCode,
      addressLocality: store.city,
      addressRegion: store.county,
      addressCountry: 'SE',
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: store.location.lat,
      longitude: store.location.lon,
    },
    openingHoursSpecification: specifications,
  };
}

/** JSON for a <script> element: '<' escaped so no text in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
