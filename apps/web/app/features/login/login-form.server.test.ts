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

describe("the /login action chooses the trade user's store (issue 17)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sets the store cookie to the host store of the page logged in to', async () => {
    const user = {
      id: 1,
      username: 'anna@example.se',
      name: 'Anna',
      role: 'admin',
      kind: 'customer',
      company_role: 'admin',
      may_projects: true,
      may_offers: true,
      may_orders: true,
      may_invoices: true,
      region_id: null,
      company: { id: 1, name: 'Bygg AB' },
      proffs_stores: ['1001', '1002'],
      stores: [
        {
          id: 7,
          external_id: '1001',
          slug: 'stockholm',
          name: 'S',
          is_central: false,
          proffs_enabled: true,
        },
        {
          id: 9,
          external_id: '1002',
          slug: 'goteborg',
          name: 'G',
          is_central: false,
          proffs_enabled: true,
        },
      ],
    };
    vi.stubGlobal('fetch', async () => Response.json(user));
    const request = new Request('http://localhost/login', {
      method: 'POST',
      headers: { cookie: 'bygg_store=7' },
      body: new URLSearchParams({
        intent: 'login',
        username: user.username,
        password: 'x',
        next: '/butiker/goteborg/produkter',
      }),
    });
    const response = await loginAction(request);
    if (!(response instanceof Response)) throw new Error('expected a redirect');
    expect(response.headers.get('location')).toBe('/butiker/goteborg/produkter');
    expect(response.headers.getSetCookie().some((line) => line.startsWith('bygg_store=9;'))).toBe(
      true,
    );
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
