import { describe, expect, it } from 'vitest';
import { formatDistance, telHref, toStoreDetail, toStoreSummary } from './store-model.ts';
import { apiStore } from './test-stores.ts';

describe('store view models', () => {
  it('shows the name without the organisation prefix and keeps the full name for details', () => {
    expect(toStoreSummary(apiStore(), 'Timmerkedjan').name).toBe('Göteborg');
    const detail = toStoreDetail(apiStore(), 'Timmerkedjan');
    expect(detail.fullName).toBe('Timmerkedjan Göteborg');
    expect(detail.localAssortmentNotice).toBeNull();
  });

  it('carries the distance only when the API ranked the stores by distance', () => {
    expect(toStoreSummary(apiStore(), 'Timmerkedjan').distanceKm).toBeNull();
    expect(toStoreSummary(apiStore({ distance_km: 1.27 }), 'Timmerkedjan').distanceKm).toBe(1.27);
  });

  it('passes the local-assortment notice on when the API sends one', () => {
    const store = { ...apiStore(), local_assortment_notice: 'Beställ trävaror i förväg.' };
    expect(toStoreDetail(store, 'Timmerkedjan').localAssortmentNotice).toBe(
      'Beställ trävaror i förväg.',
    );
  });
});

describe('formatting', () => {
  it('dials only digits and a leading plus', () => {
    expect(telHref('031-42 22 14')).toBe('tel:031422214');
    expect(telHref('+46 31 42 22 14')).toBe('tel:+4631422214');
  });

  it('writes distances with a decimal comma below 10 km and whole kilometres above', () => {
    expect(formatDistance(1.27)).toBe('1,3 km');
    expect(formatDistance(9.94)).toBe('9,9 km');
    expect(formatDistance(56.75)).toBe('57 km');
  });
});
