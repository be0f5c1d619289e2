import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@bygg/contracts/cart';
import type { Picklist } from '@bygg/contracts/picklist';
import type { ArticleOffer, ProductDetail } from '@bygg/contracts/products';
import type { PriceOffer } from '@bygg/contracts/prices';
import { sql } from '@bygg/db/orm';
import { lineAmounts } from '@bygg/domain/pricing';
import { buildTestApp, sessionCookie, type TestApp } from '../../../test/helper.ts';
import { Browser } from '../../../test/commerce.ts';
import {
  createArticle,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestArticle,
  type TestStore,
} from '../../../test/factories.ts';
import { buildOffer } from './offers.ts';
import { PricingService } from './service.ts';

// Issue 16, "one pricing module": the same article at the same store gives the same figures
// through the product page, the article's offer, the cart, the picklist and the path the trade
// area's quotes and offers take (the pricing service, line arithmetic and the offer), for an
// anonymous shopper and for a trade user whose company has net prices.

const NOW = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const QUANTITY = 3;

/** What every path must agree on, in öre. */
type Figures = {
  unitOre: number;
  unitExclOre: number;
  sumOre: number;
  sumExclOre: number;
  reducedFromOre: number | null;
  isNetPrice: boolean;
};

const ore = (kronor: number) => Math.round(kronor * 100);
const oreOrNull = (kronor: number | null) => (kronor === null ? null : ore(kronor));

/** An offer's figures for QUANTITY units (an offer has no line; the line is the domain's). */
function fromOffer(offer: PriceOffer | null | undefined): Figures & { lowestOre: number | null } {
  if (!offer) throw new Error('no offer');
  const line = lineAmounts({
    unitOre: ore(offer.price),
    quantity: QUANTITY,
    vatRateBp: Math.round(offer.vat_rate * 10_000),
  });
  return {
    unitOre: ore(offer.price),
    unitExclOre: ore(offer.price_excl_vat),
    sumOre: line.totalOre,
    sumExclOre: line.exclOre,
    reducedFromOre: oreOrNull(offer.reduced_from),
    isNetPrice: offer.is_net_price,
    lowestOre: oreOrNull(offer.lowest_price_last_30_days),
  };
}

let t: TestApp;
let store: TestStore;
let campaign: TestArticle;
let food: TestArticle;
let tradeCookie: string;
let companyId: number;

beforeAll(async () => {
  t = await buildTestApp({ seeded: false, now: NOW });
  const db = t.database.database.db;
  store = await createStore(db);
  // A 25 % article on a store campaign (its own price, with its own history) and a 12 %
  // article at an odd list price, so VAT rounding shows.
  campaign = await createArticle(db, { priceOre: 12_990, stock: { store, quantity: 50 } });
  food = await createArticle(db, {
    priceOre: 4_567,
    vatRateBp: 1200,
    stock: { store, quantity: 50 },
  });
  await db.execute(sql`insert into prices
      (organisation_id, article_id, store_id, price_ore, reduced_from_ore, is_limited_time, valid_from, end_date)
    values ('store-chain', ${campaign.id}, ${store.id}, 9990, 12990, true,
      ${at(-5).toISOString()}::timestamptz, ${at(5).toISOString()}::timestamptz)`);
  await db.execute(sql`insert into price_history
      (organisation_id, article_id, store_id, price_ore, valid_from, valid_to)
    values ('store-chain', ${campaign.id}, ${store.id}, 11990, ${at(-60).toISOString()}::timestamptz, ${at(-20).toISOString()}::timestamptz),
      ('store-chain', ${campaign.id}, ${store.id}, 12990, ${at(-20).toISOString()}::timestamptz, ${at(-5).toISOString()}::timestamptz),
      ('store-chain', ${campaign.id}, ${store.id}, 9990, ${at(-5).toISOString()}::timestamptz, null),
      ('store-chain', ${food.id}, null, 4567, ${at(-100).toISOString()}::timestamptz, null)`);
  const company = await createTradeCompany(db);
  companyId = company.id;
  await db.execute(sql`insert into net_prices (company_id, article_id, price_ore)
    values (${company.id}, ${campaign.id}, 9490), (${company.id}, ${food.id}, 3999)`);
  const user = await createTradeUser(db, { company, stores: [store] });
  tradeCookie = await sessionCookie(t.app, user.credentials);
});

afterAll(async () => {
  await t?.close();
});

type Viewer = 'anonymous' | 'trade';

function browser(viewer: Viewer): Browser {
  const b = new Browser(t.app);
  b.cookies.set('bygg_store', String(store.id));
  if (viewer === 'trade') {
    const [name, value] = tradeCookie.split('=') as [string, string];
    b.cookies.set(name, value);
  }
  return b;
}

async function productPage(viewer: Viewer, article: TestArticle) {
  const reply = await browser(viewer).get(
    `/api/v2.0/products/${article.productId}/?store_id=${store.id}`,
  );
  expect(reply.statusCode).toBe(200);
  const detail = reply.json<ProductDetail>();
  return fromOffer(detail.articles.find((a) => a.id === article.id)?.offer);
}

async function articleOffer(viewer: Viewer, article: TestArticle) {
  const reply = await browser(viewer).get(
    `/api/v2.0/articles/${article.id}/offer/?store_id=${store.id}`,
  );
  expect(reply.statusCode).toBe(200);
  return fromOffer(reply.json<ArticleOffer>().offer);
}

