import { test, expect, expectNoAxeViolations } from './fixtures';
import { logInByKeyboard, secondContext, storeSlug } from './support/trade';

// The store's quotes (issue 20), by keyboard at 1280 and 390 px with the axe scan: the store's
// staff write a quote for a trade customer (articles from the catalogue at the customer's
// prices) and send it; the trade customer finds it on /offerter/ and opens it.

const ANNA = { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' };
const EVA = { username: 'eva.stromberg@timmerkedjan.example', password: 'Butik2026!' };

test.describe("the store's quotes", () => {
  test('staff write and send a quote; the trade customer opens it on /offerter/ @mobile', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const project = test.info().project.name;
    const title = `Altan ${project} ${Date.now()}`;
    const slug = await storeSlug(page, 'Stockholm');

    // The staff's list of quotes, then a new one.
    await logInByKeyboard(page, EVA, `/butik/${slug}/offerter`);
    await expect(page.getByRole('heading', { level: 1, name: 'Offerter' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Ny offert' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Ny offert' })).toBeVisible();

    const customer = page.getByRole('combobox', { name: /^Kund/ });
    await customer.focus();
    const lindqvist = await customer
      .locator('option', { hasText: 'Lindqvist Bygg' })
      .first()
      .getAttribute('value');
    await customer.selectOption(lindqvist ?? '');
    await page.getByLabel('Rubrik').focus();
    await page.keyboard.type(title);
    const validity = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Giltig till och med').fill(validity);
    await page.getByLabel('Meddelande till kunden').focus();
    await page.keyboard.type('Priserna gäller vid beställning före giltighetsdatum.');

    // An article from the catalogue at the customer's price, added by keyboard.
    await page.getByRole('searchbox', { name: 'Sök i sortimentet' }).focus();
    await page.keyboard.type('skruv');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/\d+ artiklar hittades\./)).toBeVisible();
    const add = page.getByRole('button', { name: /^Lägg till / }).first();
    await add.focus();
    await page.keyboard.press('Enter');
    const lines = page.getByRole('region', { name: 'Offertens rader' });
    await expect(lines.getByRole('row')).toHaveCount(2);
    const quantity = lines.getByLabel(/^Antal /).first();
    await quantity.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('12');
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/store-quote-draft-${project}.png`,
      fullPage: true,
    });

    // "Skicka" saves the draft and sends it.
    await page.getByRole('button', { name: 'Skicka' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Offerten är skickad till kunden.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Offert O-/ })).toBeVisible();
    await expect(page.getByText('Skickad', { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The trade customer, in a second browser: /offerter/ lists it, and it opens.
    const customerContext = await secondContext(context, baseURL ?? '');
    const anna = await customerContext.newPage();
    await logInByKeyboard(anna, ANNA, `/butiker/${slug}/dashboard/offerter`);
    await expect(anna.getByRole('heading', { level: 1, name: 'Offerter' })).toBeVisible();
    const link = anna.getByRole('link', { name: new RegExp(title) });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(anna);
    await link.focus();
    await anna.keyboard.press('Enter');
    await expect(anna.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
    await expect(anna).toHaveURL(/\/butiksofferter\/\d+/);
    await expect(anna.getByText(/12 /).first()).toBeVisible();
    await expectNoAxeViolations(anna);
    await anna.screenshot({
      path: `test-results/store-quote-customer-${project}.png`,
      fullPage: true,
    });
    await customerContext.close();
  });
});
