import { describe, expect, it } from 'vitest';
import { greatCircleKm } from './geo.ts';

describe('greatCircleKm', () => {
  it('is zero between a point and itself', () => {
    expect(greatCircleKm({ lat: 59.33, lon: 18.06 }, { lat: 59.33, lon: 18.06 })).toBe(0);
  });

  it('gives the known Stockholm–Göteborg distance of about 398 km', () => {
    const km = greatCircleKm({ lat: 59.3293, lon: 18.0686 }, { lat: 57.7089, lon: 11.9746 });
    expect(km).toBeGreaterThan(390);
    expect(km).toBeLessThan(405);
  });

  it('is symmetric', () => {
    const a = { lat: 55.605, lon: 13.0038 };
    const b = { lat: 65.5848, lon: 22.1547 };
    expect(greatCircleKm(a, b)).toBeCloseTo(greatCircleKm(b, a), 9);
  });
});
