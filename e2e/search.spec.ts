import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

/** The header's search box (the main header, not the slim bar). */
function searchBox(page: Page) {
  return page.getByRole('search', { name: 'Sök produkter' }).getByRole('combobox', { name: 'Sök' });
}

test.describe('search', () => {
  test('the preview works by keyboard only: type, arrow down, Enter, Escape @mobile', async ({
    page,
    visit,
  }) => {
    await visit('/');
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('skruv');
    const listbox = page.getByRole('listbox', { name: 'Sökförslag' });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(listbox.getByRole('group', { name: 'Produkter' })).toBeVisible();
    const products = listbox.getByRole('group', { name: 'Produkter' }).getByRole('option');
    // 3 per group, then 'Visa alla N produkter' (spec §9).
    await expect(products).toHaveCount(4);
    await expect(products.last()).toHaveText(/^Visa alla [\d\s\u00a0]+ produkter/);
    await expect(
      listbox.getByRole('option', { name: /^Visa alla [\d\s\u00a0]+ sökresultat/ }),
    ).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: /sökresultat för skruv/ }),
    ).toBeAttached();

    // Escape closes the preview and leaves focus in the box.
    await page.keyboard.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toBeFocused();

    // Arrow down makes the first hit active; Enter follows it.
    await page.keyboard.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    const first = products.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    const title = (await first.locator('.search-preview__text').textContent())!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/produkt\//);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  test('Enter with no active line runs the full search on the landing page', async ({
    page,
    visit,
  }) => {
    await visit('/');
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('gipsskiva');
    await expect(page.getByRole('listbox', { name: 'Sökförslag' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sok\?q=gipsskiva$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sökresultat för gipsskiva');
  });

  test('text typed before the header has hydrated is kept, and Enter searches for it', async ({
    page,
  }) => {
    // The header hydrates once its own chunk has arrived (ADR 016). Holding that chunk back
    // plays a slow connection: the visitor types into the server's markup first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/page-header-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('gipsskiva');
    release();
    await expect
      .poll(() =>
        box.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__reactProps'))),
      )
      .toBe(true);
    await expect(box).toHaveValue('gipsskiva');
    await expect(box).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sok\?q=gipsskiva$/);
  });

  test('the landing page has a tab per group with counts, and the tabs switch @mobile', async ({
    page,
    visit,
  }) => {
    await visit('/sok?q=isolering');
    const tabs = page.getByRole('navigation', { name: 'Sökresultat per typ' });
    for (const name of ['Produkter', 'Kategorier', 'Varumärken', 'Butiker', 'Sidor']) {
      await expect(
        tabs.getByRole('link', { name: new RegExp(`^${name} \\(\\d+\\)$`) }),
      ).toBeVisible();
    }
    await expect(tabs.getByRole('link', { name: /^Produkter/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('.listing__grid .product-card').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /\d+ produkter?$/ })).toBeVisible();

    await tabs.getByRole('link', { name: /^Kategorier/ }).click();
    await expect(page).toHaveURL(/category=bk04_categories/);
    await expect(tabs.getByRole('link', { name: /^Kategorier/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const category = page
      .getByRole('region', { name: 'Kategorier' })
      .getByRole('link', { name: 'Isolering', exact: true });
    await expect(category).toBeVisible();
    await category.click();
    await expect(page).toHaveURL(/\/produkter\//);
  });

  test('a misspelt query still finds the product ("isolerig")', async ({ page, visit }) => {
    await visit('/sok?q=isolerig');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sökresultat för isolerig');
    const cards = page.locator('.listing__grid .product-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(/isoler/i);
  });

  test('no hits says so: "Inga resultat för …"', async ({ page, visit }) => {
    await visit('/sok?q=xqzvw');
    await expect(page.getByText('Inga resultat för xqzvw')).toBeVisible();
  });

  test('the preview says "Inga resultat för …" when nothing matches', async ({ page, visit }) => {
    await visit('/');
    await searchBox(page).fill('xqzvw');
    await expect(page.locator('.search-preview__message')).toHaveText('Inga resultat för xqzvw');
  });
});
