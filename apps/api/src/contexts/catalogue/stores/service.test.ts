import { describe, expect, it } from 'vitest';
import { toOpeningHoursEntry } from './service.ts';

const row = (dayNum: number, extra: Partial<Parameters<typeof toOpeningHoursEntry>[0]> = {}) => ({
  id: 1,
  storeId: 1,
  dayNum,
  date: null,
  openTime: '07:00',
  closeTime: '18:00',
  holiday: null,
  ...extra,
});

describe('toOpeningHoursEntry', () => {
  it('names weekdays in Swedish, Monday as day 0', () => {
    expect(toOpeningHoursEntry(row(0)).day).toBe('Måndag');
    expect(toOpeningHoursEntry(row(6)).day).toBe('Söndag');
  });

  it('labels the daily lunch row (99)', () => {
    expect(toOpeningHoursEntry(row(99, { openTime: '12:00', closeTime: '12:30' }))).toEqual({
      day: 'Lunchstängt',
      day_num: 99,
      date: null,
      times: { open: '12:00', close: '12:30' },
      holiday: null,
    });
  });

  it('names a special day (98) by its holiday, else by the weekday of its date', () => {
    const holiday = row(98, { date: '2025-12-24', holiday: 'Julafton' });
    expect(toOpeningHoursEntry(holiday).day).toBe('Julafton');
    expect(toOpeningHoursEntry(row(98, { date: '2025-12-24' })).day).toBe('Onsdag');
  });

  it('gives null times for a closed day', () => {
    expect(toOpeningHoursEntry(row(6, { openTime: null, closeTime: null })).times).toBeNull();
  });
});
