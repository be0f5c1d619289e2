import { describe, expect, it } from 'vitest';
import { storeOpenNowText } from './store-hours.ts';
import { storeDetail } from './test-stores.ts';

describe('storeOpenNowText', () => {
  it('reads the API hours (holiday names) in Swedish time', () => {
    const { hours } = storeDetail();
    const weekday = hours.find((entry) => entry.day_num === 0);
    expect(weekday?.times).not.toBeNull();
    // A Monday at noon in Sweden (UTC+1 in November).
    const text = storeOpenNowText(hours, new Date('2026-11-23T11:00:00Z'));
    expect(text).toMatch(/^(Öppet nu · stänger|Stängt nu · öppnar) \d{2}:\d{2}$/);
    // A Monday at 03:00: closed, opening later that day.
    expect(storeOpenNowText(hours, new Date('2026-11-23T02:00:00Z'))).toBe(
      `Stängt nu · öppnar ${weekday?.times?.open.slice(0, 5)}`,
    );
  });
});
