import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSort } from '@bygg/contracts/products';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import type { ListingFilter, StoreContext } from './listing-query.ts';
import { ProductsRepository } from './repository.ts';
import { sortKeysCount, sortKeysServe } from './sort-keys.ts';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

// Issue 21: the long tail of listing filters is paged and counted from the precomputed keys
// (which copy the category, brand, assortment flags and best price of each product). Every
// filter the keys serve must give exactly the live query's ids, in its order, and its count.

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

describe('listing from the sort keys', () => {
  it('pages and counts every served filter exactly as the live query, with and without a store', async () => {
    // A store with prices of its own and one with stock rows that hide articles: both have
    // exception rows of their own.
    const priced = await storeWhere(sql`exists (select 1 from prices p where p.store_id = s.id)`);
    const flagged = await storeWhere(sql`exists (select 1 from stock f
      where f.warehouse_id = s.warehouse_id and (f.availability & 9) <> 1)`);
    const [top] = await rows<{ id: number }>(sql`select c.id from categories c
      where c.parent_id is null and exists (select 1 from categories d where d.parent_id = c.id)
      order by c.id limit 1`);
    const categoryIds = (
      await rows<{ id: number }>(sql`with recursive tree as (
          select id from categories where id = ${top?.id}
          union all select c.id from categories c join tree on c.parent_id = tree.id)
        select id from tree`)
    ).map((row) => Number(row.id));
    const [brand] = await rows<{ slug: string }>(sql`select b.slug from products p
      join brands b on b.id = p.brand_id group by b.slug order by count(*) desc, b.slug limit 1`);
    const [supplier] = await rows<{ id: number }>(sql`select supplier_id as id from products
      where supplier_id is not null group by supplier_id order by count(*) desc limit 1`);
    const base = { organisation: 'store-chain' as const, assortment: 'all' as const };
    const filters: Array<Omit<ListingFilter, 'store'>> = [
      base,
      { ...base, categoryIds },
      { ...base, categoryIds, brandSlugs: [brand?.slug ?? 'none'] },
      { ...base, priceMinOre: 10_000, priceMaxOre: 50_000 },
      { ...base, categoryIds, priceMinOre: 5_000 },
      { ...base, assortment: 'web', priceMaxOre: 20_000 },
      { ...base, assortment: 'central' },
      { ...base, supplierIds: [Number(supplier?.id)] },
    ];
    const sorts: ProductSort[] = ['popular', 'price', '-price', 'discounts', 'availability'];
    let compared = 0;
    for (const store of [null, priced, flagged]) {
      for (const partial of filters) {
        const filter: ListingFilter = { ...partial, store };
        const label = JSON.stringify({ ...partial, store: store?.id ?? null });
        expect(sortKeysCount(filter), label).toBe(true);
        const liveCount = await repository.listingCount(filter, t.now, 10_001);
        const keyedCount = await repository.listingCount(filter, t.now, 10_001, undefined, true);
        expect(keyedCount, label).toBe(liveCount);
        for (const sort of sorts) {
          if (!sortKeysServe(filter, sort)) continue;
          for (const page of [
            { limit: 24, offset: 0 },
            { limit: 24, offset: 48 },
          ]) {
            const live = await repository.listingPage(filter, sort, page, t.now);
            const keyed = await repository.listingPage(filter, sort, page, t.now, undefined, true);
            expect(keyed, `${label} ${sort} ${page.offset}`).toEqual(live);
            compared++;
          }
        }
      }
    }
    // Every filter × sort above but availability in a store: enough that a wrong key fails.
    expect(compared).toBe(2 * 8 * (5 + 4 + 4));
  });

  it('leaves stock filters, text in relevance order and availability in a store to the live query', async () => {
    const store = await storeWhere(sql`true`);
    const base = { organisation: 'store-chain' as const, assortment: 'all' as const, store };
    expect(sortKeysServe({ ...base, inStock: true }, 'price')).toBe(false);
    expect(sortKeysCount({ ...base, inStock: true })).toBe(false);
    expect(sortKeysServe(base, 'availability')).toBe(false);
    expect(sortKeysServe({ ...base, store: null }, 'availability')).toBe(true);
    const text = await repository.searchPlan('skruv');
    expect(sortKeysServe({ ...base, text }, 'popular')).toBe(false);
    expect(sortKeysCount({ ...base, text })).toBe(false);
  });
});
