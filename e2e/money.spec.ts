import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { addToCartByKeyboard, chooseStore, productInStock } from './support/cart';

/**
 * Money and trust (issue 22, ADR 030), as a shopper of the store chain sees it at 1280 px and
 * (tagged @mobile) 390 px, by keyboard with the axe scan: the VAT label says what the price
 * is per mode, an article out of stock in the chosen store says so instead of a buy button,
 * and free shipping is not promised where home delivery is not offered.
 */

type Hit = {
  slug: string;
  article_count: number;
  best_offer: { price: number } | null;
  stock?: { status: string; availability: number; stock_type: number } | null;
};

const HIDDEN_STOCK = 32;
const NON_STOCKED = 64;
const UNSTOCKED = 2;
const TEMP_OUT_OF_STOCK = 4;

/** A store and a single-variant, sellable product that store is (temporarily) out of. */
async function productOutOfStock(request: APIRequestContext) {
  const stores = (await (await request.get('/api/v2.0/stores/?count=100')).json()) as {
    results: Array<{ id: number; is_central: boolean }>;
  };
  for (const store of stores.results.filter((entry) => !entry.is_central).slice(0, 5)) {
    const reply = await request.get(`/api/v2.0/products/?store_id=${store.id}&page_size=100`);
    const { results } = (await reply.json()) as { results: Hit[] };
    const product = results.find(
      (hit) =>
        hit.article_count === 1 &&
        hit.best_offer !== null &&
        hit.stock !== null &&
        hit.stock !== undefined &&
        (hit.stock.status === 'OUT_OF_STOCK' || (hit.stock.stock_type & TEMP_OUT_OF_STOCK) !== 0) &&
        (hit.stock.availability & 1) === 1 &&
        (hit.stock.availability & (HIDDEN_STOCK | NON_STOCKED)) === 0 &&
        (hit.stock.stock_type & UNSTOCKED) === 0,
    );
    if (product) return { storeId: store.id, product };
  }
  throw new Error('No store is out of a single-variant product');
}

test.describe('money and trust', () => {
  test.describe.configure({ timeout: 120_000 });

  test("labels prices by what they are: 'exkl. moms' on /foretag, none for a private shopper @mobile", async ({
    page,
    visit,
    request,
    baseURL,
  }) => {
    const { storeId, product } = await productInStock(request);
    await chooseStore(page, storeId, baseURL);
    await visit(`/foretag/produkt/${product.slug}`);
    const summary = page.locator('.product-page__summary');
    await expect(summary.locator('.price__vat').first()).toHaveText('exkl. moms');
    await expect(page.getByText('excl. VAT')).toHaveCount(0);

    await visit(`/privat/produkt/${product.slug}`);
    await expect(summary.locator('[data-testid="price-amount"]')).toBeVisible();
    await expect(summary.locator('.price__vat')).toHaveCount(0);
  });

  test('an article out of stock in the chosen store says so instead of a buy button @mobile', async ({
    page,
    visit,
    request,
    baseURL,
  }) => {
    const { storeId, product } = await productOutOfStock(request);
    await chooseStore(page, storeId, baseURL);
    await visit(`/produkt/${product.slug}`);
    const summary = page.locator('.product-page__summary');
    await expect(summary.getByText('Tillfälligt slut', { exact: true })).toBeVisible();
    await expect(
      summary.getByRole('note').filter({ hasText: 'Tillfälligt slut i din butik' }),
    ).toHaveText('Tillfälligt slut i din butik. Kan inte köpas just nu.');
    await expect(summary.getByRole('button', { name: 'Lägg i varukorgen' })).toHaveCount(0);
  });

  test('promises no free shipping where only store pickup is offered @mobile', async ({
    page,
    visit,
    request,
    baseURL,
  }) => {
    const { storeId, product } = await productInStock(request);
    await chooseStore(page, storeId, baseURL);
    await visit(`/produkt/${product.slug}`);
    await expect(page.getByText('Klicka och hämta i din butik').first()).toBeAttached();
    await expect(page.getByText('Fri frakt för order över 499:-*')).toHaveCount(0);

    const miniCart = await addToCartByKeyboard(page);
    await expect(miniCart.getByText('Summa varor inkl. moms')).toBeVisible();
    await expect(miniCart.getByText(/fri frakt/i)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
