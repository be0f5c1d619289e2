import { expectNoAxeViolations, expect, test } from './fixtures';
import { chooseStore } from './support/cart';

/**
 * Issue 22, 'the demo catalogue must look real': the product page's specifications table
 * (dimensions, material, weight, certifications from stored attributes), one article number,
 * and store names without the chain prefix in the stock list and on the store page.
 */

type Listing = {
  results: Array<{ slug: string; title: string; brand: { name: string } | null }>;
};

test.describe('catalogue realism', () => {
  test('a timber product page shows its specifications table, reached by keyboard @mobile', async ({
    page,
    visit,
  }) => {
    await visit('/produkter/travaror/konstruktionsvirke/reglar');
    const firstCard = page.locator('.product-card__link').first();
    const title = (await firstCard.textContent())?.trim() ?? '';
    expect(title).toMatch(/^Regel /);
    await firstCard.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const table = page.getByRole('table', { name: `Specifikationer för ${title}` });
    await expect(page.getByRole('heading', { level: 2, name: 'Specifikationer' })).toBeVisible();
    await table.scrollIntoViewIfNeeded();
    await expect(table).toBeVisible();
    const row = (label: string | RegExp) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
    const dims = /(\d+)x(\d+) mm/.exec(title);
    await expect(row('Mått').getByRole('cell')).toHaveText(`${dims?.[1]} × ${dims?.[2]} mm`);
    await expect(row('Material').getByRole('cell')).toHaveText(/gran|furu/i);
    await expect(row(/^Vikt/).getByRole('cell')).toHaveText(/\d kg/);
    await expect(row('Certifieringar').getByRole('cell')).toContainText('EN 14081-1');
    await expect(row('Varugrupp').getByRole('cell')).toHaveText('Reglar');

    // One article number, as the picklist and the receipt show it.
    const detail = (await (
      await page.request.get(`/api/v2.0/products/${page.url().split('/produkt/')[1]}/`)
    ).json()) as { articles: Array<{ id: number }> };
    const facts = page.locator('.product-facts').first();
    await expect(facts.getByText('Art.nr', { exact: true })).toBeVisible();
    await expect(facts).toContainText(String(detail.articles[0]?.id));
    await expect(facts.getByText('Artikelnummer')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a title never repeats the brand, in the page title or on the page', async ({
    page,
    visit,
  }) => {
    // Power tools are titled '{brand} Borrskruvdragare …'.
    const listing = (await (
      await page.request.get('/api/v2.0/products/?category=verktyg/elverktyg&page_size=10')
    ).json()) as Listing;
    const product = listing.results.find(
      (hit) => hit.brand && hit.title.startsWith(hit.brand.name),
    );
    expect(product, 'a power tool whose title starts with its brand').toBeDefined();
    if (!product?.brand) return;
    await visit(`/produkt/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title);
    await expect(page).toHaveTitle(
      new RegExp(`^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    const doubled = `${product.brand.name} ${product.brand.name}`;
    expect(await page.title()).not.toContain(doubled);
    await expect(page.locator('main')).not.toContainText(doubled);
  });

  test('names stores without the chain prefix in the stock list and on the store page @mobile', async ({
    page,
    visit,
    baseURL,
  }) => {
    const stores = (await (await page.request.get('/api/v2.0/stores/?count=100')).json()) as {
      results: Array<{ id: number; slug: string; name: string; is_central: boolean }>;
    };
    const store = stores.results.find((entry) => !entry.is_central);
    if (!store) throw new Error('no store');
    await chooseStore(page, store.id, baseURL);
    const listing = (await (
      await page.request.get(`/api/v2.0/products/?store_id=${store.id}&in_stock=true&page_size=5`)
    ).json()) as Listing;
    const product = listing.results[0];
    if (!product) throw new Error('no product in stock');
    await visit(`/produkt/${product.slug}`);
    const stockList = page.getByRole('region', { name: 'Butiker med lagersaldo' });
    await stockList.scrollIntoViewIfNeeded();
    await expect(stockList.getByRole('listitem').first()).toBeVisible();
    await expect(stockList).not.toContainText('Timmerkedjan');

    await visit(`/butiker/${store.slug}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).not.toContainText('Timmerkedjan');
    // Without map tiles the page says where the store is and links a street map.
    const findUs = page.getByRole('region', { name: 'Hitta hit' });
    await expect(findUs.getByText(/° N, .*° O/)).toBeVisible();
    const mapLink = findUs.getByRole('link', { name: /Visa gatorna runt butiken på en karta/ });
    await expect(mapLink).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=/);
    await expectNoAxeViolations(page);
  });
});
