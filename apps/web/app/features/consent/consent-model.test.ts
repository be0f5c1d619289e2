import { describe, expect, it } from 'vitest';
import { consentState, isConsentHiddenPath } from './consent-model.ts';

describe('consent model', () => {
  it('counts the dialog as answered only when the consent cookie is true', () => {
    expect(consentState({ consent: null, marketingConsent: null })).toEqual({
      answered: false,
      marketing: false,
    });
    expect(consentState({ consent: true, marketingConsent: false })).toEqual({
      answered: true,
      marketing: false,
    });
    expect(consentState({ consent: true, marketingConsent: true })).toEqual({
      answered: true,
      marketing: true,
    });
  });

  it('hides the dialog on the privacy pages and their store, central and mode variants', () => {
    for (const path of [
      '/integritetspolicy',
      '/integritetspolicy/',
      '/kundservice/integritetspolicy',
      '/om-webbplatsen',
      '/butiker/goteborg/integritetspolicy',
      '/rikskund/integritetspolicy',
      '/foretag/integritetspolicy',
    ]) {
      expect(isConsentHiddenPath(path), path).toBe(true);
    }
  });

  it('shows the dialog everywhere else', () => {
    for (const path of ['/', '/produkter', '/butiker/goteborg', '/integritetspolicy/mer', '/om']) {
      expect(isConsentHiddenPath(path), path).toBe(false);
    }
  });
});
