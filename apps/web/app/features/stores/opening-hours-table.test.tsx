import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpeningHoursTable } from './opening-hours-table.tsx';
import { holiday, LUNCH, week } from './test-stores.ts';

const WEEKDAYS_7_TO_18: Array<[string, string] | null> = [
  ['07:00', '18:00'],
  ['07:00', '18:00'],
  ['07:00', '18:00'],
  ['07:00', '18:00'],
  ['07:00', '18:00'],
  ['09:00', '15:00'],
  null,
];

function rows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

describe('OpeningHoursTable', () => {
  it("merges Monday to Friday with equal hours into one 'Vardagar' row", () => {
    render(<OpeningHoursTable hours={week(WEEKDAYS_7_TO_18)} today="2026-11-22" />);
    expect(rows(screen.getByRole('table', { name: 'Ordinarie öppettider' }))).toEqual([
      'Vardagar07:00–18:00',
      'Lördag09:00–15:00',
      'SöndagStängt',
    ]);
  });

  it('keeps days apart where the hours differ and names ranges by their first and last day', () => {
    const hours = week([
      ['07:00', '17:00'],
      ['07:00', '17:00'],
      ['07:00', '17:00'],
      ['07:00', '17:00'],
      ['07:00', '16:00'],
      null,
      null,
    ]);
    render(<OpeningHoursTable hours={hours} today="2026-11-22" />);
    expect(rows(screen.getByRole('table', { name: 'Ordinarie öppettider' }))).toEqual([
      'Måndag–Torsdag07:00–17:00',
      'Fredag07:00–16:00',
      'Lördag–SöndagStängt',
    ]);
  });

  it('shows the daily lunch closure as a row of its own, not merged into the days', () => {
    render(<OpeningHoursTable hours={[...week(WEEKDAYS_7_TO_18), LUNCH]} today="2026-11-22" />);
    expect(rows(screen.getByRole('table', { name: 'Ordinarie öppettider' }))).toEqual([
      'Vardagar07:00–18:00',
      'Lördag09:00–15:00',
      'SöndagStängt',
      'Lunchstängt12:00–12:30',
    ]);
  });

  it('lists upcoming holidays apart, with their names and dates, and leaves out past ones', () => {
    const hours = [
      ...week(WEEKDAYS_7_TO_18),
      holiday('2026-06-19', 'Midsommarafton', null),
      holiday('2026-12-25', 'Juldagen', null),
      holiday('2026-12-24', 'Julafton', ['08:00', '12:00']),
    ];
    render(<OpeningHoursTable hours={hours} today="2026-11-22" />);
    expect(screen.getByRole('heading', { name: 'Avvikande öppettider', level: 3 })).toBeTruthy();
    const special = screen.getByRole('table', { name: 'Avvikande öppettider och helgdagar' });
    expect(rows(special)).toEqual([
      'Julafton 24 december08:00–12:00',
      'Juldagen 25 decemberStängt',
    ]);
    expect(within(special).getByText('24 december').getAttribute('dateTime')).toBe('2026-12-24');
    // Regular rows are not affected by the holidays.
    expect(rows(screen.getByRole('table', { name: 'Ordinarie öppettider' }))[0]).toBe(
      'Vardagar07:00–18:00',
    );
  });

  it('shows at most the asked number of special days', () => {
    const hours = [
      holiday('2026-12-24', 'Julafton', ['08:00', '12:00']),
      holiday('2026-12-25', 'Juldagen', null),
      holiday('2026-12-26', 'Annandag jul', ['10:00', '15:00']),
    ];
    render(<OpeningHoursTable hours={hours} today="2026-11-22" maxSpecialDays={2} />);
    expect(
      rows(screen.getByRole('table', { name: 'Avvikande öppettider och helgdagar' })),
    ).toHaveLength(2);
  });

  it('says so when the store has no opening hours at all', () => {
    render(<OpeningHoursTable hours={[]} today="2026-11-22" />);
    expect(screen.getByText('Butiken har inte lagt in sina öppettider.')).toBeTruthy();
  });
});
