import { AVAILABILITY, STOCK_TYPE } from '@bygg/domain/availability';
import type { ArticleModel, ProductModel } from './products.ts';
import { unit } from './random.ts';
import type { WarehouseSeed } from './stores.ts';

export const STOCK_COLUMNS = [
  'article_id',
  'warehouse_id',
  'quantity_on_hand',
  'availability',
  'stock_type',
  'updated_at',
];

const SIZE_FACTOR = { large: 1.5, medium: 1, small: 0.6, central: 4 } as const;

/**
 * Stock rows in primary-key order (article, warehouse), so the index is built by appending.
 * A warehouse carries a product (all its articles) with the warehouse's share; quantities
 * cover every status (0 → out, 1–9 → low, ≥ 10 → high, null → unknown) and the flags vary
 * per warehouse (hidden, hidden price, hidden stock) on top of the article's own.
 */
export function* stockRows(
  products: readonly ProductModel[],
  warehouses: readonly WarehouseSeed[],
  now: Date,
): Generator<unknown[]> {
  const pairs: Array<[ArticleModel, ProductModel]> = [];
  for (const p of products) for (const a of p.articles) pairs.push([a, p]);
  pairs.sort((x, y) => x[0].id - y[0].id);
  const sortedWarehouses = [...warehouses].sort((a, b) => a.id - b.id);
  const stamps = Array.from({ length: 720 }, (_, k) =>
    new Date(now.getTime() - (k + 5) * 60_000).toISOString(),
  );
  for (const [article, product] of pairs) {
    const unstocked = (article.stockType & STOCK_TYPE.UNSTOCKED) !== 0;
    for (const w of sortedWarehouses) {
      if (!product.organisationIds.includes(w.organisationId)) continue;
      if (w.isCentral && !product.isCentralAssortment) continue;
      if (unit(product.id, w.id, 80) >= w.carries) continue;
      const h = unit(article.id, w.id, 81);
      const h2 = unit(article.id, w.id, 82);
      const h3 = unit(article.id, w.id, 83);
      let quantity: number | null;
      if (unstocked) quantity = h < 0.5 ? null : 0;
      else if (h < 0.06) quantity = 0;
      else if (h < 0.16) quantity = 1 + Math.floor(h2 * 9);
      else if (h < 0.19) quantity = null;
      else quantity = 10 + Math.floor(h2 * h2 * 400 * SIZE_FACTOR[w.size]);
      let availability = article.availability;
      if (w.isCentral) availability &= ~AVAILABILITY.BOOKABLE;
      if (h3 < 0.01) availability |= AVAILABILITY.HIDDEN_STOCK;
      else if (h3 < 0.012) availability |= AVAILABILITY.HIDDEN;
      else if (h3 < 0.015) availability |= AVAILABILITY.HIDDEN_PRICE;
      const stockType =
        quantity === 0 && article.stockType === STOCK_TYPE.STOCKED && h3 > 0.7
          ? STOCK_TYPE.STOCKED | STOCK_TYPE.TEMP_OUT_OF_STOCK
          : article.stockType;
      yield [article.id, w.id, quantity, availability, stockType, stamps[Math.floor(h2 * 720)]];
    }
  }
}
