import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { countingDatabase } from '@bygg/db/testing';
import { sql } from '@bygg/db/orm';
import { ProductListQuerySchema } from '@bygg/contracts/products';
import { PricingService } from '../../pricing/index.ts';
import { ProductsRepository } from './repository.ts';
import { ANONYMOUS, ProductsService } from './service.ts';
import { buildProductsTestApp, type ProductsTestApp } from '../../../../test/products.ts';

// Issue 3: a product page render asks for the product, its stock per store and its related
// products; each reply costs a fixed, small number of statements (every statement is a round
// trip to the database, which is most of an uncached render's server time).

let t: ProductsTestApp;

beforeAll(async () => {
  t = await buildProductsTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function listedProductInStore1(): Promise<{ id: number; slug: string; articleId: number }> {
  const [row] = await queryRows<{ id: number; slug: string; articleId: number }>(
    t.database.database.db,
    sql`select p.id, p.slug, a.id as "articleId" from products p
      join articles a on a.product_id = p.id
      join stock s on s.article_id = a.id
      join stores st on st.id = 1 and st.warehouse_id = s.warehouse_id
      where a.availability & 25 = 1 and s.availability & 57 = 1
        and 'store-chain' = any(p.organisation_ids)
      order by p.popularity desc nulls last, p.id limit 1`,
  );
  if (!row) throw new Error('The small seed has no listed product in store 1');
  return { id: Number(row.id), slug: row.slug, articleId: Number(row.articleId) };
}

describe('statements per catalogue reply (issue 3)', () => {
  it('answers the product page, its stores with stock and a listing page in few statements', async () => {
    const db = countingDatabase(t.database.database.db);
    const service = new ProductsService(
      new ProductsRepository(db.db),
      new PricingService(db.db),
      () => t.now,
    );
    const product = await listedProductInStore1();
    // Warm the per-process lookups (store, category tree, counts) as a running shop has them.
    await service.detail('store-chain', { slug: product.slug }, 1, ANONYMOUS);
    const query = ProductListQuerySchema.parse({ store_id: '1' });
    await service.list('store-chain', query, ANONYMOUS);
    db.take();

    const detail = await service.detail('store-chain', { slug: product.slug }, 1, ANONYMOUS);
    expect(detail.id).toBe(product.id);
    // The product row, its pictures, its articles with their stock, their prices.
    expect(db.take()).toBe(4);

    const stocked = await service.stockedWarehouses(
      'store-chain',
      { id: product.id },
      product.articleId,
    );
    expect(stocked.article_id).toBe(product.articleId);
    // The articles' availability and the article's stock across the warehouses.
    expect(db.take()).toBe(2);

    const page = await service.list('store-chain', query, ANONYMOUS);
    expect(page.results.length).toBeGreaterThan(0);
    // The sort keys' state (read on every listing, ADR 053), the page's ids, the products with
    // their covers, the articles with stock, the prices.
    expect(db.take()).toBeLessThanOrEqual(5);
  });

  it('prices a trade viewer’s product page with its net prices in the same statements', async () => {
    const [net] = await queryRows<{ slug: string; companyId: number }>(
      t.database.database.db,
      sql`select p.slug, n.company_id as "companyId" from net_prices n
        join articles a on a.id = n.article_id join products p on p.id = a.product_id
        join prices pr on pr.article_id = a.id and pr.store_id is null
          and pr.organisation_id = 'store-chain' and pr.reduced_from_ore is null
        where a.availability & 25 = 1 and n.price_ore < pr.price_ore
          and 'store-chain' = any(p.organisation_ids)
        order by n.article_id limit 1`,
    );
    if (!net) throw new Error('The small seed has no net price below a list price');
    const db = countingDatabase(t.database.database.db);
    const service = new ProductsService(
      new ProductsRepository(db.db),
      new PricingService(db.db),
      () => t.now,
    );
    const viewer = { companyId: Number(net.companyId) };
    await service.detail('store-chain', { slug: net.slug }, 1, viewer);
    db.take();
    const detail = await service.detail('store-chain', { slug: net.slug }, 1, viewer);
    expect(detail.articles.some((a) => a.offer?.is_net_price)).toBe(true);
    // As for anyone: the product, its pictures, its articles with stock, their prices.
    expect(db.take()).toBe(4);
  });
});
