import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@bygg/db/orm';
import { queryRows } from '@bygg/db/client';
import { createTestDatabase, SMALL_SEED, type TestDatabase } from '@bygg/db/testing';
import { PricingService, type PriceArticlesInput } from './service.ts';
import { shelfDiscountSql, shelfPriceSql } from './sort-sql.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-11-22T12:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY).toISOString();

describe('priceArticles on hand-made history', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    const db = test.database.db;
    await db.execute(
      sql`insert into organisations values ('store-chain', 'Kedjan', 'Kedjan', 'Kedjan webb', 'kedjan.example')`,
    );
    await db.execute(sql`insert into regions values (4, 'Stockholm')`);
    await db.execute(
      sql`insert into warehouses (id, organisation_id, code, name) values (1, 'store-chain', '1001', 'Lager')`,
    );
    await db.execute(sql`insert into stores (id, organisation_id, external_id, slug, name, warehouse_id, address, zip_code, city, county, region_id, lat, lon)
      values (1, 'store-chain', '1001', 'stockholm', 'Kedjan Stockholm', 1, 'Gatan 1', '11250', 'Stockholm', 'Stockholms län', 4, 59.3, 18.0)`);
    await db.execute(
      sql`insert into categories (id, level, slug, path, name, sort_order) values (1, 3, 'reglar', 'travaror/reglar', 'Reglar', 0)`,
    );
    await db.execute(sql`insert into products (id, slug, title, description, category_id, unit, organisation_ids, search_text)
      values (1, 'regel', 'Regel', 'Regel.', 1, 'st', '{store-chain}', 'regel')`);
    await db.execute(sql`insert into articles (id, product_id, title, erp_article_numbers, source_code, availability, stock_type)
      select id, 1, 'Regel', '{1}', 'D', 7, 1 from unnest(array[1000001, 1000002, 1000003, 1000004, 1000005]) as id`);
    const history: Array<[number, number | null, number, string, string | null]> = [
      // 1: campaign since 2 days (150), list 200, but 180 applied 25–18 days before the campaign.
      [1000001, null, 200, daysAgo(120), daysAgo(27)],
      [1000001, null, 180, daysAgo(27), daysAgo(20)],
      [1000001, null, 200, daysAgo(20), daysAgo(2)],
      [1000001, null, 150, daysAgo(2), null],
      // 2: raised from 90 to 100 ten days ago.
      [1000002, null, 90, daysAgo(120), daysAgo(10)],
      [1000002, null, 100, daysAgo(10), null],
      // 3: raised from 90 to 100 forty days ago, so 90 is outside the window.
      [1000003, null, 90, daysAgo(120), daysAgo(40)],
      [1000003, null, 100, daysAgo(40), null],
      // 4: campaign that ended yesterday.
      [1000004, null, 300, daysAgo(120), daysAgo(20)],
      [1000004, null, 250, daysAgo(20), null],
      // 5: chain price 500, store 1 sells it for 450 since 5 days.
      [1000005, null, 500, daysAgo(120), null],
      [1000005, 1, 500, daysAgo(120), daysAgo(5)],
      [1000005, 1, 450, daysAgo(5), null],
    ];
    for (const [articleId, storeId, price, from, to] of history) {
      await db.execute(sql`insert into price_history (organisation_id, article_id, store_id, price_ore, valid_from, valid_to)
        values ('store-chain', ${articleId}, ${storeId}, ${price}, ${from}::timestamptz, ${to}::timestamptz)`);
    }
    await db.execute(sql`insert into prices (organisation_id, article_id, store_id, price_ore, reduced_from_ore, is_limited_time, valid_from, end_date) values
      ('store-chain', 1000001, null, 150, 200, true, ${daysAgo(2)}::timestamptz, ${daysAgo(-5)}::timestamptz),
      ('store-chain', 1000002, null, 100, null, false, ${daysAgo(10)}::timestamptz, null),
      ('store-chain', 1000003, null, 100, null, false, ${daysAgo(40)}::timestamptz, null),
      ('store-chain', 1000004, null, 250, 300, false, ${daysAgo(20)}::timestamptz, ${daysAgo(1)}::timestamptz),
      ('store-chain', 1000005, null, 500, null, false, ${daysAgo(120)}::timestamptz, null),
      ('store-chain', 1000005, 1, 450, null, false, ${daysAgo(5)}::timestamptz, null)`);
  });
  afterAll(async () => {
    await test.drop();
  });

  const all = [1000001, 1000002, 1000003, 1000004, 1000005];
  const price = (over: Partial<PriceArticlesInput> = {}) =>
    new PricingService(test.database.db).priceArticles({
      organisation: 'store-chain',
      storeId: null,
      articleIds: all,
      at: NOW,
      ...over,
    });

  it('gives a campaign article the lowest price of the 30 days before the campaign started', async () => {
    expect((await price()).get(1000001)?.lowestOre).toBe(180);
  });

  it('includes the current price and earlier prices of the last 30 days for an ordinary price', async () => {
    const prices = await price();
    expect(prices.get(1000002)?.lowestOre).toBe(90);
    expect(prices.get(1000003)?.lowestOre).toBe(100);
  });

  it('treats an ended campaign as over: the price is reduced_from again and its campaign price counts as recent', async () => {
    const prices = await price();
    expect(prices.get(1000004)).toMatchObject({
      priceOre: 300,
      reducedFromOre: null,
      endDate: null,
      lowestOre: 250,
    });
    expect(prices.get(1000001)).toMatchObject({
      priceOre: 150,
      reducedFromOre: 200,
      isLimitedTime: true,
    });
  });

  it("uses a store's own price and history when the store overrides the list price", async () => {
    const chain = await price({ articleIds: [1000005] });
    const store = await price({ articleIds: [1000005], storeId: 1 });
    expect(chain.get(1000005)).toMatchObject({
      priceOre: 500,
      isStorePrice: false,
      lowestOre: 500,
    });
    expect(store.get(1000005)).toMatchObject({ priceOre: 450, isStorePrice: true, lowestOre: 450 });
  });

  it('replaces a higher price with the company’s net price, only for that company', async () => {
    const db = test.database.db;
    await db.execute(sql`insert into trade_companies (id, organisation_id, name, org_number, customer_number, city)
      values (1, 'store-chain', 'Bygg AB', '556000-0001', 'K1', 'Stockholm')`);
    await db.execute(sql`insert into net_prices (company_id, article_id, price_ore) values
      (1, 1000002, 80), (1, 1000001, 160)`);
    const company = await price({ companyId: 1 });
    expect(company.get(1000002)).toMatchObject({ priceOre: 80, isNetPrice: true, lowestOre: 90 });
    // The campaign price is already lower than the net price: it stays, as a reduction.
    expect(company.get(1000001)).toMatchObject({
      priceOre: 150,
      isNetPrice: false,
      reducedFromOre: 200,
    });
    expect((await price()).get(1000002)).toMatchObject({ priceOre: 100, isNetPrice: false });
    expect((await price({ companyId: 2 })).get(1000002)?.isNetPrice).toBe(false);
  });

  it('leaves out the lowest price when asked to, and articles without a price', async () => {
    const prices = await price({ articleIds: [...all, 999], withoutLowest: true });
    expect(prices.get(1000002)).toMatchObject({ priceOre: 100, lowestOre: null });
    expect(prices.has(999)).toBe(false);
  });

  it('answers an empty request without querying', async () => {
    expect((await price({ articleIds: [] })).size).toBe(0);
  });
});

