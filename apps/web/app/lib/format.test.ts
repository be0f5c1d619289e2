import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatKronor,
  kronorToOre,
} from './format.ts';

const NBSP = '\u00a0';

describe('Swedish formatting', () => {
  it('turns the API kronor into öre without float drift', () => {
    expect(kronorToOre(127.2)).toBe(12720);
    expect(kronorToOre(0.29)).toBe(29);
  });

  it('formats kronor as the shop writes prices', () => {
    expect(formatKronor(1295)).toBe(`1${NBSP}295:-`);
    expect(formatKronor(1234.5)).toBe(`1${NBSP}234:50`);
  });

  it('formats dates as Swedish calendar days in Swedish time', () => {
    // 23:30 UTC on 4 December is already 5 December in Stockholm.
    expect(formatDate('2026-12-04T23:30:00Z')).toBe('5 december 2026');
    expect(formatDayMonth('2026-11-22T10:00:00Z')).toBe('22 november');
  });

  it('formats a moment with date and time in Swedish time', () => {
    // Summer time: UTC+2.
    expect(formatDateTime('2026-06-02T13:05:00Z')).toBe('2 juni 2026 kl. 15:05');
  });
});

describe('formatCount', () => {
  it('separates thousands with non-breaking spaces', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1\u00a0000');
    expect(formatCount(10_000)).toBe('10\u00a0000');
    expect(formatCount(100_000)).toBe('100\u00a0000');
    expect(formatCount(1_234_567)).toBe('1\u00a0234\u00a0567');
  });
});
