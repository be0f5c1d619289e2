import type { Database } from '@bygg/db/client';
import { asc, count, eq, sql } from '@bygg/db/orm';
import { categories, products } from '@bygg/db/schema/index';

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

  /** Products per (leaf) category that the organisation sells. */
  async productCountsByCategory(
    organisation: string,
    executor: Database = this.db,
  ): Promise<Map<number, number>> {
    const rows = await executor
      .select({ categoryId: products.categoryId, total: count() })
      .from(products)
      .where(sql`${organisation} = any(${products.organisationIds})`)
      .groupBy(products.categoryId);
    return new Map(rows.map((row) => [row.categoryId, row.total]));
  }
}
