import { test, expect, expectNoAxeViolations } from './fixtures';

/**
 * Issue 22: the window configurator ("Bygg ditt fönster") driven by the keyboard, and an OCI
 * punch-out round trip whose HOOK_URL is answered by a route of this test, at 1280 px and
 * (tagged @mobile) 390 px, with the axe scan on every page.
 */
const CONFIGURATOR = '/elitfonster/bygg-ditt-fonster';
const HOOK_URL = 'http://localhost:4455/oci-retur';
const LOGIN = 'USERNAME=lindqvist-inkop&PASSWORD=Punchout2026!';

test.describe('window configurator', () => {
  test('configures a window by keyboard, is refused an impossible one and adds it @mobile', async ({
    page,
    visit,
  }) => {
    await visit(CONFIGURATOR);
    await expect(page.getByRole('heading', { level: 1, name: 'Bygg ditt fönster' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Glas' })).toBeVisible();
    const status = page.getByRole('status').filter({ hasText: 'U-värde' });

    // 2-glas → 3-glas with the arrow key: refused in a standard frame, with the reason.
    await page.getByRole('radio', { name: '2-glas (isolerruta)' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: '3-glas (isolerruta)' })).toBeChecked();
    await expect(
      page.getByRole('alert').filter({ hasText: '3-glas kräver djup karm' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lägg i varukorgen' })).toHaveCount(0);

    // The deep frame makes it possible: price and U-value are announced.
    await page.getByRole('radio', { name: 'Standardkarm 115 mm' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Djup karm 155 mm' })).toBeChecked();
    await expect(status).toContainText(/Pris [\d\s]+:- inkl\. moms, U-värde 0,\d\d W\/m²K/);
    await expect(page.getByText(/Elitfönster träfönster 10×12 dm, 3-glas/)).toBeVisible();
    await expectNoAxeViolations(page);

    // Added with the keyboard: the cart holds the configured article at the server's price.
    const add = page.getByRole('button', { name: 'Lägg i varukorgen' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Min varukorg' })).toBeVisible();
    const reply = await page.request.get('/api/v1.0/cart/current/', {
      headers: { 'x-organisation': 'store-chain' },
    });
    expect(reply.ok()).toBe(true);
    const cart = (await reply.json()) as { items: Array<{ title: string; price: number }> };
    expect(cart.items[0]?.title).toMatch(
      /^Elitfönster träfönster 10×12 dm, 3-glas, sidohängt, karm 155 mm/,
    );
    expect(cart.items[0]?.price).toBeGreaterThan(0);
  });
});

test.describe('punch-out', () => {
  test('refuses a wrong password', async ({ page }) => {
    const response = await page.goto(
      `/punchout?USERNAME=lindqvist-inkop&PASSWORD=fel&HOOK_URL=${HOOK_URL}`,
    );
    expect(response?.status()).toBe(401);
    await expect(page.getByRole('alert')).toContainText('Fel användarnamn eller lösenord');
  });

  test('opens a session, closes the checkout and posts the cart back as an OCI form @mobile', async ({
    page,
  }) => {
    let posted = '';
    await page.route(`${HOOK_URL}**`, async (route) => {
      posted = route.request().postData() ?? '';
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: '<!doctype html><html lang="sv"><head><title>Inköpssystem</title></head><body><main><h1>Varukorg mottagen</h1></main></body></html>',
      });
    });
    await page.goto(`/punchout?${LOGIN}&HOOK_URL=${encodeURIComponent(HOOK_URL)}`);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('region', { name: 'Punch-out' })).toContainText(
      'Punch-out: din varukorg skickas tillbaka till ditt inköpssystem',
    );

    await page.goto(CONFIGURATOR);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('dialog', { name: 'Min varukorg' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Överför till inköpssystem' }).last(),
    ).toBeVisible();

    // No checkout in punch-out mode.
    await page.goto('/kassa');
    await expect(page).toHaveURL(/\/punchout$/);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page);
    await expect(page.getByRole('table')).toContainText('Elitfönster träfönster 10×12 dm');

    await page.getByRole('button', { name: 'Överför till inköpssystem' }).click();
    await expect(page.getByRole('heading', { name: 'Varukorg mottagen' })).toBeVisible();
    const fields = new URLSearchParams(posted);
    expect(fields.get('NEW_ITEM-DESCRIPTION[1]')).toBe('Elitfönster träfönster 10×12 dm, 2-glas,');
    expect(fields.get('NEW_ITEM-QUANTITY[1]')).toBe('1');
    expect(fields.get('NEW_ITEM-UNIT[1]')).toBe('PCE');
    expect(fields.get('NEW_ITEM-CURRENCY[1]')).toBe('SEK');
    expect(fields.get('NEW_ITEM-PRICE[1]')).toMatch(/^\d+\.\d\d$/);
    expect(fields.get('NEW_ITEM-VENDORMAT[1]')).toMatch(/^\d{7}$/);

    // The session is over: the banner is gone.
    await page.goto('/punchout');
    await expect(page.getByRole('heading', { level: 1, name: 'Punch-out' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Punch-out' })).toHaveCount(0);
  });
});
