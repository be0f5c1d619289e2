import { test, expect } from './fixtures';

const ERIK = {
  username: 'erik.nordin@nordinssnickeri.example',
  password: 'Proffs2026!',
  name: 'Erik Nordin',
};

test.describe('login', () => {
  test('a wrong password is refused with a Swedish message and the e-mail kept', async ({
    page,
    visit,
  }) => {
    await visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    await page.getByLabel('E-postadress').fill(ERIK.username);
    await page.getByLabel(/^Lösenord/).fill('fel-lösenord');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Fel e-postadress eller lösenord.');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('E-postadress')).toHaveValue(ERIK.username);
  });

  test('empty fields show their errors after a submit, by keyboard', async ({ page, visit }) => {
    await visit('/login');
    await page.getByLabel('E-postadress').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ange din e-postadress')).toBeVisible();
    await expect(page.getByText('Ange ditt lösenord')).toBeVisible();
    await expect(page.getByLabel('E-postadress')).toHaveAttribute('aria-invalid', 'true');
  });

  test('logs in, goes back to the page it came from, shows the name, and logs out', async ({
    page,
    visit,
  }) => {
    await visit('/butiker');
    await page.getByRole('link', { name: 'Logga in' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fbutiker/);
    await page.getByLabel('E-postadress').fill(ERIK.username);
    await page.getByLabel(/^Lösenord/).fill(ERIK.password);
    // The password can be shown before sending (spec §4).
    await page.getByRole('button', { name: 'Visa lösenord' }).click();
    await expect(page.getByLabel(/^Lösenord/)).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page).toHaveURL(/\/butiker$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(ERIK.name)).toBeVisible();
    const session = (await page.context().cookies()).find((c) => c.name === 'sessionid');
    expect(session).toBeDefined();

    await banner.getByRole('button', { name: `Logga ut ${ERIK.name}` }).click();
    await expect(page).toHaveURL(/\/butiker$/);
    await expect(banner.getByRole('link', { name: 'Logga in' })).toBeVisible();
    await expect(banner.getByText(ERIK.name)).toHaveCount(0);
    const me = await page.request.get('/api/proffs/user/me/');
    expect(me.status()).toBe(204);
    // The cookie from before the logout is worth nothing either (issue 15): the session ended.
    const stolen = await page.request.get('/api/proffs/user/me/', {
      headers: { cookie: `sessionid=${session?.value}` },
    });
    expect(stolen.status()).toBe(204);
  });

  test('never redirects off the site after login', async ({ page, visit }) => {
    await visit('/login?next=https://example.org/');
    await page.getByLabel('E-postadress').fill(ERIK.username);
    await page.getByLabel(/^Lösenord/).fill(ERIK.password);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('the login page at 390 px @mobile', async ({ page, visit }) => {
    await visit('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Logga in' })).toBeVisible();
    await page.screenshot({ path: 'test-results/login-390.png', fullPage: true });
  });
});
