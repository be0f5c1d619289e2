import { describe, expect, it } from 'vitest';
import {
  isNewsletterListedPath,
  mayShowNewsletter,
  msUntilDue,
  NEWSLETTER_DELAY_MS,
} from './newsletter-rule.ts';

const base = {
  enabled: true,
  consentGiven: true,
  shownBefore: false,
  contentLoaded: true,
  pathname: '/xl-guiden',
  dialogOpen: false,
};

describe('newsletter rule (spec §4)', () => {
  it('waits 60 seconds from the first timer start', () => {
    expect(NEWSLETTER_DELAY_MS).toBe(60_000);
    expect(msUntilDue(1_000, 1_000)).toBe(60_000);
    expect(msUntilDue(1_000, 41_000)).toBe(20_000);
    expect(msUntilDue(1_000, 500_000)).toBe(0);
  });

  it('shows only with consent, content, the flag, not before and no other dialog open', () => {
    expect(mayShowNewsletter(base)).toBe(true);
    expect(mayShowNewsletter({ ...base, consentGiven: false })).toBe(false);
    expect(mayShowNewsletter({ ...base, shownBefore: true })).toBe(false);
    expect(mayShowNewsletter({ ...base, contentLoaded: false })).toBe(false);
    expect(mayShowNewsletter({ ...base, enabled: false })).toBe(false);
    expect(mayShowNewsletter({ ...base, dialogOpen: true })).toBe(false);
  });

  it('stays away from the listed routes, under any prefix', () => {
    for (const path of [
      '/kassa',
      '/foretag/kassa',
      '/butiker/malmo/kassa',
      '/rikskund/kassa',
      '/login',
      '/integritetspolicy',
      '/kvitto/visa/12',
    ]) {
      expect(isNewsletterListedPath(path), path).toBe(true);
    }
    expect(isNewsletterListedPath('/')).toBe(false);
    expect(isNewsletterListedPath('/produkter/travaror')).toBe(false);
  });
});
