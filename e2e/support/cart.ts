import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * Cart steps shared by the cart and voucher journeys (issue 5): find a product a store has in
 * stock, choose that store, add the product by keyboard and fill the pickup checkout.
 */

type ProductHit = {
  slug: string;
  title: string;
  article_count: number;
  best_offer: { price: number } | null;
};

/**
 * A store and a single-variant product it has in stock, so the order can be placed. With
 * `minPrice` (kronor) the product costs at least that, e.g. to reach a discount code's minimum
 * with one unit.
 */
export async function productInStock(
  request: APIRequestContext,
  options: { minPrice?: number } = {},
) {
  const stores = (await (await request.get('/api/v2.0/stores/?count=100')).json()) as {
    results: Array<{ id: number; is_central: boolean }>;
  };
  const sort = options.minPrice === undefined ? '-availability' : '-price';
  for (const store of stores.results.filter((entry) => !entry.is_central).slice(0, 5)) {
    const reply = await request.get(
      `/api/v2.0/products/?store_id=${store.id}&in_stock=true&page_size=40&sort=${sort}`,
    );
    const page = (await reply.json()) as { results: ProductHit[] };
    const fits = page.results.filter(
      (hit) =>
        hit.best_offer !== null &&
        hit.article_count === 1 &&
        hit.best_offer.price >= (options.minPrice ?? 0),
    );
    // Dearest first with a minimum: the last that fits is the cheapest at or over it.
    const product = options.minPrice === undefined ? fits[0] : fits.at(-1);
    if (product) return { storeId: store.id, product };
  }
  throw new Error('No store has a single-variant product in stock');
}

/** Chooses the store by its cookie, as the store selector does. */
export async function chooseStore(page: Page, storeId: number, baseURL: string | undefined) {
  if (!baseURL) throw new Error('baseURL is required');
  await page.context().addCookies([{ name: 'bygg_store', value: String(storeId), url: baseURL }]);
}

/** The mini cart drawer, 'Min varukorg'. */
export function miniCartOf(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Min varukorg' });
}

/**
 * Adds the product of the open product page by keyboard: the mini cart opens with the
 * confirmation focused. Returns the mini cart.
 */
export async function addToCartByKeyboard(page: Page): Promise<Locator> {
  const add = page.getByRole('button', { name: 'Lägg i varukorgen', exact: true });
  await add.focus();
  await page.keyboard.press('Enter');
  const miniCart = miniCartOf(page);
  await expect(miniCart).toBeVisible();
  await expect(miniCart.getByText(/har lagts i varukorgen/)).toBeFocused();
  return miniCart;
}

/** Types into a field reached by the keyboard (Tab), as a keyboard user fills the form. */
export async function typeInto(page: Page, name: RegExp, text: string) {
  const field = page.getByRole('textbox', { name });
  await field.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

/**
 * On /kassa: store pickup, paid in the store, the contact details and the terms, then
 * 'Slutför beställning' — all by keyboard. Ends on the receipt.
 */
export async function placePickupOrder(page: Page) {
  const pickup = page.getByRole('radio', { name: /Hämta i butik/ });
  await pickup.focus();
  await page.keyboard.press('Space');
  await expect(pickup).toBeChecked();
  await expect(page.getByRole('radio', { name: /Betala i butik/ })).toBeChecked();

  await typeInto(page, /^Förnamn/, 'Erik');
  await typeInto(page, /^Efternamn/, 'Nordin');
  await typeInto(page, /^E-postadress/, 'erik.nordin@nordinssnickeri.example');
  await typeInto(page, /^Mobilnummer/, '070-123 45 67');
  // Every field is filled in right, so none is marked invalid any more.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await acceptTermsAndOrder(page);
}

/** On /kassa: accepts the terms and sends the order by keyboard; ends on the receipt. */
export async function acceptTermsAndOrder(page: Page) {
  const terms = page.getByRole('checkbox', { name: /godkänner köpvillkoren/ });
  await terms.focus();
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();

  await page.getByRole('button', { name: 'Slutför beställning' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kvitto\/visa\/[A-Za-z0-9_-]+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Tack för din beställning!' }),
  ).toBeVisible();
}
