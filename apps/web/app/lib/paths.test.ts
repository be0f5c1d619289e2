import { describe, expect, it } from 'vitest';
import {
  customerProjectPath,
  dashboardPath,
  isDashboardPath,
  loginPath,
  modePrefixOf,
  modeTogglePath,
  pagePath,
  pathsFor,
  plainPaths,
  storePaths,
  variantFromPath,
  withoutModePrefix,
} from './paths.ts';
import { PAGES } from './route-table.ts';

describe('the variant of a URL', () => {
  it('is read from the prefix: mode, store, central, end customer or plain', () => {
    expect(variantFromPath('/foretag/produkter/tra')).toEqual({ prefix: 'b2b' });
    expect(variantFromPath('/privat')).toEqual({ prefix: 'b2c' });
    expect(variantFromPath('/butiker/goteborg/sok')).toEqual({
      prefix: 'store',
      storeSlug: 'goteborg',
    });
    expect(variantFromPath('/rikskund/dashboard')).toEqual({ prefix: 'central' });
    expect(variantFromPath('/kund/goteborg/dashboard/projekt/7')).toEqual({
      prefix: 'customer',
      storeSlug: 'goteborg',
    });
    expect(variantFromPath('/produkt/spik')).toEqual({ prefix: 'plain' });
  });

  it('needs a whole segment, and a store slug after /butiker', () => {
    expect(variantFromPath('/foretagare')).toEqual({ prefix: 'plain' });
    expect(variantFromPath('/rikskunden')).toEqual({ prefix: 'plain' });
    expect(variantFromPath('/butiker')).toEqual({ prefix: 'plain' });
    expect(variantFromPath('/butiker/')).toEqual({ prefix: 'plain' });
    // The store page itself is in its store's variant: its cart goes to the store's checkout.
    expect(variantFromPath('/butiker/ekbacken')).toEqual({
      prefix: 'store',
      storeSlug: 'ekbacken',
    });
  });

  it('names the mode of a mode prefix only', () => {
    expect(modePrefixOf({ prefix: 'b2b' })).toBe('B2B');
    expect(modePrefixOf({ prefix: 'b2c' })).toBe('B2C');
    expect(modePrefixOf({ prefix: 'central' })).toBeNull();
  });

  it('looks through a mode prefix', () => {
    expect(withoutModePrefix('/foretag/xl-guiden/altan')).toBe('/xl-guiden/altan');
    expect(withoutModePrefix('/privat')).toBe('/');
    expect(withoutModePrefix('/rikskund/sok')).toBe('/rikskund/sok');
  });
});

describe('the trade area', () => {
  it('is the dashboard below the store, central and customer prefixes (toasts top-right there)', () => {
    expect(isDashboardPath('/butiker/goteborg/dashboard')).toBe(true);
    expect(isDashboardPath('/butiker/goteborg/dashboard/fakturor')).toBe(true);
    expect(isDashboardPath('/rikskund/dashboard/handelser')).toBe(true);
    expect(isDashboardPath('/kund/goteborg/dashboard/projekt/1')).toBe(true);
    expect(isDashboardPath('/butiker/goteborg')).toBe(false);
    expect(isDashboardPath('/butiker/goteborg/dashboardx')).toBe(false);
    expect(isDashboardPath('/dashboard')).toBe(false);
    expect(isDashboardPath('/foretag/dashboard')).toBe(false);
  });
  it('builds the pages below the dashboard root', () => {
    expect(dashboardPath({ slug: 'goteborg', isCentral: false }, 'dashboard-invoices')).toBe(
      '/butiker/goteborg/dashboard/fakturor',
    );
    expect(dashboardPath({ slug: 'x', isCentral: true }, 'dashboard-events')).toBe(
      '/rikskund/dashboard/handelser',
    );
  });
});

