import { test, expect, expectNoAxeViolations } from './fixtures';
import { logInByKeyboard, storeSlug } from './support/trade';

// The trade area's pages (issue 17, web part), by keyboard, at 1280 and 390 px, with the axe
// scan on every page: the dashboard and its user menu, events marked as seen, invoices
// filtered and downloaded as PDF, and an ordinary user refused what the rights forbid.

const ANNA = { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' };
const KARIN = { username: 'karin.nordin@nordinssnickeri.example', password: 'Nordin2026!' };
const OLLE = { username: 'olle.lindqvist@lindqvistbygg.example', password: 'Anvandare2026!' };

test.describe('the trade area', () => {
  test('an administrator sees the dashboard, the user menu, marks an event seen and downloads an invoice @mobile', async ({
    page,
  }) => {
    const slug = await storeSlug(page, 'Stockholm');
    const dashboard = `/butiker/${slug}/dashboard`;
    await logInByKeyboard(page, ANNA, dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);
    const project = test.info().project.name;
    await page.screenshot({ path: `test-results/trade-dashboard-${project}.png`, fullPage: true });

    // The user menu: a disclosure button, opened with Enter, closed with Escape.
    const menuButton = page.getByRole('button', { name: 'Anna Lindqvist', exact: true });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Butik: Stockholm/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Byt butik' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logga ut', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/trade-menu-${project}.png` });
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    // Events: the first unseen one marked as seen by keyboard; the count goes down by one.
    await page.goto(`${dashboard}/handelser`);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const markButtons = page.getByRole('button', { name: /^Markera som sedd/ });
    const before = await markButtons.count();
    expect(before).toBeGreaterThan(0);
    await markButtons.first().focus();
    await page.keyboard.press('Enter');
    await expect(markButtons).toHaveCount(before - 1);
    await page.screenshot({ path: `test-results/trade-events-${project}.png`, fullPage: true });

    // Invoices: filtered by status, one downloaded as a PDF.
    await page.goto(`${dashboard}/fakturor`);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await page.screenshot({ path: `test-results/trade-invoices-${project}.png`, fullPage: true });
    const link = page.getByRole('link', { name: /^Ladda ner faktura/ }).first();
    await link.focus();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await page.getByLabel('Status').selectOption('credited');
    await page.getByRole('button', { name: 'Filtrera' }).press('Enter');
    await expect(page).toHaveURL(/status=credited/);
    await expect(
      page.getByText('Inga fakturor matchar filtren.').or(page.getByRole('table')),
    ).toBeVisible();
  });

  test('an ordinary user without the invoices right is refused the invoices @mobile', async ({
    page,
  }) => {
    const slug = await storeSlug(page, 'Stockholm');
    const dashboard = `/butiker/${slug}/dashboard`;
    await logInByKeyboard(page, OLLE, dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The page offers no way to what the rights forbid …
    await expect(page.getByRole('region', { name: 'Fakturor' })).toHaveCount(0);
    // … and the address typed in gets the API's refusal, in Swedish.
    await page.goto(`${dashboard}/fakturor`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('alert')).toContainText(
      'Du har inte behörighet till den här funktionen',
    );
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/trade-refused-${test.info().project.name}.png`,
      fullPage: true,
    });
  });

  test("a company that has not accepted the store's terms is led to them, and accepts them", async ({
    page,
  }) => {
    // Desktop only: the acceptance is kept in the run's database.
    const slug = await storeSlug(page, 'Göteborg');
    const dashboard = `/butiker/${slug}/dashboard`;
    const contact = `${dashboard}/kontaktuppgifter`;
    await logInByKeyboard(page, KARIN, dashboard, contact);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Godkänn butikens villkor' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    for (const box of await page.getByRole('checkbox').all()) {
      await box.focus();
      await page.keyboard.press('Space');
    }
    await page.getByRole('button', { name: 'Godkänn villkoren' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Dina ändringar är sparade.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Godkänn villkoren' })).toHaveCount(0);
    await page.goto(dashboard);
    await expect(page).toHaveURL((url) => url.pathname === dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the contact details: read-only fields with the reason, errors after touch, saved @mobile', async ({
    page,
  }) => {
    const slug = await storeSlug(page, 'Stockholm');
    const contact = `/butiker/${slug}/dashboard/kontaktuppgifter`;
    await logInByKeyboard(page, ANNA, contact);
    await expect(page.getByRole('heading', { level: 1, name: 'Kontaktuppgifter' })).toBeVisible();
    await expect(
      page.getByText('Kan bara ändras av butiken. Kontakta butiken för att ändra.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/trade-contact-${test.info().project.name}.png`,
      fullPage: true,
    });
    const street = page.getByLabel(/^Gatuadress/);
    const before = await street.inputValue();
    await street.fill('');
    await street.press('Tab');
    await expect(page.getByText('Ange gatuadress')).toBeVisible();
    await expect(street).toHaveAttribute('aria-invalid', 'true');
    await street.fill(before);
    await page.getByRole('button', { name: 'Spara' }).press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Dina ändringar är sparade.' }),
    ).toBeVisible();
  });
});
