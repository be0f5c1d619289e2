import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { acceptTermsAndOrder, addToCartByKeyboard } from './support/cart';

// The storefront for a logged-in trade user (issue 17), by keyboard at 1280 and 390 px with
// the axe scan: login chooses the user's store (the header names it, no 'Välj butik'), the
// company's net prices excl. VAT on the search tiles, the product page, the cart and the
// checkout, the checkout filled in from the user and the company, an order paid by invoice,
// and a receipt excl. VAT as an invoice has it (lines, VAT, total incl. VAT).

const ANNA = { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' };

type Offer = { price: number; price_excl_vat: number; is_net_price: boolean };
type Hit = { slug: string; title: string; article_count: number; best_offer: Offer | null };

/** Kronor as the shop writes them: '1 245:-', '167:20' (any space between the thousands). */
function kronorPattern(kronor: number): RegExp {
  const ore = Math.round(kronor * 100);
  const whole = Math.trunc(ore / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  const cents = ore % 100;
  return new RegExp(`${whole}:${cents === 0 ? '-' : String(cents).padStart(2, '0')}`);
}

/** Logs in at /login by keyboard on the way to `next`. */
async function logInByKeyboard(page: Page, next: string) {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Glömt lösenord?' })).toHaveAttribute(
    'href',
    '/proffs/losenord',
  );
  await page.getByLabel('E-postadress').focus();
  await page.keyboard.type(ANNA.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(ANNA.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === next);
  await page.waitForLoadState('networkidle');
}

/** A single-variant product in stock in the store with the company's net price (its session). */
async function netPricedProduct(page: Page, storeId: string): Promise<Hit & { best_offer: Offer }> {
  const reply = await page.request.get(
    `/api/v2.0/products/?store_id=${storeId}&in_stock=true&page_size=100`,
  );
  const hits = ((await reply.json()) as { results: Hit[] }).results;
  const hit = hits.find(
    (entry) => entry.article_count === 1 && entry.best_offer?.is_net_price === true,
  );
  if (!hit?.best_offer) throw new Error(`No net-priced product in stock in store ${storeId}`);
  return { ...hit, best_offer: hit.best_offer };
}

test.describe('the storefront for a logged-in trade user', () => {
  // Several server-rendered pages with an axe scan each on a shared machine (no timing asserted).
  test.describe.configure({ timeout: 180_000 });

  test('shows their store and net prices, prefills the checkout and orders by invoice @mobile', async ({
    page,
    context,
  }) => {
    const project = test.info().project.name;
    await logInByKeyboard(page, '/produkter');

    // Login chose the user's store: the header names it and the selector did not open.
    const storeId = (await context.cookies()).find((c) => c.name === 'bygg_store')?.value;
    expect(storeId).toBeDefined();
    const storeButton = page.getByRole('button', { name: /Min butik Göteborg/ });
    await expect(storeButton).toBeVisible();
    await expect(page.getByText('Välj butik', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Välj butik' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The company's net price, excl. VAT, on a search tile and on the product page.
    const product = await netPricedProduct(page, storeId ?? '');
    const netPrice = kronorPattern(product.best_offer.price_excl_vat);
    await page.goto(`/sok?q=${encodeURIComponent(product.title)}`);
    await page.waitForLoadState('networkidle');
    const tile = page.getByRole('article').filter({ hasText: product.title }).first();
    await expect(tile.getByText('Nettopris')).toBeVisible();
    await expect(tile).toContainText(netPrice);
    await expect(tile).toContainText('exkl. moms');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/trade-storefront-search-${project}.png` });

    await page.goto(`/produkt/${product.slug}`);
    await page.waitForLoadState('networkidle');
    const main = page.getByRole('main');
    await expect(main.getByText('Nettopris').first()).toBeVisible();
    await expect(main).toContainText(netPrice);
    await expect(main).toContainText('exkl. moms');
    // No picklist for a trade user (storefront spec §6).
    await expect(page.getByRole('button', { name: /Plocklista/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/trade-storefront-product-${project}.png` });

    // The cart: the net price and the proffs total excl. VAT.
    const miniCart = await addToCartByKeyboard(page);
    await expect(miniCart.getByText('Proffspris totalt')).toBeVisible();
    await expect(miniCart).toContainText(netPrice);
    await expectNoAxeViolations(page);
    await miniCart.getByRole('link', { name: 'Till kassan' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/kassa$/);
    await page.waitForLoadState('networkidle');

    // The checkout comes filled in from the user and the company; every row excl. VAT.
    await expect(page.getByRole('textbox', { name: /^Förnamn/ })).toHaveValue('Anna');
    await expect(page.getByRole('textbox', { name: /^Efternamn/ })).toHaveValue('Lindqvist');
    await expect(page.getByRole('textbox', { name: /^E-postadress/ })).toHaveValue(ANNA.username);
    await expect(page.getByRole('textbox', { name: /^Mobilnummer/ })).toHaveValue('08-123 456 70');
    await expect(page.getByRole('textbox', { name: /^Företag/ })).toHaveValue(
      'Lindqvist Bygg & Montage AB',
    );
    const summary = page.getByRole('complementary', { name: 'Sammanfattning' });
    await expect(summary).toContainText('Proffspris totalt');
    await expect(summary).toContainText('Totalt inkl. moms');

    // Paid by invoice: where it goes and the credit left are shown before ordering.
    const pickup = page.getByRole('radio', { name: /Hämta i butik/ });
    await pickup.focus();
    await page.keyboard.press('Space');
    const invoice = page.getByRole('radio', { name: /Faktura/ });
    await invoice.focus();
    await page.keyboard.press('Space');
    await expect(invoice).toBeChecked();
    await expect(page.getByText('Fakturan skickas till: Box 1123, 11181 Stockholm')).toBeVisible();
    await expect(page.getByText(/Kvar att handla för på faktura i butiken:/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/trade-storefront-checkout-${project}.png`,
      fullPage: true,
    });
    await acceptTermsAndOrder(page);
    await page.waitForLoadState('networkidle');

    // The receipt as an invoice: lines and sums excl. VAT, the VAT, the total incl. VAT.
    await expect(page.getByText('Faktureras')).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'À-pris exkl. moms' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Summa exkl. moms' })).toBeVisible();
    await expect(table).toContainText(netPrice);
    await expect(page.getByText('Summa exkl. moms', { exact: true }).last()).toBeVisible();
    await expect(page.locator('dl').getByText('Moms', { exact: true })).toBeVisible();
    await expect(page.getByText('Totalt inkl. moms')).toBeVisible();
    await expect(page.getByText('varav moms')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/trade-storefront-receipt-${project}.png`,
      fullPage: true,
    });

    // A session without a chosen store (a cleared cookie) gets the preferred store again.
    await context.clearCookies({ name: 'bygg_store' });
    await page.goto('/produkter');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: /Min butik Göteborg/ })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'bygg_store')?.value).toBe(storeId);

    // /proffs no longer asks a logged-in user to apply: it leads to their dashboard.
    await page.goto('/proffs');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Välkommen, Anna Lindqvist' })).toBeVisible();
    await expect(page.getByText(/Ansök/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Till din översikt' })).toHaveAttribute(
      'href',
      '/butiker/goteborg/dashboard',
    );
    await expectNoAxeViolations(page);
  });
});
