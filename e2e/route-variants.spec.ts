import type { APIRequestContext } from '@playwright/test';
import { generatePath } from 'react-router';
import {
  DASHBOARD,
  PAGES,
  PREFIXES,
  joinPattern,
  type PageId,
  type PrefixKey,
} from '../apps/web/app/lib/route-table.ts';
import { test, expect } from './fixtures';

/**
 * Issue 16, ADR 020: every prefix variant of every page of the route table answers, the
 * trade area's dashboard is guarded, and the 'Privat' toggle on a business page lands on a
 * page. The table is the app's own (apps/web/app/lib/route-table.ts), so a page or a prefix
 * added there is tested here without a new line.
 */

// Lindqvist Bygg has accepted the stores' terms; Erik's company (Nordins) has not, so his
// dashboard leads to the contact details first (trade-area §5).
const ANNA = { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' };
const MARIA = { username: 'maria.ekholm@ekholmsfastighet.example', password: 'Rikskund2026!' };

/** Real data the pages need, read from the API once: nothing here is a seed's magic value. */
type Sample = {
  storeSlug: string;
  categoryPath: string;
  productSlug: string;
  campaignSlug: string;
  supplierSlug: string;
  orderId: string;
};

type Hit = { slug: string; article_id: number; article_count: number; best_offer: unknown };

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const reply = await api.get(path);
  expect(reply.status(), path).toBe(200);
  return (await reply.json()) as T;
}

/**
 * Reads a store, a category, a product, a campaign and a supplier from the API, and places a
 * pickup order in that store through the API so that the receipt pages have an order this
 * client may see (the receipt is its buyer's only).
 */
