import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './fixtures';
import { mailsSoFar, passwordLinkTo } from './support/mail';
import {
  DEMO,
  expectInvoicesRefused,
  expectNoSidewaysScroll,
  findStore,
  logInByKeyboard,
  type Credentials,
} from './support/trade';

// Inställningar (issue 17): an administrator creates an ordinary user without the invoices
// right, the user chooses a password through the e-mailed link, logs in and is refused the
// invoices (page and API) and the settings; the administrator then changes the user and sees
// 'Dina ändringar är sparade.'. By keyboard, at 1280 and 390 px, the axe scan on every page.

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `test-results/trade-settings-${name}-${test.info().project.name}.png`,
    fullPage: true,
  });
}

/** Opens the user menu by keyboard and follows one of its entries. */
async function menuEntry(page: Page, userName: string, entry: string) {
  const button = page.getByRole('button', { name: userName, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const target = page.getByRole('link', { name: entry, exact: true });
  await target.focus();
  await page.keyboard.press('Enter');
}

async function logOut(page: Page, userName: string) {
  const button = page.getByRole('button', { name: userName, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Logga ut', exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: userName, exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

test.describe('the settings pages', () => {
  test('an administrator creates a user with limited rights, who is refused the invoices; the administrator changes the user @mobile', async ({
    page,
  }) => {
    // One long journey (three logins, an e-mail, two users' pages): more than the default minute.
    test.setTimeout(180_000);
    const project = test.info().project.name;
    const stamp = `${project}-${Date.now()}`;
    const newUser: Credentials & { name: string } = {
      username: `ny.anvandare.${stamp}@lindqvistbygg.example`,
      name: `Nils Nyberg ${project}`,
      password: `Ett eget lösenord ${stamp}`,
    };
    const store = await findStore(page, 'Stockholm');
    const dashboard = `/butiker/${store.slug}/dashboard`;
    const settings = `${dashboard}/installningar`;

    // The administrator's menu offers Meddelanden and Inställningar.
    await logInByKeyboard(page, DEMO.anna, dashboard);
    await expect(
      page.getByRole('link', { name: 'Meddelanden', exact: true, includeHidden: true }),
    ).toHaveAttribute('href', `${dashboard}/meddelanden/`);
    await menuEntry(page, 'Anna Lindqvist', 'Inställningar');
    await expect(page).toHaveURL((url) => url.pathname === settings);
    await expect(page.getByRole('heading', { level: 1, name: 'Inställningar' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Allmänt' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('heading', { name: 'Faktura- och leveransadress' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await shot(page, 'general');

    // The users tab, by keyboard.
    await page.getByRole('link', { name: 'Användare', exact: true }).press('Enter');
    await expect(page).toHaveURL(/flik=anvandare/);
    await expect(page.getByRole('link', { name: 'Användare', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('row', { name: /Anna Lindqvist/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await shot(page, 'users');

    // Create the user: required fields marked, errors after touch.
    await page.getByRole('link', { name: 'Skapa användare' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Skapa användare' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const email = page.getByLabel(/^E-postadress/);
    await expect(page.locator('label', { hasText: 'E-postadress' })).toContainText('*');
    await email.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByText('Ange en e-postadress')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await email.focus();
    await page.keyboard.type(newUser.username);
    await page.getByLabel(/^Namn/).focus();
    await page.keyboard.type(newUser.name);
    await expect(page.getByText('Ange en e-postadress')).toHaveCount(0);
    // An ordinary user (the default role) with projects and orders, not invoices.
    await expect(page.getByRole('radio', { name: /^Användare/ })).toBeChecked();
    for (const right of ['Projekt', 'Ordrar']) {
      await page.getByRole('checkbox', { name: right, exact: true }).focus();
      await page.keyboard.press('Space');
    }
    await expect(page.getByRole('checkbox', { name: 'Fakturor', exact: true })).not.toBeChecked();
    await shot(page, 'create');
    const before = await mailsSoFar();
    await page.getByRole('button', { name: 'Skapa användare' }).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: newUser.name })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Användaren är skapad' }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Ordrar', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Fakturor', exact: true })).not.toBeChecked();
    const userPage = new URL(page.url()).pathname;
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);

    // The invitation: the new user chooses a password through the e-mailed link.
    const link = await passwordLinkTo(newUser.username, before);
    await logOut(page, 'Anna Lindqvist');
    await page.goto(link);
    await page.waitForLoadState('networkidle');
    await page.getByLabel(/^Nytt lösenord/).fill(newUser.password);
    await page.getByLabel(/^Upprepa lösenordet/).fill(newUser.password);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lösenordet är sparat' }),
    ).toBeVisible();

    // The new user: no Inställningar in the menu, refused the invoices and the settings.
    await logInByKeyboard(page, newUser, dashboard);
    const me = await (await page.request.get('/api/proffs/user/me/')).json();
    expect(me).toMatchObject({
      company_role: 'user',
      may_projects: true,
      may_orders: true,
      may_invoices: false,
      region_id: null,
    });
    const menu = page.getByRole('button', { name: newUser.name, exact: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Meddelanden', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Inställningar', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expectInvoicesRefused(page, dashboard);
    const invoices = await page.request.get(`/api/proffs/${store.externalId}/invoice/`);
    expect(invoices.status()).toBe(403);
    await page.goto(settings);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('alert')).toContainText('Bara administratörer');
    await expect(page.getByRole('link', { name: 'Användare', exact: true })).toHaveCount(0);
    await shot(page, 'refused');
    await logOut(page, newUser.name);

    // The administrator finds the user, gives the invoices right and a region, and saves.
    await logInByKeyboard(page, DEMO.anna, `${settings}?flik=anvandare`, settings);
    const search = page.getByRole('searchbox', { name: 'Sök på namn eller e-post' });
    await search.focus();
    await page.keyboard.type(stamp);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sok=/);
    const row = page.getByRole('row', { name: new RegExp(newUser.name) });
    await expect(row).toContainText('Projekt, Ordrar');
    await expect(page.getByRole('row')).toHaveCount(2);
    // At 390 px the users are cards: nothing scrolls sideways (at 1280 px the table fits).
    await expectNoSidewaysScroll(page.getByRole('table', { name: 'Företagets användare' }));
    await row.getByRole('link', { name: newUser.name }).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === userPage);
    await page.waitForLoadState('networkidle');
    const name = page.getByLabel(/^Namn/);
    await name.fill('');
    await name.press('Tab');
    await expect(page.getByText('Ange namn')).toBeVisible();
    await name.fill(`${newUser.name} Ändrad`);
    await page.getByRole('checkbox', { name: 'Fakturor', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByLabel('Region').selectOption({ label: 'Stockholm' });
    await page.getByRole('button', { name: 'Spara' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Dina ändringar är sparade.' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: `${newUser.name} Ändrad` }),
    ).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Fakturor', exact: true })).toBeChecked();
    await expect(page.getByLabel('Region')).toHaveValue('4');
    await expectNoAxeViolations(page);
    await shot(page, 'saved');

    // Removed, after a confirmation: back on the list, which no longer has the user.
    await page.getByRole('checkbox', { name: 'Ja, ta bort användaren' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: /^Ta bort / }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Användaren är borttagen.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Användare', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('row', { name: new RegExp(newUser.name) })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Anna Lindqvist/ })).toBeVisible();
  });

  test('an ordinary user has no Inställningar and is refused the settings pages; the privacy policy is there for everyone', async ({
    page,
  }) => {
    const store = await findStore(page, 'Stockholm');
    const dashboard = `/butiker/${store.slug}/dashboard`;
    await logInByKeyboard(page, DEMO.olle, dashboard);
    for (const path of ['installningar', 'installningar/skapa-anvandare']) {
      await page.goto(`${dashboard}/${path}`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('alert')).toContainText('Bara administratörer');
    }
    await page.goto(`${dashboard}/integritetspolicy`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'Integritetspolicy' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'privacy');
    // A user's page that is none (or not a number) is the not-found page.
    const missing = await page.goto(`${dashboard}/installningar/abc`);
    expect(missing?.status()).toBe(404);
  });

  test('the general tab: a half-filled address is refused field by field, a whole one saved; a user that is none is not found', async ({
    page,
  }) => {
    // Desktop only: the company's delivery address is shared by the run's tests (put back below).
    const store = await findStore(page, 'Stockholm');
    const settings = `/butiker/${store.slug}/dashboard/installningar`;
    await logInByKeyboard(page, DEMO.anna, settings);
    await expect(page.getByRole('heading', { level: 2, name: 'Villkor' })).toBeVisible();
    await expect(page.getByText(/^Godkända /)).toBeVisible();
    const delivery = page.getByRole('group', { name: 'Leveransadress' });
    const street = delivery.getByLabel(/^Gatuadress/);
    await street.focus();
    await page.keyboard.type('Lagervägen 3');
    // Once one field is filled in, the others are required: the postcode touched and left.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(delivery.getByText('Ange postnummer')).toBeVisible();
    await expect(delivery.getByLabel(/^Postnummer/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Spara' }).press('Enter');
    await expect(page.getByRole('alert')).toContainText('Kontrollera de markerade fälten.');
    await expect(delivery.getByText('Ange ort')).toBeVisible();

    await delivery.getByLabel(/^Postnummer/).fill('123 45');
    await delivery.getByLabel(/^Ort/).fill('Farsta');
    await page.getByRole('button', { name: 'Spara' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Dina ändringar är sparade.' }),
    ).toBeVisible();
    await page.reload();
    await expect(delivery.getByLabel(/^Postnummer/)).toHaveValue('12345');

    // Emptied again: the company's own address is used.
    for (const label of [/^Gatuadress/, /^Postnummer/, /^Ort/])
      await delivery.getByLabel(label).fill('');
    await page.getByRole('button', { name: 'Spara' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Dina ändringar är sparade.' }),
    ).toBeVisible();
    await page.reload();
    await expect(delivery.getByLabel(/^Gatuadress/)).toHaveValue('');

    const missing = await page.goto(`${settings}/999999`);
    expect(missing?.status()).toBe(404);
  });
});
