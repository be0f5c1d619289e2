import { expectNoAxeViolations, test, expect } from './fixtures';
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
    // As with the sort: the cards follow the URL, so wait for them rather than read at once.
    await expect
      .poll(async () => (await cardPrices(page)).every((price) => price <= 10_000))
      .toBe(true);
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

  test('a page past the 10,000-product cap says so in Swedish, never 5xx @mobile', async ({
    page,
  }) => {
    for (const path of ['/produkter/travaror?page=418', '/produkter/skivmaterial?page=10000']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForLoadState('networkidle');
      const notice = page.getByRole('alert').filter({ hasText: 'För högt antal produkter' });
      await expect(notice).toContainText(
        'För högt antal produkter, försök igen med ett lägre antal',
      );
      await expect(notice.getByRole('link', { name: /^gå till sida \d+$/ })).toBeVisible();
      await expectNoAxeViolations(page);
    }
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
    // Issue 22: room at the sides, and the brand list is not an inner scroll box.
    const form = drawer.getByRole('form', { name: 'Filtrera produkter' });
    const box = (await form.boundingBox())!;
    const firstBrand = drawer.getByRole('checkbox').first();
    const checkboxBox = (await firstBrand.boundingBox())!;
    expect(checkboxBox.x - box.x).toBeGreaterThanOrEqual(12);
    const brandList = form.locator('.listing-filters__brands');
    const clipped = await brandList.evaluate((list) => list.scrollHeight > list.clientHeight + 1);
    expect(clipped).toBe(false);
    await expectNoAxeViolations(page);

    // By keyboard: tick the first brand, send; the drawer closes and the chip names it.
    const brandName = (
      (await drawer.locator('.listing-filters__brands label').first().textContent()) ?? ''
    )
      .replace(/\s*\(.*$/, '')
      .trim();
    await firstBrand.focus();
    await page.keyboard.press('Space');
    await drawer.getByRole('button', { name: 'Visa produkter' }).focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\?brand=[a-z0-9-]+$/);
    expect(page.url()).not.toContain('price_min');
    const chip = page.getByRole('link', { name: `Ta bort filtret ${brandName}` });
    await expect(chip).toBeVisible();
    await expectNoAxeViolations(page);
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/produkter\/travaror$/);
    await expect(chip).toBeHidden();
  });

  test('on a desktop the filters are not under the whole category tree', async ({
    page,
    visit,
  }) => {
    test.skip(test.info().project.name !== 'desktop', 'desktop layout only');
    await visit('/produkter/travaror');
    const tree = page.getByRole('navigation', { name: 'Kategorier' });
    const more = tree.locator('summary', { hasText: /^Andra kategorier \(\d+\)$/ });
    await expect(more).toBeVisible();
    await expect(tree.getByRole('link', { name: /^Skivmaterial/ })).toBeHidden();
    // The filters start within the first screen.
    const filters = page.getByRole('form', { name: 'Filtrera produkter' }).first();
    expect((await filters.boundingBox())!.y).toBeLessThan(900);
    await expect(page.getByRole('button', { name: 'Filtrera' })).toBeHidden();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(tree.getByRole('link', { name: /^Skivmaterial/ })).toBeVisible();
  });
});

test.describe('campaign, supplier and store assortment pages', () => {
  test('lists the running campaigns and opens one with its products @mobile', async ({
    page,
    visit,
  }) => {
    await visit('/kampanjer');
    await expect(page.getByRole('heading', { level: 1, name: 'Kampanjer' })).toBeVisible();
    const first = page.locator('.campaign-card__title a').first();
    const title = (await first.textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/kampanjer\/[a-z0-9-]+$/);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Kampanjpriser t\.o\.m\./)).toBeVisible();
    await expect(page.locator('.product-card').first()).toBeVisible();
    // Every product on a campaign page is on the campaign: its card shows the reduction.
    await expect(page.locator('.product-card').first().getByText('Kampanjpris')).toBeVisible();
  });

  test('filters a listing by brand with the counts of the brand facets', async ({
    page,
    visit,
  }) => {
    await visit('/produkter/travaror');
    const side = page.locator('.listing__side-filters');
    const firstBrand = side.locator('.listing-filters__brands li').first();
    const label = (await firstBrand.locator('label').textContent()) ?? '';
    const count = Number(/\((\d+)\)/.exec(label)?.[1]);
    expect(count).toBeGreaterThan(0);
    await firstBrand.getByRole('checkbox').check();
    await side.getByRole('button', { name: 'Visa produkter' }).click();
    await expect(page).toHaveURL(/brand=/);
    await expect(page.getByRole('status').filter({ hasText: /produkt/ })).toHaveText(
      `${count.toLocaleString('sv-SE')} ${count === 1 ? 'produkt' : 'produkter'}`,
    );
  });

  test("shows a supplier's details and products, and 404 for an unknown one", async ({
    page,
    visit,
  }) => {
    const listing = await (await page.request.get('/api/v2.0/products/?page_size=5')).json();
    let supplier: { slug: string; name: string } | null = null;
    for (const product of listing.results as { slug: string }[]) {
      const detail = await (await page.request.get(`/api/v2.0/products/${product.slug}/`)).json();
      if (detail.supplier) {
        supplier = detail.supplier;
        break;
      }
    }
    expect(supplier).not.toBeNull();
    await visit(`/leverantorer/${supplier?.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: supplier?.name })).toBeVisible();
    await expect(page.getByText('Organisationsnummer')).toBeVisible();
    const about = page.getByRole('region', { name: `Om ${supplier?.name}` });
    await expect(about.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.locator('.product-card').first()).toBeVisible();

    const response = await page.goto('/leverantorer/finns-inte-alls');
    expect(response?.status()).toBe(404);
  });

  test("lists a store's local assortment with its prices and stock @mobile", async ({
    page,
    visit,
  }) => {
    await visit('/butikssortiment/goteborg');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Butikssortiment – Göteborg' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /Öppettider och kontakt/ })).toHaveAttribute(
      'href',
      '/butiker/goteborg',
    );
    const badge = page.getByTestId('stock-badge').first();
    await expect(badge).toBeVisible();
    await expect(badge).not.toHaveText('Välj butik för att se lagersaldo');
    // The side tree narrows the assortment by category (on phones it sits below the list).
    if (test.info().project.name !== 'mobile') {
      const tree = page.getByRole('navigation', { name: 'Kategorier' });
      await tree.getByRole('link', { name: 'Trävaror' }).click();
      await expect(page).toHaveURL(/\/butikssortiment\/goteborg\/travaror$/);
    }
  });
});