async function loadSample(api: APIRequestContext): Promise<Sample> {
  const stores = await json<{ results: { id: number; slug: string; is_central: boolean }[] }>(
    api,
    '/api/v2.0/stores/?count=100',
  );
  const tree = await json<{ categories: { path: string; children: { path: string }[] }[] }>(
    api,
    '/api/v2.0/category_tree/',
  );
  const campaigns = await json<{ results: { slug: string }[] }>(api, '/api/v2.0/campaigns/');
  let order: { store: (typeof stores.results)[number]; hit: Hit } | null = null;
  for (const store of stores.results.filter((entry) => !entry.is_central).slice(0, 5)) {
    const page = await json<{ results: Hit[] }>(
      api,
      `/api/v2.0/products/?store_id=${store.id}&in_stock=true&page_size=40&sort=-availability`,
    );
    const hit = page.results.find((entry) => entry.article_count === 1 && entry.best_offer);
    if (hit) {
      order = { store, hit };
      break;
    }
  }
  if (!order) throw new Error('No store has a single-variant product in stock');
  let supplierSlug: string | null = null;
  const listing = await json<{ results: { slug: string }[] }>(
    api,
    '/api/v2.0/products/?page_size=10',
  );
  for (const product of listing.results) {
    const detail = await json<{ supplier: { slug: string } | null }>(
      api,
      `/api/v2.0/products/${product.slug}/`,
    );
    if (detail.supplier) {
      supplierSlug = detail.supplier.slug;
      break;
    }
  }
  const category = tree.categories[0];
  const campaign = campaigns.results[0];
  if (!category?.children[0] || !campaign || !supplierSlug) {
    throw new Error('The API has no category, campaign or supplier to test with');
  }

  const add = await api.post('/api/v1.0/cart/current/item/', {
    data: { article_id: order.hit.article_id, quantity: 1 },
  });
  expect(add.status()).toBe(200);
  await api.patch('/api/v1.0/cart/current/shipping/', { data: { store_id: order.store.id } });
  const placed = await api.post('/api/v1.0/cart/current/checkout/', {
    headers: { 'Idempotency-Key': `route-variants-${Date.now()}` },
    data: {
      contact: {
        first_name: 'Test',
        last_name: 'Testsson',
        email: 'test@example.se',
        phone: '070-123 45 67',
      },
      shipping: { type: 1 },
      payment: { method: 'pay_in_store' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = (await placed.json()) as { id: string };

  return {
    storeSlug: order.store.slug,
    categoryPath: category.children[0].path,
    productSlug: order.hit.slug,
    campaignSlug: campaign.slug,
    supplierSlug,
    orderId: id,
  };
}

/** The parameters of a page's path, from the sample. */
function paramsOf(page: PageId, sample: Sample): Record<string, string> {
  switch (page) {
    case 'store-page':
      return { storeSlug: sample.storeSlug };
    case 'listing':
      return { '*': sample.categoryPath };
    case 'product':
      return { slug: sample.productSlug };
    case 'campaign':
      return { '*': sample.campaignSlug };
    case 'store-assortment':
      return { '*': sample.storeSlug };
    case 'supplier':
      return { slug: sample.supplierSlug };
    case 'receipt':
      return { id: sample.orderId };
    default:
      return {};
  }
}

function urlOf(prefix: PrefixKey, path: string, params: Record<string, string>): string {
  return generatePath(`/${joinPattern(PREFIXES[prefix], path)}`, params);
}

/** A client of its own with the consent answered, as a visitor who has been here before. */
async function newClient(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const origin = new URL(baseURL).origin;
  return playwright.request.newContext({
    baseURL,
    storageState: {
      cookies: [
        { name: 'bygg_consent', value: 'true', domain: new URL(origin).hostname, path: '/' },
        { name: 'bygg_marketing', value: 'false', domain: new URL(origin).hostname, path: '/' },
      ].map((cookie) => ({
        ...cookie,
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax' as const,
      })),
      origins: [],
    },
  });
}

async function logIn(api: APIRequestContext, user: { username: string; password: string }) {
  const reply = await api.post('/api/proffs/user/login/', { data: user });
  expect(reply.status()).toBe(200);
  return (await reply.json()) as { stores: { slug: string; is_central: boolean }[] };
}

test.describe('route variants (the route table)', () => {
  test.describe.configure({ mode: 'serial' });
  let api: APIRequestContext;
  let sample: Sample;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    if (!baseURL) throw new Error('baseURL is required');
    api = await newClient(playwright, baseURL);
    sample = await loadSample(api);
  });

  test.afterAll(async () => {
    await api.dispose();
  });

  // The store staff's pages are personal: they have a test of their own below, like the dashboard.
  const PUBLIC_PAGES = (Object.entries(PAGES) as [PageId, (typeof PAGES)[PageId]][]).filter(
    ([id]) => !id.startsWith('store-staff'),
  );
  for (const [id, entry] of PUBLIC_PAGES) {
    test(`every variant of '${id}' answers (${entry.prefixes.join(', ')})`, async () => {
      // The not-found page answers 404 by design, under every prefix it has.
      const expected = id === 'not-found' ? 404 : 200;
      for (const prefix of entry.prefixes) {
        const params = {
          ...paramsOf(id, sample),
          ...(prefix === 'store' ? { storeSlug: sample.storeSlug } : {}),
        };
        const url = urlOf(prefix, entry.path, params);
        const reply = await api.get(url, { maxRedirects: 0 });
        expect(reply.status(), url).toBe(expected);
        expect(reply.headers()['content-type'], url).toMatch(/^text\/html/);
      }
    });
  }

  test('every dashboard variant sends a visitor who is not logged in to /login and back', async () => {
    for (const prefix of DASHBOARD.prefixes) {
      const url = urlOf(prefix, DASHBOARD.path, { storeSlug: sample.storeSlug });
      const reply = await api.get(url, { maxRedirects: 0 });
      expect(reply.status(), url).toBe(302);
      expect(reply.headers().location).toBe(`/login?${new URLSearchParams({ next: url })}`);
      expect(reply.headers()['cache-control']).toBe('private, no-store');
    }
  });

  test("the store staff's pages send a visitor who is not logged in to /login and back", async () => {
    const staffPages = (Object.entries(PAGES) as [PageId, (typeof PAGES)[PageId]][]).filter(
      ([id]) => id.startsWith('store-staff'),
    );
    for (const [, entry] of staffPages) {
      const url = urlOf('plain', entry.path, { storeSlug: sample.storeSlug, id: '1' });
      const reply = await api.get(url, { maxRedirects: 0 });
      expect(reply.status(), url).toBe(302);
      expect(reply.headers().location).toBe(`/login?${new URLSearchParams({ next: url })}`);
      expect(reply.headers()['cache-control']).toBe('private, no-store');
    }
  });

  test("the dashboard answers for the user's own store and is not found for another", async ({
    playwright,
  }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL ?? '';
    const erik = await newClient(playwright, baseURL);
    const maria = await newClient(playwright, baseURL);
    try {
      const erikStores = (await logIn(erik, ANNA)).stores;
      const own = erikStores.find((store) => !store.is_central);
      expect(own).toBeDefined();
      const ownUrl = urlOf('store', DASHBOARD.path, { storeSlug: own?.slug ?? '' });
      const page = await erik.get(ownUrl, { maxRedirects: 0 });
      expect(page.status(), ownUrl).toBe(200);
      expect(page.headers()['cache-control']).toBe('private, no-store');
      expect(await page.text()).toContain('name="robots" content="noindex"');
      // Not one of Erik's stores: another store, and the central store.
      const other = erikStores.some((store) => store.slug === sample.storeSlug)
        ? 'finns-inte'
        : sample.storeSlug;
      for (const url of [
        urlOf('store', DASHBOARD.path, { storeSlug: other }),
        urlOf('central', DASHBOARD.path, {}),
      ]) {
        expect((await erik.get(url, { maxRedirects: 0 })).status(), url).toBe(404);
      }

      const mariaStores = (await logIn(maria, MARIA)).stores;
      expect(mariaStores.some((store) => store.is_central)).toBe(true);
      const central = urlOf('central', DASHBOARD.path, {});
      expect((await maria.get(central, { maxRedirects: 0 })).status(), central).toBe(200);
    } finally {
      await erik.dispose();
      await maria.dispose();
    }
  });
});

test.describe('the dashboard and private mode in the browser', () => {
  test('a logged-out visitor logs in on the way to the dashboard and sees it @mobile', async ({
    page,
    visit,
  }) => {
    // Anna's stores are Stockholm and Göteborg (README's demo accounts); the slug from the API.
    const stores = (await (await page.request.get('/api/v2.0/stores/?count=100')).json()) as {
      results: { slug: string; name: string }[];
    };
    const store = stores.results.find((entry) => entry.name.endsWith('Göteborg'));
    if (!store) throw new Error('No store Göteborg');
    const dashboard = `/butiker/${store.slug}/dashboard`;

    await visit(dashboard);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === dashboard,
    );
    await page.getByLabel('E-postadress').fill(ANNA.username);
    await page.getByLabel(/^Lösenord/).fill(ANNA.password);
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname === dashboard);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const main = page.getByRole('main');
    // The lead under the heading (the trade bar above names the user and company as well).
    await expect(
      main.getByText(/^Inloggad som Anna Lindqvist, Lindqvist Bygg & Montage/),
    ).toBeVisible();
    const storeCard = main.getByRole('region', { name: 'Din butik' });
    await expect(storeCard.getByText('Göteborg')).toBeVisible();
    await expect(
      storeCard.getByRole('link', { name: 'Handla i butikens sortiment' }),
    ).toHaveAttribute('href', `/butiker/${store.slug}/produkter`);
    await page.screenshot({
      path: `test-results/dashboard-${test.info().project.name}.png`,
      fullPage: true,
    });
  });

  test("the 'Privat' toggle on a business page lands on the private page @mobile", async ({
    page,
    visit,
  }) => {
    const tree = (await (await page.request.get('/api/v2.0/category_tree/')).json()) as {
      categories: { path: string }[];
    };
    const category = tree.categories[0]?.path ?? '';
    await visit(`/foretag/produkter/${category}`);
    const modes = page.getByRole('group', { name: 'Kundtyp' });
    await expect(modes.getByRole('button', { name: 'Företag' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await modes.getByRole('button', { name: 'Privat' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/privat/produkter/${category}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(modes.getByRole('button', { name: 'Privat' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The page the toggle led to is served as a document too (it used to be the 404 page).
    expect((await page.reload())?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({
      path: `test-results/privat-listing-${test.info().project.name}.png`,
    });
  });

  test('private mode shows prices incl. VAT, as the plain page does, and business mode excl.', async ({
    page,
    visit,
  }) => {
    const listing = (await (await page.request.get('/api/v2.0/products/?page_size=20')).json()) as {
      results: { slug: string; best_offer: { price: number; price_excl_vat: number } | null }[];
    };
    const product = listing.results.find(
      (hit) => hit.best_offer && hit.best_offer.price !== hit.best_offer.price_excl_vat,
    );
    if (!product) throw new Error('No priced product with VAT');
    const priceOn = async (path: string) => {
      await visit(path);
      return page.getByTestId('price-amount').first().textContent();
    };
    const plain = await priceOn(`/produkt/${product.slug}`);
    const privat = await priceOn(`/privat/produkt/${product.slug}`);
    const business = await priceOn(`/foretag/produkt/${product.slug}`);
    expect(privat).toBe(plain);
    expect(business).not.toBe(privat);
  });
});
