import { describe, expect, it } from 'vitest';
import { easterSunday, swedishHolidays } from './swedish-holidays.ts';

function byName(year: number): Record<string, string> {
  return Object.fromEntries(swedishHolidays(year).map((holiday) => [holiday.name, holiday.date]));
}

describe('easterSunday', () => {
  it('matches the published Easter Sundays', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    // The earliest and latest possible dates.
    expect(easterSunday(1818)).toBe('1818-03-22');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });

  it('refuses years before the Gregorian calendar', () => {
    expect(() => easterSunday(1500)).toThrow(RangeError);
  });
});

describe('swedishHolidays', () => {
  it('lists every holiday of 2026 with its date (Swedish calendar)', () => {
    expect(byName(2026)).toEqual({
      Nyårsdagen: '2026-01-01',
      'Trettondedag jul': '2026-01-06',
      Långfredagen: '2026-04-03',
      Påskafton: '2026-04-04',
      Påskdagen: '2026-04-05',
      'Annandag påsk': '2026-04-06',
      'Första maj': '2026-05-01',
      'Kristi himmelsfärdsdag': '2026-05-14',
      Pingstdagen: '2026-05-24',
      'Sveriges nationaldag': '2026-06-06',
      Midsommarafton: '2026-06-19',
      Midsommardagen: '2026-06-20',
      'Alla helgons dag': '2026-10-31',
      Julafton: '2026-12-24',
      Juldagen: '2026-12-25',
      'Annandag jul': '2026-12-26',
      Nyårsafton: '2026-12-31',
    });
  });

  it('moves the Easter, midsummer and All Saints dates with the year', () => {
    const y2027 = byName(2027);
    expect(y2027['Långfredagen']).toBe('2027-03-26');
    expect(y2027['Kristi himmelsfärdsdag']).toBe('2027-05-06');
    expect(y2027['Pingstdagen']).toBe('2027-05-16');
    expect(y2027['Midsommarafton']).toBe('2027-06-25');
    expect(y2027['Midsommardagen']).toBe('2027-06-26');
    expect(y2027['Alla helgons dag']).toBe('2027-11-06');
  });

  it('is in date order, marks the eves, and every day is a real date of that year', () => {
    const holidays = swedishHolidays(2028);
    expect(holidays.map((h) => h.date)).toEqual([...holidays.map((h) => h.date)].sort());
    expect(holidays.filter((h) => h.kind === 'eve').map((h) => h.name)).toEqual([
      'Påskafton',
      'Midsommarafton',
      'Julafton',
      'Nyårsafton',
    ]);
    for (const { date } of holidays) {
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      expect(date.startsWith('2028-')).toBe(true);
    }
  });
});