async function cart(viewer: Viewer, article: TestArticle): Promise<Figures> {
  const reply = await browser(viewer).post('/api/v1.0/cart/current/item/', {
    article_id: article.id,
    quantity: QUANTITY,
  });
  expect(reply.statusCode).toBeLessThan(300);
  const line = reply.json<Cart>().items.find((item) => item.article_id === article.id);
  if (!line) throw new Error('no cart line');
  return {
    unitOre: line.price,
    unitExclOre: line.price_excl_vat,
    sumOre: line.sum,
    sumExclOre: line.sum_excl_vat,
    reducedFromOre: line.reduced_from,
    isNetPrice: line.is_net_price,
  };
}

async function picklist(viewer: Viewer, article: TestArticle) {
  const priced = async (vat: 'incl' | 'excl') => {
    const reply = await browser(viewer).post('/api/v2.0/picklist/prices/', {
      store_id: store.id,
      vat,
      lines: [{ article_id: article.id, quantity: QUANTITY }],
    });
    expect(reply.statusCode).toBe(200);
    const entry = reply.json<Picklist>().articles[0];
    if (!entry || entry.price === null || entry.sum === null) throw new Error('no price');
    return { unitOre: ore(entry.price), sumOre: ore(entry.sum) };
  };
  const [incl, excl] = [await priced('incl'), await priced('excl')];
  return {
    unitOre: incl.unitOre,
    unitExclOre: excl.unitOre,
    sumOre: incl.sumOre,
    sumExclOre: excl.sumOre,
  };
}

/** The trade area's quote and offer path: the pricing service, a quote line, the offer. */
async function quoteLine(viewer: Viewer, article: TestArticle) {
  const prices = await new PricingService(t.database.database.db).priceArticles({
    organisation: 'store-chain',
    storeId: store.id,
    companyId: viewer === 'trade' ? companyId : null,
    articleIds: [article.id],
    at: NOW,
  });
  const price = prices.get(article.id);
  if (!price) throw new Error('no price');
  const vatRateBp = article === food ? 1200 : 2500;
  const line = lineAmounts({ unitOre: price.priceOre, quantity: QUANTITY, vatRateBp });
  const offer = buildOffer({
    articleId: article.id,
    price,
    vatRateBp,
    salesUnit: 'st',
    comparison: null,
  });
  return {
    unitOre: line.unitOre,
    unitExclOre: line.unitExclOre,
    sumOre: line.totalOre,
    sumExclOre: line.exclOre,
    reducedFromOre: price.reducedFromOre,
    isNetPrice: price.isNetPrice,
    lowestOre: price.lowestOre,
    offer: fromOffer(offer),
  };
}

describe('one price for an article at a store, whichever way it is asked for', () => {
  const cases: Array<{
    viewer: Viewer;
    article: () => TestArticle;
    expected: Figures & { lowestOre: number | null };
  }> = [
    {
      viewer: 'anonymous',
      article: () => campaign,
      // The store's campaign price 99:90 (from 129:90); the 30-day low before it began 119:90.
      expected: {
        unitOre: 9_990,
        unitExclOre: 7_992,
        sumOre: 29_970,
        sumExclOre: 23_976,
        reducedFromOre: 12_990,
        isNetPrice: false,
        lowestOre: 11_990,
      },
    },
    {
      viewer: 'trade',
      article: () => campaign,
      // The company's net price 94:90 is below the campaign price: no reduction shown.
      expected: {
        unitOre: 9_490,
        unitExclOre: 7_592,
        sumOre: 28_470,
        sumExclOre: 22_776,
        reducedFromOre: null,
        isNetPrice: true,
        lowestOre: 11_990,
      },
    },
    {
      viewer: 'anonymous',
      article: () => food,
      // 45:67 at 12 %: 40:78 excl. a unit; 3 units 137:01, of which 122:33 excl. (not 122:34).
      expected: {
        unitOre: 4_567,
        unitExclOre: 4_078,
        sumOre: 13_701,
        sumExclOre: 12_233,
        reducedFromOre: null,
        isNetPrice: false,
        lowestOre: 4_567,
      },
    },
    {
      viewer: 'trade',
      article: () => food,
      expected: {
        unitOre: 3_999,
        unitExclOre: 3_571,
        sumOre: 11_997,
        sumExclOre: 10_712,
        reducedFromOre: null,
        isNetPrice: true,
        lowestOre: 4_567,
      },
    },
  ];

  for (const { viewer, article, expected } of cases) {
    it(`${viewer}, ${expected.isNetPrice ? 'net price' : 'shelf price'} ${expected.unitOre} öre: product page, offer, cart, picklist and quote agree`, async () => {
      const { lowestOre, ...figures } = expected;
      const page = await productPage(viewer, article());
      const offer = await articleOffer(viewer, article());
      const quote = await quoteLine(viewer, article());
      expect(page).toEqual(expected);
      expect(offer).toEqual(expected);
      expect(await cart(viewer, article())).toEqual(figures);
      const { reducedFromOre: _r, isNetPrice: _n, ...lineFigures } = figures;
      expect(await picklist(viewer, article())).toEqual(lineFigures);
      const { offer: quoteOffer, ...quoteFigures } = quote;
      expect(quoteFigures).toEqual(expected);
      expect(quoteOffer).toEqual(expected);
      expect(lowestOre).toBe(quote.lowestOre);
    });
  }
});
