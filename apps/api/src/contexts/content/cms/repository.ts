import type { Database } from '@bygg/db/client';
import { and, asc, eq, inArray, sql, type SQL } from '@bygg/db/orm';
import { cmsNodes } from '@bygg/db/schema/index';

export type CmsNodeRow = typeof cmsNodes.$inferSelect;

export type CmsNodeFilter = {
  organisation: string;
  /** Compared without leading and trailing slashes, so '/kundservice/' finds 'kundservice'. */
  path?: string | undefined;
  namespace?: string | undefined;
  type?: string | undefined;
};

/** A CMS answer is a handful of nodes; this bounds an unfiltered request. */
export const MAX_CMS_NODES = 1000;

const trimmedPath = sql`trim(both '/' from ${cmsNodes.path})`;

function conditions(filter: CmsNodeFilter): SQL[] {
  const where: SQL[] = [
    eq(cmsNodes.organisationId, filter.organisation),
    eq(cmsNodes.published, true),
  ];
  if (filter.path !== undefined) {
    where.push(sql`${trimmedPath} = ${filter.path.replace(/^\/+|\/+$/g, '')}`);
  }
  if (filter.namespace !== undefined) where.push(eq(cmsNodes.namespace, filter.namespace));
  if (filter.type !== undefined) where.push(eq(cmsNodes.type, filter.type));
  return where;
}

export class CmsRepository {
  constructor(private readonly db: Database) {}

  async find(filter: CmsNodeFilter, executor: Database = this.db): Promise<CmsNodeRow[]> {
    return executor
      .select()
      .from(cmsNodes)
      .where(and(...conditions(filter)))
      .orderBy(asc(cmsNodes.position), asc(cmsNodes.id))
      .limit(MAX_CMS_NODES);
  }

  /** Published direct children of the given nodes, in one query. */
  async children(
    organisation: string,
    parentIds: number[],
    executor: Database = this.db,
  ): Promise<CmsNodeRow[]> {
    if (parentIds.length === 0) return [];
    return executor
      .select()
      .from(cmsNodes)
      .where(
        and(
          eq(cmsNodes.organisationId, organisation),
          eq(cmsNodes.published, true),
          inArray(cmsNodes.parentId, parentIds),
        ),
      )
      .orderBy(asc(cmsNodes.position), asc(cmsNodes.id));
  }
}
