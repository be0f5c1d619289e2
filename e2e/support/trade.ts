import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from '../fixtures';

/** The demo accounts of the README that the trade-area tests log in with. */
export const DEMO = {
  anna: { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' },
  karin: { username: 'karin.nordin@nordinssnickeri.example', password: 'Nordin2026!' },
  olle: { username: 'olle.lindqvist@lindqvistbygg.example', password: 'Anvandare2026!' },
} as const;

export type Credentials = { username: string; password: string };

/** A store of the organisation by the end of its name ('Stockholm'): its slug and external id. */
export async function findStore(
  page: Page,
  name: string,
): Promise<{ slug: string; externalId: string }> {
  const stores = (await (await page.request.get('/api/v2.0/stores/?count=100')).json()) as {
    results: { slug: string; name: string; external_id: string }[];
  };
  const store = stores.results.find((entry) => entry.name.endsWith(name));
  if (!store) throw new Error(`No store ${name}`);
  return { slug: store.slug, externalId: store.external_id };
}

/** A store's slug by the end of its name. */
export async function storeSlug(page: Page, name: string): Promise<string> {
  return (await findStore(page, name)).slug;
}

/** Logs in at /login by keyboard on the way to `next`, and lands on `landing`. */
export async function logInByKeyboard(page: Page, user: Credentials, next: string, landing = next) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.waitForLoadState('networkidle');
  await page.getByLabel('E-postadress').focus();
  await page.keyboard.type(user.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === landing);
  await page.waitForLoadState('networkidle');
}

/** The invoices page of a user without the invoices right: the API's Swedish refusal, no table. */
export async function expectInvoicesRefused(page: Page, dashboard: string) {
  await page.goto(`${dashboard}/fakturor`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alert')).toContainText(
    'Du har inte behörighet till den här funktionen',
  );
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoAxeViolations(page);
}

/** A table fits its page: neither it (in its scroll wrapper) nor the page scrolls sideways. */
export async function expectNoSidewaysScroll(table: Locator) {
  await expect(table).toBeVisible();
  const overflow = await table.evaluate((element) => {
    const wrap = element.parentElement ?? element;
    const root = document.documentElement;
    return {
      table: wrap.scrollWidth - wrap.clientWidth,
      page: root.scrollWidth - root.clientWidth,
    };
  });
  expect(overflow).toEqual({ table: 0, page: 0 });
}

/** The page itself does not scroll sideways (the document is no wider than the window). */
export async function expectNoPageSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBe(0);
}

/** A second browser with the same answered consent as the test's own (fixtures.ts). */
export async function secondContext(
  context: BrowserContext,
  baseURL: string,
): Promise<BrowserContext> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  // The project's own device (a phone's viewport, touch and user agent on 'mobile').
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = test.info().project.use;
  const other = await browser.newContext({
    baseURL,
    locale: 'sv-SE',
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  await other.addCookies([
    { name: 'bygg_consent', value: 'true', url: baseURL },
    { name: 'bygg_marketing', value: 'false', url: baseURL },
  ]);
  await other.addInitScript(() => {
    localStorage.setItem('bygg:newsletter-shown', 'true');
    sessionStorage.setItem('bygg:store-selector-shown', '1');
  });
  return other;
}
