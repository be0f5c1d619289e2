import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/** The amounts shown on the cards, in öre, in page order ('1 295:-' → 129500, '8:90' → 890). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('price-amount').allTextContents();
  return texts.map((text) => {
    const match = /([\d\s\u00a0]+):(\d{2}|-)/.exec(text.replace('Kampanjpris', ''));
    if (!match) throw new Error(`not a price: ${text}`);
    const kronor = Number(match[1]!.replace(/[\s\u00a0]/g, ''));
    return kronor * 100 + (match[2] === '-' ? 0 : Number(match[2]));
  });
}

function isSorted(prices: number[], order: 'ascending' | 'descending'): boolean {
  return prices.every((price, index) => {
    const previous = prices[index - 1];
    if (previous === undefined) return true;
    return order === 'ascending' ? previous <= price : previous >= price;
  });
}

test.describe('catalogue', () => {
  test('browses from the main menu to a category listing with cards and a count', async ({
    page,
    visit,
  }) => {
    await visit('/');
    const menu = page.getByRole('navigation', { name: 'Huvudmeny' });
    await menu.getByRole('button', { name: 'Sortiment' }).click();
    await menu.getByRole('link', { name: 'Visa allt i Trävaror' }).click();
    await expect(page).toHaveURL(/\/produkter\/travaror$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Trävaror' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /\d+ produkter/ })).toBeVisible();
    const tree = page.getByRole('navigation', { name: 'Kategorier' });
    await expect(tree.getByRole('link', { name: /^Trävaror/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByTestId('stock-badge').first()).toHaveText(
      'Välj butik för att se lagersaldo',
    );
  });

  test('sorts by price through the URL, and a filter narrows the result', async ({
    page,
    visit,
  }) => {
    await visit('/produkter/travaror');
    await page.getByLabel('Sortera efter').selectOption('price');
    await expect(page).toHaveURL(/sort=price/);
    // The URL changes as the navigation commits; the cards follow in the same render pass.
    await expect.poll(async () => isSorted(await cardPrices(page), 'ascending')).toBe(true);
    expect((await cardPrices(page)).length).toBeGreaterThan(1);

    await page.getByLabel('Sortera efter').selectOption('-price');
    await expect(page).toHaveURL(/sort=-price/);
    await expect.poll(async () => isSorted(await cardPrices(page), 'descending')).toBe(true);

    const side = page.locator('.listing__side-filters');
    await side.getByLabel('Till').fill('100');
    await side.getByRole('button', { name: 'Visa produkter' }).click();
    await expect(page).toHaveURL(/price_max=100/);
    await expect(page).toHaveURL(/sort=-price/);
    for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(10_000);
  });

  test('pages through a listing with links that keep the sort', async ({ page, visit }) => {
    await visit('/produkter/travaror?sort=price');
    const pager = page.getByRole('navigation', { name: 'Sidnavigering' });
    await expect(pager.getByRole('link', { name: 'Sida 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pager.getByRole('link', { name: 'Nästa' }).click();
    await expect(page).toHaveURL(/sort=price&page=2/);
    await expect(pager.getByRole('link', { name: 'Sida 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('opens a product from a listing and pages through the lightbox by keyboard', async ({
    page,
    visit,
  }) => {
    await visit('/produkter/travaror');
    const first = page.locator('.product-card__link').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/produkt\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'Product', name: title });
    expect(jsonLd.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'SEK' });

    const open = page.getByRole('button', { name: /^Förstora bilden/ });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const dots = dialog.getByRole('button', { name: /^Visa bild/ });
    if ((await dots.count()) > 1) {
      await page.keyboard.press('ArrowRight');
      await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('answers an unknown product or category with the 404 page', async ({ page }) => {
    for (const path of ['/produkt/finns-inte-alls', '/produkter/finns-inte-alls']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sidan kunde inte hittas' }),
      ).toBeVisible();
    }
  });

  test('lists filters in a drawer on a phone @mobile', async ({ page, visit }) => {
    test.skip(test.info().project.name !== 'mobile', 'phone layout only');
    await visit('/produkter/travaror');
    await page.getByRole('button', { name: 'Filtrera' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtrera' });
    await expect(drawer.getByRole('button', { name: 'Visa produkter' })).toBeVisible();
  });
});
