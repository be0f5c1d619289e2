import type {
  Campaign,
  CampaignList,
  CategoryNode,
  CategoryTree,
  Supplier,
} from '@bygg/contracts/catalog';
import type { OrganisationId } from '@bygg/contracts/common';
import { TtlCache } from '@bygg/domain/ttl-cache';
import { NotFoundError } from '../../../kernel/errors.ts';
import type { CampaignRow, CatalogRepository, CategoryRow } from './repository.ts';

/** The spec's backend tree id for the assortment ('TREE'). */
export const ASSORTMENT_TREE_ID = 'TREE';
export const CATEGORY_TREE_CACHE_SECONDS = 60;

/** Builds the nested tree; each node's product_count covers its whole subtree. */
export function buildCategoryTree(
  rows: CategoryRow[],
  leafCounts: Map<number, number>,
): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      path: row.path,
      level: row.level,
      url: `/produkter/${row.path}`,
      product_count: 0,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  // Rows come sorted by level, so every parent exists before its children are attached.
  for (const row of rows) {
    const node = nodes.get(row.id) as CategoryNode;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  for (const [categoryId, total] of leafCounts) {
    let id: number | null | undefined = categoryId;
    while (id !== null && id !== undefined) {
      const node = nodes.get(id);
      if (!node) break;
      node.product_count += total;
      id = parentOf.get(id);
    }
  }
  return roots;
}

export class CatalogService {
  private readonly trees: TtlCache<OrganisationId, CategoryTree>;

  constructor(
    private readonly repository: CatalogRepository,
    ttlSeconds = CATEGORY_TREE_CACHE_SECONDS,
    /** The time campaigns are judged at; tests fix it to the seed's instant. */
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.trees = new TtlCache(ttlSeconds * 1000);
  }

  /** The category tree is read on every page; it changes only with a new catalogue import. */
  categoryTree(organisation: OrganisationId): Promise<CategoryTree> {
    return this.trees.get(organisation, async () => {
      const [rows, counts] = await Promise.all([
        this.repository.categories(ASSORTMENT_TREE_ID),
        this.repository.productCountsByCategory(organisation),
      ]);
      return { tree_id: ASSORTMENT_TREE_ID, categories: buildCategoryTree(rows, counts) };
    });
  }

  /** GET campaigns/ — the campaigns running now. */
  async campaigns(organisation: OrganisationId): Promise<CampaignList> {
    const now = this.clock();
    const rows = await this.repository.campaigns(organisation);
    return {
      results: rows.map((row) => toCampaign(row, now)).filter((campaign) => campaign.is_active),
    };
  }

  /** GET campaigns/{slug}/ — one campaign, running or not (its page says when it ran). */
  async campaign(organisation: OrganisationId, slug: string): Promise<Campaign> {
    const row = await this.repository.campaign(organisation, slug);
    if (!row) throw new NotFoundError(`Kampanjen ${slug} finns inte`);
    return toCampaign(row, this.clock());
  }

  /** GET suppliers/{slug}/ — a supplier of the organisation's products. */
  async supplier(organisation: OrganisationId, slug: string): Promise<Supplier> {
    const row = await this.repository.supplier(organisation, slug);
    if (!row) throw new NotFoundError(`Leverantören ${slug} finns inte`);
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      org_number: row.orgNumber,
      city: row.city,
      email: row.email,
      phone: row.phone,
      description: row.description,
      url: `/leverantorer/${row.slug}`,
    };
  }
}

function toCampaign(row: CampaignRow, now: Date): Campaign {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    is_active: row.startsAt <= now && now < row.endsAt,
    url: `/kampanjer/${row.slug}`,
  };
}
