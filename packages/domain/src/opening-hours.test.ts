import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DAY_NAMES,
  formatTimeRange,
  isOpenAt,
  mergeOpeningHours,
  normaliseTime,
  openingStatus,
  openingStatusText,
  type OpeningHoursEntry,
  type OpeningTimes,
} from './opening-hours.ts';

function day(dayNum: number, times: OpeningTimes | null): OpeningHoursEntry {
  return { day: DAY_NAMES[dayNum] ?? '', day_num: dayNum, date: null, times, holiday: false };
}

const weekdayHours = { open: '07:00', close: '18:00' };
const saturday = { open: '09:00', close: '15:00' };

const typicalWeek: OpeningHoursEntry[] = [
  day(0, weekdayHours),
  day(1, weekdayHours),
  day(2, weekdayHours),
  day(3, weekdayHours),
  day(4, weekdayHours),
  day(5, saturday),
  day(6, null),
  {
    day: 'Lunch',
    day_num: 99,
    date: null,
    times: { open: '12:00', close: '12:30' },
    holiday: false,
  },
  { day: 'Julafton', day_num: 98, date: '2025-12-24', times: null, holiday: true },
  { day: 'Lillajulafton', day_num: 98, date: '2025-12-23', times: saturday, holiday: false },
];

describe('merging opening hours', () => {
  it('merges Monday–Friday with identical hours into "Vardagar"', () => {
    const { regular } = mergeOpeningHours(typicalWeek);
    expect(regular).toEqual([
      { label: 'Vardagar', days: [0, 1, 2, 3, 4], times: weekdayHours, text: '07:00–18:00' },
      { label: 'Lördag', days: [5], times: saturday, text: '09:00–15:00' },
      { label: 'Söndag', days: [6], times: null, text: 'Stängt' },
    ]);
  });

  it('keeps lunch and special days apart, special days in date order', () => {
    const { lunch, special } = mergeOpeningHours(typicalWeek);
    expect(lunch).toEqual([
      { label: 'Lunchstängt', times: { open: '12:00', close: '12:30' }, text: '12:00–12:30' },
    ]);
    expect(special.map((s) => [s.date, s.label, s.text, s.holiday])).toEqual([
      ['2025-12-23', 'Lillajulafton', '09:00–15:00', false],
      ['2025-12-24', 'Julafton', 'Stängt', true],
    ]);
  });

  it('names other ranges with an en dash and merges closed days', () => {
    const { regular } = mergeOpeningHours([
      day(3, weekdayHours),
      day(0, weekdayHours),
      day(1, weekdayHours),
      day(2, { open: '07:00:00', close: '18:00:00' }),
      day(4, { open: '7.00', close: '19.00' }),
      day(5, null),
      day(6, null),
    ]);
    expect(regular.map((r) => [r.label, r.text])).toEqual([
      ['Måndag–Torsdag', '07:00–18:00'],
      ['Fredag', '07:00–19:00'],
      ['Lördag–Söndag', 'Stängt'],
    ]);
  });

  it('does not merge across a missing day and treats holiday weekday rows as special', () => {
    const merged = mergeOpeningHours([
      day(0, weekdayHours),
      day(2, weekdayHours),
      { ...day(1, null), holiday: true, date: '2025-05-01', day: 'Första maj' },
    ]);
    expect(merged.regular.map((r) => r.label)).toEqual(['Måndag', 'Onsdag']);
    expect(merged.special.map((s) => s.label)).toEqual(['Första maj']);
  });

  it('keeps the first of duplicate days and drops unknown day numbers', () => {
    const merged = mergeOpeningHours([day(0, weekdayHours), day(0, null), day(42, saturday)]);
    expect(merged.regular).toEqual([
      { label: 'Måndag', days: [0], times: weekdayHours, text: '07:00–18:00' },
    ]);
  });

  const timesPool: (OpeningTimes | null)[] = [
    null,
    { open: '07:00', close: '18:00' },
    { open: '07:00', close: '19:00' },
    { open: '10:00', close: '15:00' },
  ];
  const week = fc
    .uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 })
    .chain((days) =>
      fc.tuple(
        fc.constant(days),
        fc.array(fc.constantFrom(...timesPool), { minLength: 7, maxLength: 7 }),
      ),
    )
    .map(([days, times]) => days.map((d) => day(d, times[d]!)));

  it('never loses a day, never merges different hours and keeps day order', () => {
    fc.assert(
      fc.property(week, (entries) => {
        const { regular } = mergeOpeningHours(entries);
        const covered = regular.flatMap((row) => row.days);
        expect(covered).toEqual(entries.map((e) => e.day_num).sort((a, b) => a - b));
        for (const row of regular) {
          for (const d of row.days) {
            const entry = entries.find((e) => e.day_num === d)!;
            expect(formatTimeRange(entry.times)).toBe(row.text);
          }
          for (let i = 1; i < row.days.length; i++) {
            expect(row.days[i]).toBe(row.days[i - 1]! + 1);
          }
        }
      }),
    );
  });

  it('merges as far as possible: neighbouring rows differ or have a gap', () => {
    fc.assert(
      fc.property(week, (entries) => {
        const { regular } = mergeOpeningHours(entries);
        for (let i = 1; i < regular.length; i++) {
          const previous = regular[i - 1]!;
          const current = regular[i]!;
          const adjacent = previous.days.at(-1)! + 1 === current.days[0];
          expect(adjacent && previous.text === current.text).toBe(false);
        }
      }),
    );
  });
});

