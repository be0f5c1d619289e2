import type { Database } from '@bygg/db/client';
import { and, asc, count, eq, sql } from '@bygg/db/orm';
import { campaigns, categories, products, suppliers } from '@bygg/db/schema/index';
import { LISTED_MASK } from '@bygg/domain/availability-rules';

export type CategoryRow = typeof categories.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;

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

  async campaigns(organisation: string, executor: Database = this.db): Promise<CampaignRow[]> {
    return executor
      .select()
      .from(campaigns)
      .where(eq(campaigns.organisationId, organisation))
      .orderBy(asc(campaigns.endsAt), asc(campaigns.title));
  }

  async campaign(
    organisation: string,
    slug: string,
    executor: Database = this.db,
  ): Promise<CampaignRow | null> {
    const [row] = await executor
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.organisationId, organisation), eq(campaigns.slug, slug)));
    return row ?? null;
  }

  /** Suppliers are shared by the organisations; one is shown when it supplies a product of the organisation. */
  async supplier(
    organisation: string,
    slug: string,
    executor: Database = this.db,
  ): Promise<SupplierRow | null> {
    const [row] = await executor
      .select()
      .from(suppliers)
      .where(
        and(
          eq(suppliers.slug, slug),
          sql`exists (select 1 from products p where p.supplier_id = ${suppliers.id}
            and ${organisation} = any(p.organisation_ids))`,
        ),
      );
    return row ?? null;
  }
}
