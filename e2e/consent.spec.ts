import { test, expect } from './fixtures';

test.use({ consent: 'unset' });

test.describe('cookie consent', () => {
  test('the dialog is answered by keyboard only, and no tag manager loads before consent', async ({
    page,
    visit,
  }) => {
    const tagManagerRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('googletagmanager.com')) tagManagerRequests.push(request.url());
    });
    await visit('/');
    const dialog = page.getByRole('dialog', { name: 'Vi använder cookies' });
    await expect(dialog).toBeVisible();
    // The consent-mode defaults are in place before any choice.
    const defaults = await page.evaluate(() =>
      ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) =>
        Array.from(entry),
      ),
    );
    expect(defaults[0]).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
      },
    ]);

    const adjust = dialog.getByRole('button', { name: 'Anpassa val' });
    for (let tabs = 0; tabs < 10; tabs++) {
      if (await adjust.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(adjust).toBeFocused();
    await page.keyboard.press('Enter');
    const marketing = dialog.getByRole('checkbox', { name: 'Marknadsföring och statistik' });
    await expect(marketing).not.toBeChecked();
    const save = dialog.getByRole('button', { name: 'Spara mina val' });
    for (let tabs = 0; tabs < 10; tabs++) {
      if (await marketing.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space');
    await expect(marketing).toBeChecked();
    await page.keyboard.press('Space');
    await expect(marketing).not.toBeChecked();
    for (let tabs = 0; tabs < 10; tabs++) {
      if (await save.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();

    await expect
      .poll(async () => {
        const cookies = await page.context().cookies();
        return Object.fromEntries(
          cookies.filter((c) => c.name.startsWith('bygg_')).map((c) => [c.name, c.value]),
        );
      })
      .toMatchObject({ bygg_consent: 'true', bygg_marketing: 'false' });

    // The next page does not ask again.
    await page.goto('/produkter');
    await page.waitForLoadState('networkidle');
    await expect(dialog).toBeHidden();
    expect(tagManagerRequests).toEqual([]);
  });

  test("'Acceptera alla' stores marketing consent as 'true'", async ({ page, visit }) => {
    await visit('/');
    const dialog = page.getByRole('dialog', { name: 'Vi använder cookies' });
    await dialog.getByRole('button', { name: 'Acceptera alla' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'bygg_marketing'))
      .toMatchObject({ value: 'true', httpOnly: true, sameSite: 'Lax' });
  });

  test('the dialog is hidden on the privacy policy @mobile', async ({ page }) => {
    const response = await page.goto('/integritetspolicy');
    await page.waitForLoadState('networkidle');
    expect(response).not.toBeNull();
    await expect(page.getByRole('dialog', { name: 'Vi använder cookies' })).toBeHidden();
  });
});
