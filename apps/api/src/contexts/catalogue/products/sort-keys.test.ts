import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSort } from '@bygg/contracts/products';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import type { ListingFilter, StoreContext } from './listing-query.ts';
import { ProductsRepository } from './repository.ts';
import { keysCurrent, sortKeysCount, sortKeysServe } from './sort-keys.ts';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

// Issue 21: the long tail of listing filters is paged and counted from the precomputed keys
// (which copy the category, brand, assortment flags and best price of each product). Every
// filter the keys serve must give exactly the live query's ids, in its order, and its count,
// also after a write through any path (ADR 053: triggers mark or recompute in the writer's
// transaction).

let t: ProductsTestApp;
let repository: ProductsRepository;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(t.database.database.db, query);
}

async function storeWhere(condition: ReturnType<typeof sql>): Promise<StoreContext> {
  const [row] = await rows<{ id: number }>(sql`select s.id from stores s
    where s.organisation_id = 'store-chain' and not s.is_central and ${condition}
    order by s.id limit 1`);
  const store = row ? await repository.storeContext(Number(row.id)) : null;
  if (!store) throw new Error('The small seed has no such store');
  return store;
}

beforeAll(async () => {
  t = await buildProductsTestApp();
  repository = new ProductsRepository(t.database.database.db);
  await repository.refreshSortKeys('store-chain', t.now);
});

afterAll(async () => {
  await t?.close();
});

const SORTS: ProductSort[] = ['popular', 'price', '-price', 'discounts', 'availability'];

/**
 * Compares keys and live query for every filter × store × sort the keys serve (ids in order
 * on each page, and the count); returns how many pages were compared.
 */
async function compare(
  stores: Array<StoreContext | null>,
  filters: Array<Omit<ListingFilter, 'store'>>,
  pages: Array<{ limit: number; offset: number }>,
  sorts: ProductSort[] = SORTS,
): Promise<number> {
  let compared = 0;
  for (const store of stores) {
    for (const partial of filters) {
      if (partial.inStock && !store) continue;
      const filter: ListingFilter = { ...partial, store };
      const label = JSON.stringify({ ...partial, store: store?.id ?? null });
      expect(sortKeysCount(filter), label).toBe(true);
      const liveCount = await repository.listingCount(filter, t.now, 10_001);
      const keyedCount = await repository.listingCount(filter, t.now, 10_001, undefined, true);
      expect(keyedCount, label).toBe(liveCount);
      for (const sort of sorts) {
        if (!sortKeysServe(filter, sort)) continue;
        for (const page of pages) {
          const live = await repository.listingPage(filter, sort, page, t.now);
          const keyed = await repository.listingPage(filter, sort, page, t.now, undefined, true);
          expect(keyed, `${label} ${sort} ${page.offset}`).toEqual(live);
          compared++;
        }
      }
    }
  }
  return compared;
}

/** The listing's own rule: refresh the marked products' keys, as sortKeysFresh does. */
async function keysFollow(): Promise<void> {
  if (!keysCurrent(await repository.sortKeyState('store-chain'), t.now)) {
    await repository.refreshSortKeys('store-chain', t.now, []);
  }
  expect(keysCurrent(await repository.sortKeyState('store-chain'), t.now)).toBe(true);
}

