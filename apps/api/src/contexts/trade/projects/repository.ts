import { queryRows, type Database } from '@bygg/db/client';
import { and, asc, desc, eq, inArray, sql, type SQL } from '@bygg/db/orm';
import {
  endCustomers,
  stores,
  tradeCompanies,
  tradeInvoices,
  tradeProjectFiles,
  tradeProjects,
  tradeProjectUsers,
  tradeUsers,
  type ProjectFileKind,
  type ProjectStatus,
} from '@bygg/db/schema/index';
import type { ProjectListQuery } from '@bygg/contracts/trade/projects';
import type { StoredFile } from '../../../lib/uploads/store.ts';

/** Who looks: administrators see every project of the company in the store, others theirs. */
export type ProjectViewer = {
  userId: number;
  companyId: number;
  storeId: number;
  isAdmin: boolean;
};

export type ProjectFields = {
  name: string;
  description: string;
  /** The customer of the register (issue 19), or null. */
  endCustomerId: number | null;
  endCustomerName: string;
  endCustomerRef: string;
  street: string;
  postcode: string;
  city: string;
  status: ProjectStatus;
};

export type ProjectRow = ProjectFields & {
  id: number;
  organisationId: string;
  companyId: number;
  number: string;
  storeExternalId: string;
  storeName: string;
  createdByUserId: number | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  imageCount: number;
  documentCount: number;
  thumbnailFileId: number | null;
};

export type ProjectFileRow = {
  id: number;
  projectId: number;
  kind: ProjectFileKind;
  storageKey: string;
  sanitisedName: string;
  mimeType: string;
  sizeBytes: number;
  thumbnailKey: string | null;
  width: number | null;
  height: number | null;
  uploadedByUserId: number | null;
  uploadedBy: string | null;
  createdAt: Date;
};

/** The first project number of a company is P-1001. */
const FIRST_NUMBER = 1001;

const countOf = (kind: ProjectFileKind) =>
  sql<number>`(select count(*)::int from ${tradeProjectFiles} f where f.project_id = ${tradeProjects.id} and f.kind = ${kind})`;

const columns = {
  id: tradeProjects.id,
  organisationId: tradeProjects.organisationId,
  companyId: tradeProjects.companyId,
  number: tradeProjects.number,
  name: tradeProjects.name,
  description: tradeProjects.description,
  endCustomerId: tradeProjects.endCustomerId,
  endCustomerName: tradeProjects.endCustomerName,
  endCustomerRef: tradeProjects.endCustomerRef,
  street: tradeProjects.street,
  postcode: tradeProjects.postcode,
  city: tradeProjects.city,
  status: tradeProjects.status,
  storeExternalId: stores.externalId,
  storeName: stores.name,
  createdByUserId: tradeProjects.createdByUserId,
  createdByName: tradeUsers.name,
  createdAt: tradeProjects.createdAt,
  updatedAt: tradeProjects.updatedAt,
  imageCount: countOf('image'),
  documentCount: countOf('document'),
  // The newest image with a thumbnail: the project's picture in the list.
  thumbnailFileId: sql<
    number | null
  >`(select f.id from ${tradeProjectFiles} f where f.project_id = ${tradeProjects.id} and f.kind = 'image' and f.thumbnail_key is not null order by f.created_at desc, f.id desc limit 1)`,
};

const fileColumns = {
  id: tradeProjectFiles.id,
  projectId: tradeProjectFiles.projectId,
  kind: tradeProjectFiles.kind,
  storageKey: tradeProjectFiles.storageKey,
  sanitisedName: tradeProjectFiles.sanitisedName,
  mimeType: tradeProjectFiles.mimeType,
  sizeBytes: tradeProjectFiles.sizeBytes,
  thumbnailKey: tradeProjectFiles.thumbnailKey,
  width: tradeProjectFiles.width,
  height: tradeProjectFiles.height,
  uploadedByUserId: tradeProjectFiles.uploadedByUserId,
  uploadedBy: tradeUsers.name,
  createdAt: tradeProjectFiles.createdAt,
};

/**
 * The projects a viewer may see: the company's, of the store, and — for anyone but an
 * administrator — only those the viewer was given access to. Every read goes through it,
 * so a project without access is not found anywhere (lists, counts, search, by id).
 */
