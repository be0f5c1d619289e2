import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  REGIONS,
  REGION_IDS,
  belongsToStore,
  haversineKm,
  isRegionId,
  preferredStore,
  regionName,
  sortByDistance,
  storeCountMismatch,
  stripOrganisationPrefix,
} from './stores.ts';

describe('stripOrganisationPrefix', () => {
  it('removes the prefix with any case, spacing and separator', () => {
    expect(stripOrganisationPrefix('Timmerkedjan Borås', 'Timmerkedjan')).toBe('Borås');
    expect(stripOrganisationPrefix('TIMMERKEDJAN - Borås', 'Timmerkedjan')).toBe('Borås');
    expect(stripOrganisationPrefix('  timmerkedjan   Borås  Centrum ', 'Timmerkedjan')).toBe(
      'Borås Centrum',
    );
    expect(stripOrganisationPrefix('Timmerkedjan – Östersund', 'Timmerkedjan')).toBe('Östersund');
    expect(stripOrganisationPrefix('Stomvik  Bygghandel: Kinna', 'Stomvik Bygghandel')).toBe(
      'Kinna',
    );
    expect(stripOrganisationPrefix('ÅBYGG Åre', 'åbygg')).toBe('Åre');
  });

  it('leaves names without the prefix, or only partly matching it, alone', () => {
    expect(stripOrganisationPrefix('Borås', 'Timmerkedjan')).toBe('Borås');
    expect(stripOrganisationPrefix('Timmerkedjans Lager', 'Timmerkedjan')).toBe(
      'Timmerkedjans Lager',
    );
    expect(stripOrganisationPrefix('Borås Timmerkedjan', 'Timmerkedjan')).toBe(
      'Borås Timmerkedjan',
    );
    expect(stripOrganisationPrefix('A.B Borås', 'A+B')).toBe('A.B Borås');
  });

  it('keeps the name when nothing else would remain or the prefix is empty', () => {
    expect(stripOrganisationPrefix('Timmerkedjan', 'Timmerkedjan')).toBe('Timmerkedjan');
    expect(stripOrganisationPrefix(' Borås ', '')).toBe('Borås');
  });

  it('returns the town for any prefixed store name', () => {
    const town = fc.stringMatching(/^[A-ZÅÄÖ][a-zåäö]{1,12}$/);
    const separator = fc.constantFrom(' ', '  ', ' - ', ' – ', ': ');
    fc.assert(
      fc.property(town, separator, fc.boolean(), (name, sep, upper) => {
        const prefix = upper ? 'TIMMERKEDJAN' : 'Timmerkedjan';
        expect(stripOrganisationPrefix(`${prefix}${sep}${name}`, 'Timmerkedjan')).toBe(name);
      }),
    );
  });
});

describe('store membership', () => {
  const session = { proffs_stores: ['1001'], stores: [{ external_id: '2002' }] };

  it('finds the store in proffs_stores or stores', () => {
    expect(belongsToStore(session, '1001')).toBe(true);
    expect(belongsToStore(session, '2002')).toBe(true);
    expect(belongsToStore(session, '3003')).toBe(false);
  });

  it('is false with no store selected or no session', () => {
    expect(belongsToStore(session, null)).toBe(false);
    expect(belongsToStore(session, '')).toBe(false);
    expect(belongsToStore(null, '1001')).toBe(false);
  });
});

describe('preferredStore', () => {
  const stores = [{ external_id: 'a' }, { external_id: 'b' }, { external_id: 'c' }];

  it('prefers the host store when the user belongs to it', () => {
    expect(preferredStore({ hostStore: 'c', userStores: stores, lastPreference: 'b' })).toBe(
      stores[2],
    );
  });

  it('falls back to the last preference, then to the first store', () => {
    expect(preferredStore({ hostStore: 'x', userStores: stores, lastPreference: 'b' })).toBe(
      stores[1],
    );
    expect(preferredStore({ hostStore: null, userStores: stores, lastPreference: 'gone' })).toBe(
      stores[0],
    );
    expect(preferredStore({ hostStore: null, userStores: [], lastPreference: 'a' })).toBeNull();
  });
});

describe('regions and distances', () => {
  it('names the seven regions', () => {
    expect(REGION_IDS.map((id) => REGIONS[id])).toEqual([
      'Norra Norrland',
      'Södra Norrland',
      'Mellansverige',
      'Stockholm',
      'Östra Götaland',
      'Västsverige',
      'Skåne & Blekinge',
    ]);
    expect(regionName(7)).toBe('Skåne & Blekinge');
    expect(regionName(8)).toBeUndefined();
    expect(isRegionId(0)).toBe(false);
  });

  it('warns when the store lookup count differs from the user store count', () => {
    expect(storeCountMismatch(2, 2)).toBe(false);
    expect(storeCountMismatch(1, 2)).toBe(true);
  });

  it('measures great-circle distances', () => {
    const stockholm = { lat: 59.3326, lon: 18.0649 };
    const goteborg = { lat: 57.7089, lon: 11.9746 };
    expect(haversineKm(stockholm, goteborg)).toBeCloseTo(397, 0);
    expect(haversineKm(stockholm, stockholm)).toBe(0);
  });

  it('is symmetric and obeys the triangle inequality', () => {
    const point = fc.record({
      lat: fc.double({ min: 55, max: 69, noNaN: true }),
      lon: fc.double({ min: 10, max: 25, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 9);
        expect(haversineKm(a, c)).toBeLessThanOrEqual(haversineKm(a, b) + haversineKm(b, c) + 1e-9);
      }),
    );
  });

  it('sorts nearest first and puts stores without a location last', () => {
    const from = { lat: 57.72, lon: 12.94 }; // Borås
    const sorted = sortByDistance(
      [
        { id: 'luleå', location: { lat: 65.58, lon: 22.15 } },
        { id: 'none', location: null },
        { id: 'kinna', location: { lat: 57.51, lon: 12.69 } },
      ],
      from,
    );
    expect(sorted.map((s) => s.id)).toEqual(['kinna', 'luleå', 'none']);
    expect(sorted[2]?.distanceKm).toBeNull();
  });
});
