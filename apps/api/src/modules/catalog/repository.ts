import type { Database } from '@bygg/db/client';
import { asc, count, eq, sql } from '@bygg/db/orm';
import { categories, products } from '@bygg/db/schema/index';
import { LISTED_MASK } from '../products/availability-rules.ts';

export type CategoryRow = typeof categories.$inferSelect;

export class CatalogRepository {
  constructor(private readonly db: Database) {}

  async categories(treeId: string, executor: Database = this.db): Promise<CategoryRow[]> {
    return executor
      .select()
      .from(categories)
      .where(eq(categories.treeId, treeId))
      .orderBy(asc(categories.level), asc(categories.sortOrder), asc(categories.name));
  }

  /**
   * Products per (leaf) category that the organisation lists: at least one article sellable
   * and not hidden, the same rule the product listing applies without a store, so a node's
   * count matches the listing it links to.
   */
  async productCountsByCategory(
    organisation: string,
    executor: Database = this.db,
  ): Promise<Map<number, number>> {
    const rows = await executor
      .select({ categoryId: products.categoryId, total: count() })
      .from(products)
      .where(
        sql`${organisation} = any(${products.organisationIds}) and exists (
          select 1 from articles a where a.product_id = ${products.id}
            and (a.availability & ${sql.raw(String(LISTED_MASK))}) = 1)`,
      )
      .groupBy(products.categoryId);
    return new Map(rows.map((row) => [row.categoryId, row.total]));
  }
}