describe('the links of a variant', () => {
  it('keep the mode prefix on every page that has the mode', () => {
    const b2b = pathsFor({ prefix: 'b2b' });
    expect(b2b.products('tra/virke')).toBe('/foretag/produkter/tra/virke');
    expect(b2b.product('spik-100')).toBe('/foretag/produkt/spik-100');
    expect(b2b.checkout()).toBe('/foretag/kassa');
    expect(b2b.stores()).toBe('/foretag/butiker');
    expect(b2b.store('ekbacken')).toBe('/foretag/butiker/ekbacken');
    expect(b2b.home()).toBe('/foretag');
    const b2c = pathsFor({ prefix: 'b2c' });
    expect(b2c.search()).toBe('/privat/sok');
    expect(b2c.picklist()).toBe('/privat/plocklista');
    expect(b2c.campaigns('host')).toBe('/privat/kampanjer/host');
    expect(b2c.supplier('beslag-ab')).toBe('/privat/leverantorer/beslag-ab');
    expect(b2c.storeAssortment('ekbacken', 'tra')).toBe('/privat/butikssortiment/ekbacken/tra');
  });

  it('put store pages under the store and fall back to the plain path where it has none', () => {
    const store = storePaths('goteborg');
    expect(store.prefix).toBe('/butiker/goteborg');
    expect(store.products()).toBe('/butiker/goteborg/produkter');
    expect(store.receipt(42)).toBe('/butiker/goteborg/kvitto/visa/42');
    expect(store.picklist()).toBe('/butiker/goteborg/plocklista');
    expect(store.privacyPolicy()).toBe('/butiker/goteborg/integritetspolicy');
    // No store variant of these: the plain pages.
    expect(store.campaigns()).toBe('/kampanjer');
    expect(store.store('goteborg')).toBe('/butiker/goteborg');
    expect(store.home()).toBe('/');
    expect(store.dashboard()).toBe('/butiker/goteborg/dashboard');
  });

  it('put the central pages under /rikskund, without a picklist there', () => {
    const central = pathsFor({ prefix: 'central' });
    expect(central.search()).toBe('/rikskund/sok');
    expect(central.picklist()).toBe('/plocklista');
    expect(central.dashboard()).toBe('/rikskund/dashboard');
  });

  it('are the plain paths in the plain variant, with no dashboard', () => {
    expect(plainPaths.prefix).toBe('');
    expect(plainPaths.home()).toBe('/');
    expect(plainPaths.products()).toBe('/produkter');
    expect(plainPaths.dashboard()).toBeNull();
  });

  it('encode the parameters they are given', () => {
    expect(plainPaths.receipt('a/b')).toBe('/kvitto/visa/a%2Fb');
    expect(storePaths('å ä').checkout()).toBe('/butiker/%C3%A5%20%C3%A4/kassa');
  });

  it('lead to the dashboards and the end-customer project view', () => {
    expect(dashboardPath({ slug: 'goteborg', isCentral: false })).toBe(
      '/butiker/goteborg/dashboard',
    );
    expect(dashboardPath({ slug: 'rikslager', isCentral: true })).toBe('/rikskund/dashboard');
    expect(customerProjectPath('goteborg', 7)).toBe('/kund/goteborg/dashboard/projekt/7');
  });

  it('send to the login page with the way back', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('/butiker/goteborg/dashboard')).toBe(
      '/login?next=%2Fbutiker%2Fgoteborg%2Fdashboard',
    );
  });
});

describe('the route table', () => {
  it('has a plain variant of every page, the fallback of every link', () => {
    for (const page of Object.values(PAGES)) {
      expect(page.prefixes as readonly string[]).toContain('plain');
    }
  });

  it('serves every /foretag page under /privat as well', () => {
    for (const [id, page] of Object.entries(PAGES)) {
      const prefixes = page.prefixes as readonly string[];
      expect(prefixes.includes('b2c'), id).toBe(prefixes.includes('b2b'));
    }
  });

  it('builds each page of the table under each of its prefixes', () => {
    expect(pagePath({ prefix: 'central' }, 'cms-privacy')).toBe('/rikskund/integritetspolicy');
    expect(pagePath({ prefix: 'store', storeSlug: 'x' }, 'cms-guide', { '*': 'a' })).toBe(
      '/butiker/x/xl-guiden/a',
    );
    expect(pagePath({ prefix: 'b2c' }, 'not-found')).toBe('/404');
  });
});

describe('the mode toggle', () => {
  it('leads to the same page in the other mode, query and hash kept', () => {
    expect(modeTogglePath('/foretag/produkter/tra?sida=2#top', 'B2C')).toBe(
      '/privat/produkter/tra?sida=2#top',
    );
    expect(modeTogglePath('/privat/kassa', 'B2B')).toBe('/foretag/kassa');
    expect(modeTogglePath('/butiker/ekbacken', 'B2C')).toBe('/privat/butiker/ekbacken');
    expect(modeTogglePath('/integritetspolicy', 'B2B')).toBe('/foretag/integritetspolicy');
    expect(modeTogglePath('/', 'B2C')).toBe('/privat/');
  });

  it('takes a CMS page along, which the catch-all serves under both prefixes', () => {
    expect(modeTogglePath('/foretag/kundservice/leveranser', 'B2C')).toBe(
      '/privat/kundservice/leveranser',
    );
  });

  it.each([
    ['/butiker/ekbacken/produkter', 'B2C'],
    ['/rikskund/sok?q=spik', 'B2B'],
    ['/butiker/goteborg/dashboard', 'B2C'],
    ['/login', 'B2B'],
  ] as const)('stays on %s, which has no mode variants (only the mode changes)', (path, mode) => {
    expect(modeTogglePath(path, mode)).toBe(path);
  });
});
