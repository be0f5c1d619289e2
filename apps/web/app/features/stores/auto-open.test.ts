import { describe, expect, it } from 'vitest';
import { isSelectorExemptPath, shouldAutoOpenSelector } from './auto-open.ts';

const allowed = {
  enabled: true,
  consentGiven: true,
  shownThisSession: false,
  storeChosen: false,
  signedIn: false,
  pathname: '/',
};

describe('shouldAutoOpenSelector', () => {
  it('opens on an ordinary page when consent is given and it has not opened this session', () => {
    expect(shouldAutoOpenSelector(allowed)).toBe(true);
    expect(shouldAutoOpenSelector({ ...allowed, pathname: '/produkter/travaror' })).toBe(true);
  });

  it('opens only once per session', () => {
    expect(shouldAutoOpenSelector({ ...allowed, shownThisSession: true })).toBe(false);
  });

  it('never opens by itself for a visitor who has already chosen a store', () => {
    expect(shouldAutoOpenSelector({ ...allowed, storeChosen: true })).toBe(false);
    expect(shouldAutoOpenSelector({ ...allowed, storeChosen: true, pathname: '/kassa' })).toBe(
      false,
    );
  });

  it('never opens by itself for a logged-in trade user', () => {
    expect(shouldAutoOpenSelector({ ...allowed, signedIn: true })).toBe(false);
  });

  it('does not open while cookie consent is missing', () => {
    expect(shouldAutoOpenSelector({ ...allowed, consentGiven: false })).toBe(false);
  });

  it('does not open where the organisation has no store selector', () => {
    expect(shouldAutoOpenSelector({ ...allowed, enabled: false })).toBe(false);
  });

  it('does not open on store routes, the listed routes or the central area', () => {
    for (const pathname of [
      '/butiker',
      '/butiker/goteborg',
      '/butiker/goteborg/produkter',
      '/foretag/butiker/goteborg',
      '/integritetspolicy',
      '/kundservice/integritetspolicy/',
      '/om-webbplatsen',
      '/404',
      '/kassa',
      '/butiker/goteborg/kassa',
      '/privat/kassa',
      '/login',
      '/kvitto/visa/12',
      '/rikskund',
      '/rikskund/produkter',
    ]) {
      expect(shouldAutoOpenSelector({ ...allowed, pathname }), pathname).toBe(false);
    }
  });
});

describe('isSelectorExemptPath', () => {
  it('matches whole path segments only', () => {
    expect(isSelectorExemptPath('/butikerna-i-norr')).toBe(false);
    expect(isSelectorExemptPath('/rikskunden')).toBe(false);
    expect(isSelectorExemptPath('/integritetspolicy/extra')).toBe(false);
  });
});