describe('lowest 30-day price on the seeded catalogue', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase({ seedSmall: true });
  });
  afterAll(async () => {
    await test.drop();
  });

  it('is computed from the history, never above the reference price, and differs from reduced_from for some campaigns', async () => {
    const now = SMALL_SEED.now ?? NOW;
    const articles = await queryRows<{ id: number }>(
      test.database.db,
      sql`select id from articles order by id`,
    );
    const ids = articles.map((a) => a.id);
    const prices = await new PricingService(test.database.db).priceArticles({
      organisation: 'store-chain',
      storeId: null,
      articleIds: ids,
      at: now,
    });
    const history = await queryRows<{
      article_id: number;
      price_ore: number;
      valid_from: Date;
      valid_to: Date | null;
    }>(
      test.database.db,
      sql`select article_id, price_ore, valid_from, valid_to from price_history where organisation_id = 'store-chain' and store_id is null`,
    );
    let campaignsBelowReducedFrom = 0;
    for (const id of ids) {
      const price = prices.get(id);
      const low = price?.lowestOre ?? undefined;
      expect(price, `price of ${id}`).toBeDefined();
      expect(low, `lowest of ${id}`).toBeDefined();
      if (!price || low === undefined) continue;
      const ref = price.shelf.onCampaign ? price.shelf.validFrom.getTime() : now.getTime();
      const expected = Math.min(
        ...history
          .filter((h) => h.article_id === id)
          .filter(
            (h) =>
              new Date(h.valid_from).getTime() < ref &&
              (h.valid_to === null || new Date(h.valid_to).getTime() > ref - 30 * DAY),
          )
          .map((h) => h.price_ore),
      );
      expect(low).toBe(expected);
      if (price.reducedFromOre === null) {
        expect(low).toBeLessThanOrEqual(price.priceOre);
      } else {
        expect(low).toBeLessThanOrEqual(price.reducedFromOre);
        if (low < price.reducedFromOre) campaignsBelowReducedFrom++;
      }
    }
    expect(campaignsBelowReducedFrom).toBeGreaterThan(0);
  });

  it('sorts and filters on the same shelf price and discount as the domain gives', async () => {
    const now = SMALL_SEED.now ?? NOW;
    const at = sql`${now.toISOString()}::timestamptz`;
    for (const storeId of [null, 1]) {
      const rows = await queryRows<{ id: number; price: number | null; discount: number | null }>(
        test.database.db,
        sql`select a.id, ${shelfPriceSql({ list: 'pc', store: storeId === null ? null : 'ps' }, at)} as price,
            ${shelfDiscountSql({ list: 'pc', store: storeId === null ? null : 'ps' }, at)} as discount
          from articles a
          left join prices pc on pc.organisation_id = 'store-chain' and pc.store_id is null
            and pc.article_id = a.id and pc.valid_from <= ${at}
          left join prices ps on ps.store_id = ${storeId ?? 0} and ps.article_id = a.id
            and ps.valid_from <= ${at}
          order by a.id`,
      );
      const prices = await new PricingService(test.database.db).priceArticles({
        organisation: 'store-chain',
        storeId,
        articleIds: rows.map((r) => Number(r.id)),
        at: now,
        withoutLowest: true,
      });
      let discounted = 0;
      for (const row of rows) {
        const shelf = prices.get(Number(row.id))?.shelf;
        expect(row.price === null ? null : Number(row.price), `price of ${row.id}`).toBe(
          shelf?.priceOre ?? null,
        );
        const discount =
          shelf?.reducedFromOre != null
            ? (shelf.reducedFromOre - shelf.priceOre) / shelf.reducedFromOre
            : null;
        if (discount === null) {
          expect(row.discount, `discount of ${row.id}`).toBeNull();
        } else {
          expect(Number(row.discount), `discount of ${row.id}`).toBeCloseTo(discount, 9);
          discounted++;
        }
      }
      expect(discounted).toBeGreaterThan(0);
    }
  });
});
