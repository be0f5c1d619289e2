import type { OrganisationId } from '@bygg/contracts/common';
import { type Database, queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import type { ChoiceTreeEntry } from '@bygg/db/schema/catalog';
import type { WindowModel } from '@bygg/domain/window-configurator';

export type ConfiguratorRow = {
  productId: number;
  slug: string;
  title: string;
  description: string;
  brandName: string;
  model: WindowModel;
  tree: ChoiceTreeEntry[];
};

/** The only code that reads configurable products (product_configurators, issue 22). */
export class ConfiguratorRepository {
  constructor(private readonly db: Database) {}

  /** The brand's configurator with its product and choice tree, in one statement. */
  async find(
    organisation: OrganisationId,
    brandSlug: string,
    executor: Database = this.db,
  ): Promise<ConfiguratorRow | null> {
    const [row] = await queryRows<ConfiguratorRow>(
      executor,
      sql`select p.id as "productId", p.slug, p.title, p.description, b.name as "brandName",
          c.model, t.tree
        from product_configurators c
        join products p on p.id = c.product_id
        join brands b on b.id = p.brand_id
        join product_choice_trees t on t.product_id = p.id
        where c.organisation_id = ${organisation} and c.brand_slug = ${brandSlug}
          and ${organisation} = any(p.organisation_ids)`,
    );
    return row ?? null;
  }
}
