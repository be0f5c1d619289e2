import { test, expect } from './fixtures';
import { mailsSoFar, passwordLinkTo } from './support/mail';

/**
 * Demo users whose password changes, one per viewport (at most 3 reset mails an hour go to one
 * address, ADR 029); the test gives the old password back.
 */
const USERS = {
  desktop: { username: 'olle.lindqvist@lindqvistbygg.example', password: 'Anvandare2026!' },
  mobile: { username: 'sara.holm@lindqvistbygg.example', password: 'Region2026!' },
};

test.describe('password reset @mobile', () => {
  test('asks for a link by keyboard, sets a new password through the e-mailed link, and logs in with it', async ({
    page,
    visit,
    request,
  }, testInfo) => {
    const newPassword = `Nytt lösen ${testInfo.project.name}`;
    const user = USERS[testInfo.project.name === 'mobile' ? 'mobile' : 'desktop'];
    await visit('/login');
    // "Glömt lösenord?" from the login page.
    await page.getByRole('link', { name: 'Glömt lösenord?' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Glömt lösenord?' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Required field, error after a submit without it.
    await page.getByLabel(/^E-postadress/).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Ange din e-postadress')).toBeVisible();

    const before = await mailsSoFar();
    await page.getByLabel(/^E-postadress/).fill(user.username);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Kolla din e-post' })).toBeVisible();
    await expect(page.getByText('Om adressen hör till ett proffskonto')).toBeVisible();

    const link = await passwordLinkTo(user.username, before);
    await visit(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Välj ett nytt lösenord' }),
    ).toBeVisible();
    await page.getByLabel(/^Nytt lösenord/).fill(newPassword);
    await page.getByLabel(/^Upprepa lösenordet/).fill('något annat');
    await page.keyboard.press('Tab');
    await expect(page.getByText('Lösenorden är inte likadana')).toBeVisible();
    await page.getByLabel(/^Upprepa lösenordet/).fill(newPassword);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lösenordet är sparat' }),
    ).toBeVisible();

    // The link is single use.
    await visit(link);
    await page.getByLabel(/^Nytt lösenord/).fill('Ännu ett lösenord');
    await page.getByLabel(/^Upprepa lösenordet/).fill('Ännu ett lösenord');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toContainText(
      'Länken är för gammal eller har redan använts',
    );
    await expect(page.getByRole('link', { name: 'Skicka en ny länk' })).toBeVisible();

    await visit('/login');
    await page.getByLabel('E-postadress').fill(user.username);
    await page.getByLabel(/^Lösenord/).fill(newPassword);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
    // Logged in (the header shows the name in a menu on a phone): the API knows the browser.
    const me = await page.request.get('/api/proffs/user/me/');
    expect(me.status()).toBe(200);
    expect((await me.json()).username).toBe(user.username);

    // Give the demo account its password back (API calls without the browser's session).
    const again = await mailsSoFar();
    const reset = await request.post('/api/proffs/user/reset_password/', {
      data: { email: user.username },
    });
    expect(reset.status()).toBe(204);
    const token = new URL(await passwordLinkTo(user.username, again), 'http://x').searchParams.get(
      'token',
    );
    const restored = await request.post('/api/proffs/user/set_user_password/', {
      data: { token, password: user.password },
    });
    expect(restored.status()).toBe(204);
  });
});
