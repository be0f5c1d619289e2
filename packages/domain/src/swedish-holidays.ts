/**
 * Swedish public holidays ("allmänna helgdagar", lagen 1989:253) and the eves shops treat as
 * holidays, for any year: the fixed dates, the Easter-dependent ones (from the Gregorian
 * Easter computus) and the ones that fall on a weekday range (midsommar, alla helgons dag).
 * Pure: no clock, no time zone; dates are ISO calendar dates (YYYY-MM-DD).
 */

export type SwedishHoliday = {
  date: string;
  name: string;
  /** 'public' is a holiday by law; 'eve' is the day before one, when shops keep short hours. */
  kind: 'public' | 'eve';
};

function iso(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The day of `weekday` (0 Sunday … 6 Saturday, as Date.getUTCDay) from `first` on, within 7 days. */
function weekdayFrom(year: number, month: number, first: number, weekday: number): string {
  const start = new Date(Date.UTC(year, month - 1, first, 12));
  const offset = (weekday - start.getUTCDay() + 7) % 7;
  return addDays(iso(year, month, first), offset);
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583)
    throw new RangeError(`No Gregorian Easter for ${year}`);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** Every Swedish public holiday and holiday eve of the year, in date order. */
export function swedishHolidays(year: number): SwedishHoliday[] {
  const easter = easterSunday(year);
  // Midsommardagen is the Saturday of 20–26 June; its eve the Friday before.
  const midsummerDay = weekdayFrom(year, 6, 20, 6);
  // Alla helgons dag is the Saturday of 31 October – 6 November.
  const allSaints = weekdayFrom(year, 10, 31, 6);
  const holidays: SwedishHoliday[] = [
    { date: iso(year, 1, 1), name: 'Nyårsdagen', kind: 'public' },
    { date: iso(year, 1, 6), name: 'Trettondedag jul', kind: 'public' },
    { date: addDays(easter, -2), name: 'Långfredagen', kind: 'public' },
    { date: addDays(easter, -1), name: 'Påskafton', kind: 'eve' },
    { date: easter, name: 'Påskdagen', kind: 'public' },
    { date: addDays(easter, 1), name: 'Annandag påsk', kind: 'public' },
    { date: iso(year, 5, 1), name: 'Första maj', kind: 'public' },
    { date: addDays(easter, 39), name: 'Kristi himmelsfärdsdag', kind: 'public' },
    { date: addDays(easter, 49), name: 'Pingstdagen', kind: 'public' },
    { date: iso(year, 6, 6), name: 'Sveriges nationaldag', kind: 'public' },
    { date: addDays(midsummerDay, -1), name: 'Midsommarafton', kind: 'eve' },
    { date: midsummerDay, name: 'Midsommardagen', kind: 'public' },
    { date: allSaints, name: 'Alla helgons dag', kind: 'public' },
    { date: iso(year, 12, 24), name: 'Julafton', kind: 'eve' },
    { date: iso(year, 12, 25), name: 'Juldagen', kind: 'public' },
    { date: iso(year, 12, 26), name: 'Annandag jul', kind: 'public' },
    { date: iso(year, 12, 31), name: 'Nyårsafton', kind: 'eve' },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}