describe('time formatting', () => {
  it('normalises times to HH:MM', () => {
    expect(normaliseTime('7:00')).toBe('07:00');
    expect(normaliseTime('07:30:00')).toBe('07:30');
    expect(normaliseTime('18.00')).toBe('18:00');
    expect(formatTimeRange(null)).toBe('Stängt');
  });
});

describe('isOpenAt', () => {
  // 2025-06-02 is a Monday; Sweden is UTC+2 in summer.
  const at = (iso: string) => new Date(iso);

  it('is open inside weekday hours and closed outside them', () => {
    expect(isOpenAt(typicalWeek, at('2025-06-02T05:00:00Z'))).toBe(true); // 07:00 local
    expect(isOpenAt(typicalWeek, at('2025-06-02T04:59:00Z'))).toBe(false); // 06:59
    expect(isOpenAt(typicalWeek, at('2025-06-02T16:00:00Z'))).toBe(false); // 18:00
  });

  it('closes for lunch and on closed days', () => {
    expect(isOpenAt(typicalWeek, at('2025-06-02T10:15:00Z'))).toBe(false); // 12:15
    expect(isOpenAt(typicalWeek, at('2025-06-08T10:00:00Z'))).toBe(false); // Sunday
  });

  it('lets a special day override the weekday', () => {
    // 2025-12-24 is a Wednesday, normally open; Sweden is UTC+1 in winter.
    expect(isOpenAt(typicalWeek, at('2025-12-24T09:00:00Z'))).toBe(false);
    // 2025-12-23 (Tuesday) has Saturday hours: 15:30 is closed although weekdays run to 18.
    expect(isOpenAt(typicalWeek, at('2025-12-23T14:30:00Z'))).toBe(false);
    expect(isOpenAt(typicalWeek, at('2025-12-23T08:30:00Z'))).toBe(true);
  });
});

describe('openingStatus (issue 22: "Öppet nu · stänger 20:00")', () => {
  // 2025-06-02 is a Monday; Sweden is UTC+2 in summer, UTC+1 in winter.
  const text = (iso: string, entries = typicalWeek) =>
    openingStatusText(openingStatus(entries, new Date(iso)));
  const noLunch = typicalWeek.filter((entry) => entry.day_num !== 99);

  it('says when an open store closes, in Swedish time', () => {
    expect(text('2025-06-02T13:00:00Z')).toBe('Öppet nu · stänger 18:00'); // 15:00 local
    expect(openingStatus(typicalWeek, new Date('2025-06-02T13:00:00Z'))).toEqual({
      open: true,
      closes: '18:00',
    });
  });

  it('names the lunch closure as the next close before lunch, and the reopening during it', () => {
    expect(text('2025-06-02T08:00:00Z')).toBe('Öppet nu · stänger 12:00'); // 10:00
    expect(text('2025-06-02T10:10:00Z')).toBe('Stängt nu · öppnar 12:30'); // 12:10
    expect(text('2025-06-02T08:00:00Z', noLunch)).toBe('Öppet nu · stänger 18:00');
  });

  it('says when a closed store opens: later today, tomorrow or on a named day', () => {
    expect(text('2025-06-02T04:00:00Z')).toBe('Stängt nu · öppnar 07:00'); // Monday 06:00
    expect(text('2025-06-02T17:00:00Z')).toBe('Stängt nu · öppnar i morgon 07:00'); // 19:00
    // Saturday after closing: Sunday is closed, so Monday.
    expect(text('2025-06-07T14:00:00Z')).toBe('Stängt nu · öppnar måndag 07:00');
  });

  it('reads special days: closed on Julafton, Lillajulafton with its own hours', () => {
    expect(text('2025-12-24T09:00:00Z')).toBe('Stängt nu · öppnar i morgon 07:00');
    expect(text('2025-12-23T08:30:00Z')).toBe('Öppet nu · stänger 12:00');
    expect(text('2025-12-23T11:45:00Z', noLunch)).toBe('Öppet nu · stänger 15:00');
  });

  it('says only "Stängt nu" when nothing opens within a week', () => {
    const closed = [0, 1, 2, 3, 4, 5, 6].map((dayNum) => day(dayNum, null));
    expect(text('2025-06-02T10:00:00Z', closed)).toBe('Stängt nu');
  });
});
