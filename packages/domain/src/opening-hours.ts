/**
 * Store opening hours (storefront.md §3 "Opening-hours entry", trade-area.md §9).
 * day_num 0..6 are Monday..Sunday, 98 marks a special day (with a date), 99 a lunch
 * closure that applies every day. Consecutive days with identical hours merge into one
 * row; lunch, special-day and holiday rows never merge and are listed apart.
 */

export interface OpeningTimes {
  open: string;
  close: string;
}

export interface OpeningHoursEntry {
  day: string;
  day_num: number;
  /** ISO date (YYYY-MM-DD) for special days, otherwise null. */
  date: string | null;
  /** null means closed. */
  times: OpeningTimes | null;
  holiday: boolean;
}

export const SPECIAL_DAY_NUM = 98;
export const LUNCH_DAY_NUM = 99;
export const DAY_NAMES = [
  'Måndag',
  'Tisdag',
  'Onsdag',
  'Torsdag',
  'Fredag',
  'Lördag',
  'Söndag',
] as const;
/** The spec's name for Monday–Friday with identical hours. */
export const WEEKDAYS_LABEL = 'Vardagar';
export const CLOSED_LABEL = 'Stängt';
/** Our label for the daily lunch row (99); the spec names the row but gives no text. */
export const LUNCH_LABEL = 'Lunchstängt';
/** The separator between days and between times in a range (en dash). */
const RANGE_DASH = '\u2013';

export interface RegularHoursRow {
  /** 'Måndag', 'Vardagar', 'Lördag–Söndag', … */
  label: string;
  /** The day numbers (0 = Monday) this row covers, ascending and consecutive. */
  days: number[];
  times: OpeningTimes | null;
  /** '07:00–18:00' or 'Stängt'. */
  text: string;
}

export interface LunchRow {
  label: string;
  times: OpeningTimes | null;
  text: string;
}

export interface SpecialDayRow {
  date: string | null;
  /** The entry's own name (e.g. 'Julafton'), else its date. */
  label: string;
  times: OpeningTimes | null;
  holiday: boolean;
  text: string;
}

export interface MergedOpeningHours {
  regular: RegularHoursRow[];
  lunch: LunchRow[];
  special: SpecialDayRow[];
}

/** '7:00', '07.00' and '07:00:00' (Django TimeField) all become '07:00'. */
export function normaliseTime(time: string): string {
  const match = /^(\d{1,2})[:.](\d{2})(?::\d{2})?$/.exec(time.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : time.trim();
}

/** '07:00–18:00', or 'Stängt' for a closed day. */
export function formatTimeRange(times: OpeningTimes | null): string {
  if (!times) return CLOSED_LABEL;
  return `${normaliseTime(times.open)}${RANGE_DASH}${normaliseTime(times.close)}`;
}

function sameTimes(a: OpeningTimes | null, b: OpeningTimes | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    normaliseTime(a.open) === normaliseTime(b.open) &&
    normaliseTime(a.close) === normaliseTime(b.close)
  );
}

function isWeekday(dayNum: number): boolean {
  return Number.isInteger(dayNum) && dayNum >= 0 && dayNum <= 6;
}

function isSpecial(entry: OpeningHoursEntry): boolean {
  return entry.day_num === SPECIAL_DAY_NUM || (entry.holiday && entry.day_num !== LUNCH_DAY_NUM);
}

function rangeLabel(first: number, last: number): string {
  if (first === 0 && last === 4) return WEEKDAYS_LABEL;
  return first === last
    ? DAY_NAMES[first]!
    : `${DAY_NAMES[first]!}${RANGE_DASH}${DAY_NAMES[last]!}`;
}

/**
 * Merges weekday rows into ranges and separates lunch and special-day rows.
 * Duplicate weekday entries keep the first; entries with an unknown day_num are dropped.
 */
export function mergeOpeningHours(entries: readonly OpeningHoursEntry[]): MergedOpeningHours {
  const byDay = new Map<number, OpeningHoursEntry>();
  const lunch: LunchRow[] = [];
  const special: SpecialDayRow[] = [];

  for (const entry of entries) {
    if (isSpecial(entry)) {
      special.push({
        date: entry.date,
        label: entry.day.trim() || entry.date || '',
        times: entry.times,
        holiday: entry.holiday,
        text: formatTimeRange(entry.times),
      });
    } else if (entry.day_num === LUNCH_DAY_NUM) {
      lunch.push({ label: LUNCH_LABEL, times: entry.times, text: formatTimeRange(entry.times) });
    } else if (isWeekday(entry.day_num) && !byDay.has(entry.day_num)) {
      byDay.set(entry.day_num, entry);
    }
  }

  const regular: RegularHoursRow[] = [];
  for (const dayNum of [...byDay.keys()].sort((a, b) => a - b)) {
    const times = byDay.get(dayNum)!.times;
    const last = regular.at(-1);
    if (last && last.days.at(-1) === dayNum - 1 && sameTimes(last.times, times)) {
      last.days.push(dayNum);
      last.label = rangeLabel(last.days[0]!, dayNum);
    } else {
      regular.push({
        label: rangeLabel(dayNum, dayNum),
        days: [dayNum],
        times,
        text: formatTimeRange(times),
      });
    }
  }

  special.sort((a, b) => {
    if (a.date === b.date) return 0;
    if (a.date === null) return 1;
    if (b.date === null) return -1;
    return a.date < b.date ? -1 : 1;
  });
  return { regular, lunch, special };
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function localParts(at: Date, timeZone: string) {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    formatter.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday'));
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday,
    time: `${part('hour')}:${part('minute')}`,
  };
}

