import { describe, expect, it } from 'vitest';
import { afterLogout, safeNext } from './login-form.server.ts';

describe('safeNext', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeNext('/butiker?q=umea')).toBe('/butiker?q=umea');
  });

  it('falls back to the start page for anything that would leave the site or loop', () => {
    for (const next of [
      null,
      '',
      'https://example.org/',
      '//example.org/',
      '/\\example.org',
      'butiker',
      '/login?next=/',
    ]) {
      expect(safeNext(next), String(next)).toBe('/');
    }
  });
});

describe('afterLogout', () => {
  it('returns to the store root from the proffs pages and stays elsewhere', () => {
    expect(afterLogout('/butiker/goteborg/dashboard/projekt/')).toBe('/');
    expect(afterLogout('/rikskund/dashboard/')).toBe('/');
    expect(afterLogout('/kund/goteborg/dashboard/projekt/4')).toBe('/');
    expect(afterLogout('/produkter/tra')).toBe('/produkter/tra');
  });
});