describe('listing from the sort keys', () => {
  let priced: StoreContext;
  let flagged: StoreContext;
  let categoryIds: number[];
  const base = { organisation: 'store-chain' as const, assortment: 'all' as const };

  beforeAll(async () => {
    // A store with prices of its own and one with stock rows that hide articles: both have
    // exception rows of their own.
    priced = await storeWhere(sql`exists (select 1 from prices p where p.store_id = s.id)`);
    flagged = await storeWhere(sql`exists (select 1 from stock f
      where f.warehouse_id = s.warehouse_id and (f.availability & 9) <> 1)`);
    const [top] = await rows<{ id: number }>(sql`select c.id from categories c
      where c.parent_id is null and exists (select 1 from categories d where d.parent_id = c.id)
      order by c.id limit 1`);
    categoryIds = (
      await rows<{ id: number }>(sql`with recursive tree as (
          select id from categories where id = ${top?.id}
          union all select c.id from categories c join tree on c.parent_id = tree.id)
        select id from tree`)
    ).map((row) => Number(row.id));
  });

  it('pages and counts every served filter exactly as the live query, with and without a store', async () => {
    const [brand] = await rows<{ slug: string }>(sql`select b.slug from products p
      join brands b on b.id = p.brand_id group by b.slug order by count(*) desc, b.slug limit 1`);
    const [supplier] = await rows<{ id: number }>(sql`select supplier_id as id from products
      where supplier_id is not null group by supplier_id order by count(*) desc limit 1`);
    const filters: Array<Omit<ListingFilter, 'store'>> = [
      base,
      { ...base, categoryIds },
      { ...base, categoryIds, brandSlugs: [brand?.slug ?? 'none'] },
      { ...base, priceMinOre: 10_000, priceMaxOre: 50_000 },
      { ...base, categoryIds, priceMinOre: 5_000 },
      { ...base, assortment: 'web', priceMaxOre: 20_000 },
      { ...base, assortment: 'central' },
      { ...base, supplierIds: [Number(supplier?.id)] },
      // In a store only: each product's stock rank there (product_stock_keys).
      { ...base, inStock: true },
      { ...base, categoryIds, inStock: true, priceMinOre: 5_000 },
    ];
    const compared = await compare([null, priced, flagged], filters, [
      { limit: 24, offset: 0 },
      { limit: 24, offset: 48 },
    ]);
    // Every filter × sort above (in a store: availability rank by rank without a price range,
    // in stock not by availability): enough that a wrong key fails.
    expect(compared).toBe(2 * (8 * 5 + 2 * (5 * 5 + 3 * 4 + 2 * 4)));
  });

  it('goes rank by rank through deep availability pages in a store as the live query', async () => {
    const [ranks] = await rows<{ high: number }>(sql`select count(*)::int as high
      from product_stock_keys where warehouse_id = ${priced.warehouseId} and rank = 3`);
    const high = Number(ranks?.high ?? 0);
    expect(high).toBeGreaterThan(30);
    // Pages across the end of rank 3, inside rank 2 and beyond: each counts the ranks before.
    const pages = [high - 10, high + 5, high + 60].map((offset) => ({ limit: 24, offset }));
    const compared = await compare([priced, flagged], [base, { ...base, categoryIds }], pages, [
      'availability',
    ]);
    expect(compared).toBe(2 * 2 * 3);
  });

  it('leaves text in relevance order, stock filters without a store and availability with a price range to the live query', async () => {
    const store = await storeWhere(sql`true`);
    const inStore = { ...base, store };
    expect(sortKeysServe({ ...inStore, store: null, inStock: true }, 'price')).toBe(false);
    expect(sortKeysCount({ ...inStore, store: null, inStock: true })).toBe(false);
    expect(sortKeysServe({ ...inStore, inStock: true }, 'availability')).toBe(false);
    expect(sortKeysServe({ ...inStore, priceMinOre: 100 }, 'availability')).toBe(false);
    expect(sortKeysServe(inStore, 'availability')).toBe(true);
    expect(sortKeysServe({ ...inStore, store: null }, 'availability')).toBe(true);
    const text = await repository.searchPlan('skruv');
    expect(sortKeysServe({ ...inStore, text }, 'popular')).toBe(false);
    expect(sortKeysCount({ ...inStore, text })).toBe(false);
  });

  it('follows a write through every path: products, articles, prices, stock flags and quantities', async () => {
    const db = t.database.database.db;
    const stores = [null, priced, flagged];
    const filters = [base, { ...base, categoryIds }, { ...base, categoryIds, inStock: true }];
    const pages = [{ limit: 24, offset: 0 }];
    await keysFollow();
    // The most popular products of the category in the priced store, listed there: a write
    // to any of them moves the first pages.
    const top = (
      await repository.listingPage(
        { ...base, store: priced, categoryIds },
        'popular',
        { limit: 6, offset: 0 },
        t.now,
      )
    ).map(Number);
    expect(top).toHaveLength(6);
    const [other] = await rows<{ id: number }>(sql`select id from categories
      where id <> all(${`{${categoryIds.join(',')}}`}::int[]) order by id limit 1`);
    const article = async (productId: number) => {
      const [row] = await rows<{ id: number }>(sql`select id from articles
        where product_id = ${productId} and (availability & 41) = 1 order by id limit 1`);
      return Number(row?.id);
    };
    const writes: Array<[string, () => Promise<unknown>]> = [
      // An import moving a product out of the category, another's popularity and assortment.
      [
        'product category',
        () => db.execute(sql`update products set category_id = ${other?.id} where id = ${top[0]}`),
      ],
      [
        'product popularity',
        () =>
          db.execute(
            sql`update products set popularity = popularity + 100000 where id = ${top[5]}`,
          ),
      ],
      [
        'product assortment',
        () =>
          db.execute(
            sql`update products set is_web_assortment = not is_web_assortment where id = ${top[1]}`,
          ),
      ],
      // An article hidden (every article of the product) and a price changed or added.
      [
        'article hidden',
        () =>
          db.execute(
            sql`update articles set availability = availability | 8 where product_id = ${top[2]}`,
          ),
      ],
      [
        'chain price',
        async () =>
          db.execute(
            sql`update prices set price_ore = 1 where store_id is null and article_id = ${await article(top[3] ?? 0)}`,
          ),
      ],
      [
        'store price',
        async () => {
          const id = await article(top[4] ?? 0);
          await db.execute(
            sql`delete from prices where store_id = ${priced.id} and article_id = ${id}`,
          );
          await db.execute(sql`insert into prices (organisation_id, store_id, article_id, price_ore, valid_from)
            select organisation_id, ${priced.id}, article_id, 2, valid_from from prices
            where store_id is null and article_id = ${id} and organisation_id = 'store-chain'`);
        },
      ],
      [
        'price deleted',
        async () =>
          db.execute(
            sql`delete from prices where store_id = ${priced.id} and article_id = ${await article(top[4] ?? 0)}`,
          ),
      ],
      // A stock row that hides an article in the store's warehouse, and one that stops.
      [
        'stock flag',
        async () =>
          db.execute(sql`update stock set availability = availability | 8
        where warehouse_id = ${priced.warehouseId} and article_id = ${await article(top[5] ?? 0)}`),
      ],
      // Checkout's decrement (commerce/checkout/repository.ts) and a restock: quantities.
      [
        'stock sold out',
        () =>
          db.execute(sql`update stock set quantity_on_hand = 0
        where warehouse_id = ${priced.warehouseId} and article_id in (select a.id from articles a where a.product_id = any(${`{${top.join(',')}}`}::int[]))`),
      ],
      [
        'stock low',
        () =>
          db.execute(sql`update stock set quantity_on_hand = quantity_on_hand + 3
        where warehouse_id = ${priced.warehouseId} and article_id in (select a.id from articles a where a.product_id = ${top[3]})`),
      ],
      [
        'stock deleted',
        () =>
          db.execute(sql`delete from stock
        where warehouse_id = ${priced.warehouseId} and article_id in (select a.id from articles a where a.product_id = ${top[1]})`),
      ],
      [
        'stock inserted',
        () =>
          db.execute(sql`insert into stock (article_id, warehouse_id, quantity_on_hand, availability, stock_type, updated_at)
        select a.id, ${priced.warehouseId}, 50, 1, 1, now() from articles a where a.product_id = ${top[1]}`),
      ],
    ];
    for (const [label, write] of writes) {
      await write();
      await keysFollow();
      expect(
        await compare(stores, filters, pages, ['popular', 'price', 'availability']),
        label,
      ).toBeGreaterThan(0);
    }
  });
});
