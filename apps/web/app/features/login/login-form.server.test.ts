// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLogout, loginAction, safeNext } from './login-form.server.ts';

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
      // Issue 15 finding 4: '%2F%09%2Fevil.example' decodes to '/\t/evil.example'.
      decodeURIComponent('%2F%09%2Fevil.example'),
      '/\r\nLocation: https://evil.example',
      '/\nevil',
    ]) {
      expect(safeNext(next), String(next)).toBe('/');
    }
  });
});

describe('the /login action', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([decodeURIComponent('%2F%09%2Fevil.example'), '/\r\n/evil.example', '//evil.example'])(
    'logs out to the start page, not to %j',
    async (next) => {
      const request = new Request('http://localhost/login', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'logout', next }),
      });
      // The API's logout answers 204 and clears the cookie.
      vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
      const response = await loginAction(request);
      if (!(response instanceof Response)) throw new Error('expected a redirect');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
    },
  );
});

describe('afterLogout', () => {
  it('returns to the store root from the proffs pages and stays elsewhere', () => {
    expect(afterLogout('/butiker/goteborg/dashboard/projekt/')).toBe('/');
    expect(afterLogout('/rikskund/dashboard/')).toBe('/');
    expect(afterLogout('/kund/goteborg/dashboard/projekt/4')).toBe('/');
    expect(afterLogout('/produkter/tra')).toBe('/produkter/tra');
  });
});