function within(time: string, times: OpeningTimes): boolean {
  return normaliseTime(times.open) <= time && time < normaliseTime(times.close);
}

/**
 * Whether the store is open at an instant, in the store's time zone (Sweden by default).
 * A special-day entry for that date overrides the weekday; the daily lunch row closes it.
 */
export function isOpenAt(
  entries: readonly OpeningHoursEntry[],
  at: Date,
  options: { timeZone?: string } = {},
): boolean {
  const { date, weekday, time } = localParts(at, options.timeZone ?? 'Europe/Stockholm');
  const specialDay = entries.find((entry) => isSpecial(entry) && entry.date === date);
  const day = specialDay ?? entries.find((entry) => !isSpecial(entry) && entry.day_num === weekday);
  if (!day?.times || !within(time, day.times)) return false;
  const lunch = entries.find((entry) => entry.day_num === LUNCH_DAY_NUM && entry.times);
  return !(lunch?.times && within(time, lunch.times));
}

/** Whether the store is open now, and when it closes or next opens (issue 22). */
export type OpeningStatus =
  | { open: true; closes: string }
  | {
      open: false;
      /** The next opening within a week; days ahead (0 today) and the weekday (0 Monday). */
      opens: { time: string; daysAhead: number; weekday: number } | null;
    };

function addDaysTo(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The hours of one calendar day: its special-day entry, else its weekday's. */
function hoursOn(
  entries: readonly OpeningHoursEntry[],
  date: string,
  weekday: number,
): OpeningTimes | null {
  const specialDay = entries.find((entry) => isSpecial(entry) && entry.date === date);
  const day = specialDay ?? entries.find((entry) => !isSpecial(entry) && entry.day_num === weekday);
  return day?.times ?? null;
}

/**
 * The store's state at an instant in its time zone (Sweden by default), for the line
 * 'Öppet nu · stänger 20:00': open until the close (or the lunch closure, if it comes first),
 * or closed until the next opening within a week (later today, or a coming day).
 */
export function openingStatus(
  entries: readonly OpeningHoursEntry[],
  at: Date,
  options: { timeZone?: string } = {},
): OpeningStatus {
  const { date, weekday, time } = localParts(at, options.timeZone ?? 'Europe/Stockholm');
  const today = hoursOn(entries, date, weekday);
  const lunch = entries.find((entry) => entry.day_num === LUNCH_DAY_NUM && entry.times)?.times;
  if (today && within(time, today)) {
    if (lunch && within(time, lunch)) {
      return { open: false, opens: { time: normaliseTime(lunch.close), daysAhead: 0, weekday } };
    }
    const lunchFirst =
      lunch &&
      time < normaliseTime(lunch.open) &&
      normaliseTime(lunch.open) < normaliseTime(today.close);
    return { open: true, closes: normaliseTime(lunchFirst ? lunch.open : today.close) };
  }
  if (today && time < normaliseTime(today.open)) {
    return { open: false, opens: { time: normaliseTime(today.open), daysAhead: 0, weekday } };
  }
  for (let daysAhead = 1; daysAhead <= 7; daysAhead++) {
    const day = (weekday + daysAhead) % 7;
    const hours = hoursOn(entries, addDaysTo(date, daysAhead), day);
    if (hours)
      return { open: false, opens: { time: normaliseTime(hours.open), daysAhead, weekday: day } };
  }
  return { open: false, opens: null };
}

/** 'Öppet nu · stänger 20:00', 'Stängt nu · öppnar i morgon 07:00', 'Stängt nu · öppnar måndag 07:00'. */
export function openingStatusText(status: OpeningStatus): string {
  if (status.open) return `Öppet nu · stänger ${status.closes}`;
  const { opens } = status;
  if (!opens) return 'Stängt nu';
  const when =
    opens.daysAhead === 0
      ? ''
      : opens.daysAhead === 1
        ? 'i morgon '
        : `${(DAY_NAMES[opens.weekday] ?? '').toLowerCase()} `;
  return `Stängt nu · öppnar ${when}${opens.time}`;
}
