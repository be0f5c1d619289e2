import { test, expect } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

/** Storefront spec §8: the banner of a failed picklist load. */
const LOAD_ERROR = 'Vi kunde tyvärr inte ladda in plocklistan. Försök igen senare.';

type ApiProduct = {
  slug: string;
  title: string;
  article_id: number;
  article_count: number;
  best_offer: { price: number } | null;
};
type ApiStore = { id: number; slug: string; name: string; is_central: boolean; address: string };

/** Single-variant products from the seeded catalogue, priced or not. */
async function findProducts(
  request: APIRequestContext,
  count: number,
  priced: boolean,
): Promise<ApiProduct[]> {
  const found: ApiProduct[] = [];
  for (let page = 1; page <= 15 && found.length < count; page++) {
    const reply = await request.get(`/api/v2.0/products/?page_size=100&page=${page}`);
    expect(reply.ok()).toBe(true);
    const { results } = (await reply.json()) as { results: ApiProduct[] };
    found.push(
      ...results.filter((p) => p.article_count === 1 && (p.best_offer !== null) === priced),
    );
  }
  expect(found.length, 'the seeded catalogue has such products').toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

async function aLocalStore(request: APIRequestContext): Promise<ApiStore> {
  const reply = await request.get('/api/v2.0/stores/?count=20');
  const { results } = (await reply.json()) as { results: ApiStore[] };
  const store = results.find((entry) => !entry.is_central);
  expect(store).toBeDefined();
  return store as ApiStore;
}

/** Stores the picklist lines directly, as an earlier visit would have left them. */
async function storeLines(page: Page, products: ApiProduct[], quantity = 1) {
  await page.evaluate(({ lines }) => localStorage.setItem('bygg:picklist', JSON.stringify(lines)), {
    lines: products.map((p) => ({
      article_id: p.article_id,
      product_slug: p.slug,
      store_id: null,
      quantity,
    })),
  });
}

/** '1 234:50' → 123450 öre; '139:-' → 13900. */
function ore(text: string): number {
  const match = /([\d\s\u00a0]+):(\d{2}|-)/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (
    Number(match[1]!.replace(/[\s\u00a0]/g, '')) * 100 + (match[2] === '-' ? 0 : Number(match[2]))
  );
}

test.describe('picklist', () => {
  test('adds a product from its page, opens the mini picklist and reaches the picklist page', async ({
    page,
    visit,
    request,
  }) => {
    const [product] = await findProducts(request, 1, true);
    await visit(`/produkt/${product!.slug}`);
    await page.getByRole('button', { name: 'Till plocklistan' }).click();

    const drawer = page.getByRole('dialog', { name: 'Plocklista' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: product!.title })).toBeVisible();
    await expect(drawer.getByText('Ingen butik vald', { exact: false })).toBeVisible();
    await expect(drawer.locator('.picklist-sum__amount')).toHaveText(/\d:(\d{2}|-)/);
    const single = ore(await drawer.locator('.picklist-sum__amount').innerText());
    expect(single).toBe(Math.round(product!.best_offer!.price * 100));

    // Merge: a second add on the page adds to the same line.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: 'Till plocklistan' }).click();
    await expect(drawer.getByRole('textbox', { name: `Antal, ${product!.title}` })).toHaveValue(
      '2',
    );
    await expect
      .poll(async () => ore(await drawer.locator('.picklist-sum__amount').innerText()))
      .toBe(single * 2);

    // The header button tells how many products the list holds.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Plocklista, 1 produkt' })).toBeVisible();
    await page.getByRole('button', { name: 'Plocklista, 1 produkt' }).click();
    await drawer.getByRole('link', { name: 'Till plocklistan' }).click();
    await expect(page).toHaveURL(/\/plocklista$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plocklista' })).toBeVisible();
    await expect(page.getByRole('link', { name: product!.title })).toBeVisible();
  });

  test('prices the picklist for a chosen store, with stock, and prints it', async ({
    page,
    visit,
    request,
  }) => {
    const products = await findProducts(request, 2, true);
    const store = await aLocalStore(request);
    await page.goto('/');
    await storeLines(page, products, 3);
    await visit('/plocklista');
    await expect(page.getByText('Ingen butik vald.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: products[0]!.title })).toBeVisible();

    await page.getByLabel('Visa priser och lagersaldo för').selectOption(String(store.id));
    await page.getByRole('button', { name: 'Visa priser' }).click();
    await expect(page).toHaveURL(new RegExp(`butik=${store.id}`));
    await expect(page.locator('.picklist-store__address')).toContainText(store.address);
    // Stock in the chosen store replaces 'Välj butik för att se lagersaldo'.
    await expect(page.locator('.picklist-lines .picklist-stock').first()).not.toHaveText(
      'Välj butik för att se lagersaldo',
    );

    // The store's prices, summed per line; the total is their sum.
    const lineSums = await page.locator('.picklist-lines .picklist-line__sum').allInnerTexts();
    expect(lineSums).toHaveLength(2);
    const total = ore(await page.locator('.picklist-sum__amount').innerText());
    expect(total).toBe(lineSums.map(ore).reduce((a, b) => a + b, 0));
    await expect(page.locator('.picklist-sum__vat')).toHaveText('inkl. moms');

    // 'Skriv ut' opens the browser's print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByRole('button', { name: 'Skriv ut' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // The print view: only the list, with the store, article numbers, quantities and sum.
    await page.emulateMedia({ media: 'print' });
    const printed = page.locator('.picklist-print');
    await expect(printed).toBeVisible();
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Skriv ut' })).toBeHidden();
    await expect(printed).toContainText(store.address);
    await expect(printed.locator('tbody tr')).toHaveCount(2);
    await expect(printed.locator('tbody tr').first()).toContainText('3 st');
    await expect(printed.locator('tfoot')).toContainText('6 st');
    await page.screenshot({ path: test.info().outputPath('picklist-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Issue 22: postcodes written '417 52'.
    await expect(page.locator('.picklist-store__address')).toContainText(/, \d{3} \d{2} /);

    // Issue 22: 'Lägg allt i varukorgen' puts every line in the cart.
    await page.getByRole('button', { name: 'Lägg allt i varukorgen' }).click();
    await expect(page.locator('#picklist-add-all-status')).toHaveText(
      'Alla 2 varor ligger nu i varukorgen.',
    );
    const cart = (await (await page.request.get('/api/v1.0/cart/current/')).json()) as {
      items: Array<{ article_id: number; quantity: number }>;
    };
    expect(
      cart.items.map((item) => [item.article_id, item.quantity]).sort((a, b) => a[0]! - b[0]!),
    ).toEqual(products.map((p) => [p.article_id, 3]).sort((a, b) => a[0]! - b[0]!));
  });

  test('prices excl. VAT with the label on the business path', async ({ page, visit, request }) => {
    const [product] = await findProducts(request, 1, true);
    await page.goto('/');
    await storeLines(page, [product!]);
    await visit('/foretag/plocklista');
    await expect(page.locator('.picklist-sum__vat')).toHaveText('exkl. moms');
    const exclVat = ore(await page.locator('.picklist-sum__amount').innerText());
    expect(exclVat).toBeLessThan(Math.round(product!.best_offer!.price * 100));
  });

  test('shows the total as undefined when a line has no price', async ({
    page,
    visit,
    request,
  }) => {
    const [priced] = await findProducts(request, 1, true);
    const [unpriced] = await findProducts(request, 1, false);
    await page.goto('/');
    await storeLines(page, [priced!, unpriced!]);
    await visit('/plocklista');
    await expect(page.getByText('Pris saknas')).toBeVisible();
    await expect(page.locator('.picklist-sum__amount')).toContainText('–');
    await expect(page.getByText('Totalsumman kan inte räknas ut', { exact: false })).toBeVisible();
  });

  test('shows the load-failure banner, and an item error that clears itself after a failed change', async ({
    page,
    visit,
    request,
  }) => {
    const [product] = await findProducts(request, 1, true);
    await page.goto('/');
    await storeLines(page, [product!], 2);
    await visit('/plocklista');
    const quantity = page.getByRole('textbox', { name: `Antal, ${product!.title}` });
    await expect(quantity).toHaveValue('2');

    // Pricing fails from now on: the change is undone and the item says so, then clears.
    let calls = 0;
    await page.route('**/resurser/plocklista', async (route) => {
      calls++;
      await route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: '{"status":"failed"}',
      });
    });
    await page.getByRole('button', { name: `Öka antal, ${product!.title}` }).click();
    const itemError = page.getByRole('button', {
      name: `Vi kunde tyvärr inte uppdatera ${product!.title}. Försök igen senare.`,
    });
    await expect(itemError).toBeVisible();
    await expect(quantity).toHaveValue('2');
    await expect(itemError).toBeHidden({ timeout: 5000 });
    expect(calls).toBeGreaterThan(0);

    // A fresh load that fails shows the banner; 'Försök igen' loads once the API answers.
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: LOAD_ERROR })).toBeVisible();
    await page.unroute('**/resurser/plocklista');
    await page.getByRole('button', { name: 'Försök igen' }).click();
    await expect(page.getByRole('link', { name: product!.title })).toBeVisible();
  });

  test('is used by keyboard: add, change the quantity, remove', async ({
    page,
    visit,
    request,
  }) => {
    const [product] = await findProducts(request, 1, true);
    await visit(`/produkt/${product!.slug}`);
    const add = page.getByRole('button', { name: 'Till plocklistan' });
    await add.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Plocklista' });
    await expect(drawer).toBeVisible();
    // Focus moved into the drawer; Escape closes it and gives focus back.
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(add).toBeFocused();

    await visit('/plocklista');
    const quantity = page.getByRole('textbox', { name: `Antal, ${product!.title}` });
    await quantity.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect(quantity).toHaveValue('4');
    await expect(page.locator('.picklist-sum__count')).toHaveText('(4 st)');

    // An emptied field reverts to the previous quantity.
    await quantity.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    await expect(quantity).toHaveValue('4');

    await page
      .getByRole('button', { name: `Ta bort ${product!.title}` })
      .last()
      .focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Din plocklista är tom.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bygg:picklist'))).toBeNull();
  });

  test('has no picklist in the central area', async ({ page, visit, request }) => {
    const reply = await request.get('/api/v2.0/products/?assortment=central&page_size=1');
    const [product] = ((await reply.json()) as { results: ApiProduct[] }).results;
    expect(product).toBeDefined();
    await visit(`/rikskund/produkt/${product!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Till plocklistan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Plocklista/ })).toHaveCount(0);
  });

  test('is hidden for a logged-in proffs user: no button, no page', async ({
    page,
    visit,
    request,
  }) => {
    const [product] = await findProducts(request, 1, true);
    // page.request shares the browser context's cookies, so the session reaches the pages.
    const login = await page.request.post('/api/proffs/user/login/', {
      data: { username: 'erik.nordin@nordinssnickeri.example', password: 'Proffs2026!' },
    });
    expect(login.ok()).toBe(true);
    await visit(`/produkt/${product!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Till plocklistan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Plocklista/ })).toHaveCount(0);
    const response = await page.goto('/plocklista');
    expect(response?.status()).toBe(404);
  });

  test('@mobile adds, prices for a store and shows the picklist at 390 px', async ({
    page,
    visit,
    request,
  }) => {
    const [product] = await findProducts(request, 1, true);
    const store = await aLocalStore(request);
    await visit(`/produkt/${product!.slug}`);
    await page.getByRole('button', { name: 'Till plocklistan' }).click();
    const drawer = page.getByRole('dialog', { name: 'Plocklista' });
    await expect(drawer.getByRole('link', { name: product!.title })).toBeVisible();
    await expect(drawer.locator('.picklist-sum__amount')).toHaveText(/\d/);
    await page.screenshot({ path: test.info().outputPath('mini-picklist-390.png') });
    await drawer.getByRole('link', { name: 'Till plocklistan' }).click();
    await expect(page).toHaveURL(/\/plocklista$/);

    await visit(`/plocklista?butik=${store.id}`);
    await expect(page.locator('.picklist-store__address')).toContainText(store.address);
    await expect(page.locator('.picklist-sum__amount')).toHaveText(/\d/);
    await page.screenshot({ path: test.info().outputPath('picklist-390.png'), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
  });
});
