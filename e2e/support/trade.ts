import { expect, type Page } from '@playwright/test';

// Helpers of the trade area's end-to-end tests: a store's slug by name, and the keyboard login.

/** The slug of the store whose name ends with `name` ('Stockholm'). */
export async function storeSlug(page: Page, name: string): Promise<string> {
  const stores = (await (await page.request.get('/api/v2.0/stores/?count=100')).json()) as {
    results: { slug: string; name: string }[];
  };
  const store = stores.results.find((entry) => entry.name.endsWith(name));
  if (!store) throw new Error(`No store ${name}`);
  return store.slug;
}

/** Logs in at /login by keyboard on the way to `next`, and lands on `landing`. */
export async function logInByKeyboard(
  page: Page,
  user: { username: string; password: string },
  next: string,
  landing = next,
) {
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