export function visibleTo(viewer: ProjectViewer): SQL | undefined {
  return and(
    eq(tradeProjects.companyId, viewer.companyId),
    eq(tradeProjects.storeId, viewer.storeId),
    viewer.isAdmin
      ? undefined
      : sql`exists (select 1 from ${tradeProjectUsers} pu where pu.project_id = ${tradeProjects.id} and pu.user_id = ${viewer.userId})`,
  );
}

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${tradeProjects.number} || ' ' || ${tradeProjects.name} || ' ' || ${tradeProjects.endCustomerName} || ' ' || ${tradeProjects.endCustomerRef} || ' ' || ${tradeProjects.street} || ' ' || ${tradeProjects.postcode} || ' ' || ${tradeProjects.city}) ilike ${pattern}`;
}

const ORDERINGS: Record<ProjectListQuery['ordering'], SQL[]> = {
  '-updated_at': [sql`${tradeProjects.updatedAt} desc`, sql`${tradeProjects.id} desc`],
  number: [sql`length(${tradeProjects.number})`, asc(tradeProjects.number)],
  '-number': [sql`length(${tradeProjects.number}) desc`, desc(tradeProjects.number)],
  name: [sql`lower(${tradeProjects.name})`, asc(tradeProjects.id)],
};

export class ProjectRepository {
  constructor(readonly db: Database) {}

  async page(
    viewer: ProjectViewer,
    query: ProjectListQuery,
  ): Promise<{ rows: ProjectRow[]; count: number }> {
    const where = and(
      visibleTo(viewer),
      searchWhere(query.search),
      query.status ? eq(tradeProjects.status, query.status) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(tradeProjects)
        .innerJoin(stores, eq(stores.id, tradeProjects.storeId))
        .leftJoin(tradeUsers, eq(tradeUsers.id, tradeProjects.createdByUserId))
        .where(where)
        .orderBy(...ORDERINGS[query.ordering])
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tradeProjects)
        .where(where),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  /** The project if the viewer may see it, else null (404 for the caller). */
  async byId(viewer: ProjectViewer, id: number, tx: Database = this.db) {
    const [row] = await tx
      .select(columns)
      .from(tradeProjects)
      .innerJoin(stores, eq(stores.id, tradeProjects.storeId))
      .leftJoin(tradeUsers, eq(tradeUsers.id, tradeProjects.createdByUserId))
      .where(and(eq(tradeProjects.id, id), visibleTo(viewer)));
    return row ?? null;
  }

  /** The users given access to the project, by name. */
  async users(projectId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: tradeUsers.id, name: tradeUsers.name })
      .from(tradeProjectUsers)
      .innerJoin(tradeUsers, eq(tradeUsers.id, tradeProjectUsers.userId))
      .where(eq(tradeProjectUsers.projectId, projectId))
      .orderBy(asc(tradeUsers.name), asc(tradeUsers.id));
  }

  /**
   * A new project with the company's next number and the creator's access. The company row
   * is locked for the transaction, so two projects created at once get two numbers.
   */
  async insert(
    tx: Database,
    project: ProjectFields & {
      organisationId: string;
      companyId: number;
      storeId: number;
      createdByUserId: number;
    },
  ): Promise<number> {
    await tx
      .select({ id: tradeCompanies.id })
      .from(tradeCompanies)
      .where(eq(tradeCompanies.id, project.companyId))
      .for('update');
    const [last] = await tx
      .select({
        n: sql<number>`coalesce(max((substring(${tradeProjects.number} from 3))::int), ${FIRST_NUMBER - 1})::int`,
      })
      .from(tradeProjects)
      .where(eq(tradeProjects.companyId, project.companyId));
    const number = `P-${Number(last?.n ?? FIRST_NUMBER - 1) + 1}`;
    const [row] = await tx
      .insert(tradeProjects)
      .values({ ...project, number })
      .returning({ id: tradeProjects.id });
    if (!row) throw new Error('no project inserted');
    await tx
      .insert(tradeProjectUsers)
      .values({ projectId: row.id, userId: project.createdByUserId })
      .onConflictDoNothing();
    return row.id;
  }

  async update(tx: Database, id: number, fields: Partial<ProjectFields>, at: Date): Promise<void> {
    await tx
      .update(tradeProjects)
      .set({ ...fields, updatedAt: at })
      .where(eq(tradeProjects.id, id));
  }

  /** The name of the company's register customer, or null when it is not the company's. */
  async endCustomerName(companyId: number, endCustomerId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ name: endCustomers.name })
      .from(endCustomers)
      .where(and(eq(endCustomers.id, endCustomerId), eq(endCustomers.companyId, companyId)));
    return row?.name ?? null;
  }

  async touch(tx: Database, id: number, at: Date): Promise<void> {
    await tx.update(tradeProjects).set({ updatedAt: at }).where(eq(tradeProjects.id, id));
  }

  /** Of these ids, the active customer users of the company (the others cannot get access). */
  async companyUserIds(companyId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: tradeUsers.id })
      .from(tradeUsers)
      .where(
        and(
          eq(tradeUsers.companyId, companyId),
          eq(tradeUsers.kind, 'customer'),
          eq(tradeUsers.isActive, true),
          inArray(tradeUsers.id, [...ids]),
        ),
      );
    return rows.map((r) => r.id);
  }

  /** Exactly these users have access now; returns those who did not have it before. */
  async setUsers(
    tx: Database,
    projectId: number,
    userIds: readonly number[],
    grantedByUserId: number,
  ): Promise<number[]> {
    const before = new Set(
      (
        await tx
          .select({ userId: tradeProjectUsers.userId })
          .from(tradeProjectUsers)
          .where(eq(tradeProjectUsers.projectId, projectId))
      ).map((r) => r.userId),
    );
    const keep = new Set(userIds);
    const removed = [...before].filter((u) => !keep.has(u));
    const added = [...keep].filter((u) => !before.has(u));
    if (removed.length > 0) {
      await tx
        .delete(tradeProjectUsers)
        .where(
          and(
            eq(tradeProjectUsers.projectId, projectId),
            inArray(tradeProjectUsers.userId, removed),
          ),
        );
    }
    if (added.length > 0) {
      await tx
        .insert(tradeProjectUsers)
        .values(added.map((userId) => ({ projectId, userId, grantedByUserId })));
    }
    return added;
  }

  async files(projectId: number, kind: ProjectFileKind): Promise<ProjectFileRow[]> {
    return this.db
      .select(fileColumns)
      .from(tradeProjectFiles)
      .leftJoin(tradeUsers, eq(tradeUsers.id, tradeProjectFiles.uploadedByUserId))
      .where(and(eq(tradeProjectFiles.projectId, projectId), eq(tradeProjectFiles.kind, kind)))
      .orderBy(desc(tradeProjectFiles.createdAt), desc(tradeProjectFiles.id));
  }

  async file(projectId: number, fileId: number): Promise<ProjectFileRow | null> {
    const [row] = await this.db
      .select(fileColumns)
      .from(tradeProjectFiles)
      .leftJoin(tradeUsers, eq(tradeUsers.id, tradeProjectFiles.uploadedByUserId))
      .where(and(eq(tradeProjectFiles.projectId, projectId), eq(tradeProjectFiles.id, fileId)));
    return row ?? null;
  }

  async insertFiles(
    tx: Database,
    projectId: number,
    kind: ProjectFileKind,
    files: readonly StoredFile[],
    uploadedByUserId: number,
  ): Promise<number[]> {
    const rows = await tx
      .insert(tradeProjectFiles)
      .values(
        files.map((file) => ({
          projectId,
          kind,
          storageKey: file.storageKey,
          originalName: file.originalName,
          sanitisedName: file.sanitisedName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          thumbnailKey: file.thumbnailKey,
          width: file.width,
          height: file.height,
          uploadedByUserId,
        })),
      )
      .returning({ id: tradeProjectFiles.id });
    return rows.map((r) => r.id);
  }

  async deleteFile(tx: Database, fileId: number): Promise<void> {
    await tx.delete(tradeProjectFiles).where(eq(tradeProjectFiles.id, fileId));
  }

  /** What was invoiced on the project (öre). */
  async invoiced(companyId: number, projectId: number) {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        netOre: sql<number>`coalesce(sum(${tradeInvoices.netOre}), 0)::int`,
        totalOre: sql<number>`coalesce(sum(${tradeInvoices.totalOre}), 0)::int`,
      })
      .from(tradeInvoices)
      .where(
        and(
          eq(tradeInvoices.companyId, companyId),
          eq(tradeInvoices.projectId, projectId),
          sql`${tradeInvoices.status} <> 'credited'`,
        ),
      );
    return {
      count: Number(row?.count ?? 0),
      netOre: Number(row?.netOre ?? 0),
      totalOre: Number(row?.totalOre ?? 0),
    };
  }

  /**
   * What was ordered on the project: the company's orders that name it, excl. VAT (öre;
   * shipping included, as on the order).
   */
  async ordered(companyId: number, projectId: number) {
    const [row] = await queryRows<{ count: number; netOre: number }>(
      this.db,
      sql`select count(*)::int as count, coalesce(sum(o.total_ore - o.vat_ore), 0)::bigint as "netOre"
        from orders o
          join trade_users u on u.id = o.user_id
          join trade_order_details d on d.order_id = o.id
        where u.company_id = ${companyId} and d.project_id = ${projectId}`,
    );
    return { count: Number(row?.count ?? 0), netOre: Number(row?.netOre ?? 0) };
  }

  /** What the store quoted on the project and is still open (valid on `today`), excl. VAT. */
  async quoted(companyId: number, projectId: number, today: string) {
    const [row] = await queryRows<{ count: number; netOre: number }>(
      this.db,
      sql`select count(distinct q.id)::int as count,
          coalesce(sum(l.quantity::bigint * l.unit_price_ore), 0)::bigint as "netOre"
        from trade_quotes q left join trade_quote_lines l on l.quote_id = q.id
        where q.company_id = ${companyId} and q.project_id = ${projectId}
          and q.status = 'open' and q.sent_at is not null and q.valid_until >= ${today}::date`,
    );
    return { count: Number(row?.count ?? 0), netOre: Number(row?.netOre ?? 0) };
  }
}
