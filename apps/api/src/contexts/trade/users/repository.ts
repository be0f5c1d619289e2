import type { Database } from '@bygg/db/client';
import { and, asc, count, eq, ne, or, sql } from '@bygg/db/orm';
import { tradeUsers } from '@bygg/db/schema/index';

export type CompanyUserRow = {
  id: number;
  username: string;
  name: string;
  phone: string | null;
  role: string;
  mayProjects: boolean;
  mayOffers: boolean;
  mayOrders: boolean;
  mayInvoices: boolean;
  regionId: number | null;
  isActive: boolean;
};

export type NewCompanyUser = {
  organisationId: string;
  companyId: number;
  username: string;
  name: string;
  phone: string | null;
  role: 'admin' | 'user';
  passwordHash: string;
  mayProjects: boolean;
  mayOffers: boolean;
  mayOrders: boolean;
  mayInvoices: boolean;
  regionId: number | null;
};

export type CompanyUserChanges = Partial<
  Omit<NewCompanyUser, 'organisationId' | 'companyId' | 'passwordHash'>
> & {
  isActive?: boolean;
};

const columns = {
  id: tradeUsers.id,
  username: tradeUsers.username,
  name: tradeUsers.name,
  phone: tradeUsers.phone,
  role: tradeUsers.role,
  mayProjects: tradeUsers.mayProjects,
  mayOffers: tradeUsers.mayOffers,
  mayOrders: tradeUsers.mayOrders,
  mayInvoices: tradeUsers.mayInvoices,
  regionId: tradeUsers.regionId,
  isActive: tradeUsers.isActive,
};

/** A company's customer users (never the editor or staff, who have no company). */
const ofCompany = (companyId: number) =>
  and(eq(tradeUsers.companyId, companyId), eq(tradeUsers.kind, 'customer'));

export class CompanyUserRepository {
  constructor(readonly db: Database) {}

  async page(
    companyId: number,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: CompanyUserRow[]; count: number }> {
    const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = and(
      ofCompany(companyId),
      pattern
        ? or(sql`${tradeUsers.name} ilike ${pattern}`, sql`${tradeUsers.username} ilike ${pattern}`)
        : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(tradeUsers)
        .where(where)
        .orderBy(asc(tradeUsers.name), asc(tradeUsers.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(tradeUsers).where(where),
    ]);
    return { rows, count: Number(total?.n ?? 0) };
  }

  async byId(companyId: number, id: number, tx: Database = this.db) {
    const [row] = await tx
      .select(columns)
      .from(tradeUsers)
      .where(and(ofCompany(companyId), eq(tradeUsers.id, id)));
    return row ?? null;
  }

  /**
   * A user of the organisation with this name, whatever the case (names unique per org),
   * other than `exceptId` (a user keeping their own name).
   */
  async usernameTaken(
    organisationId: string,
    username: string,
    exceptId?: number,
    tx: Database = this.db,
  ): Promise<boolean> {
    const [row] = await tx
      .select({ id: tradeUsers.id })
      .from(tradeUsers)
      .where(
        and(
          eq(tradeUsers.organisationId, organisationId),
          sql`lower(${tradeUsers.username}) = lower(${username})`,
          exceptId === undefined ? undefined : ne(tradeUsers.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  async insert(user: NewCompanyUser): Promise<CompanyUserRow> {
    const [row] = await this.db
      .insert(tradeUsers)
      .values({ ...user, kind: 'customer' })
      .returning(columns);
    if (!row) throw new Error('no user inserted');
    return row;
  }

  async update(companyId: number, id: number, changes: CompanyUserChanges, tx: Database = this.db) {
    await tx
      .update(tradeUsers)
      .set(changes)
      .where(and(ofCompany(companyId), eq(tradeUsers.id, id)));
  }

  async remove(companyId: number, id: number, tx: Database = this.db) {
    await tx.delete(tradeUsers).where(and(ofCompany(companyId), eq(tradeUsers.id, id)));
  }

  /**
   * The company's active administrators other than `id`, their rows locked until the
   * transaction ends (two administrators demoting each other at once cannot both win).
   */
  async otherActiveAdmins(companyId: number, id: number, tx: Database): Promise<number> {
    const rows = await tx
      .select({ id: tradeUsers.id })
      .from(tradeUsers)
      .where(
        and(
          ofCompany(companyId),
          eq(tradeUsers.role, 'admin'),
          eq(tradeUsers.isActive, true),
          ne(tradeUsers.id, id),
        ),
      )
      .for('update');
    return rows.length;
  }
}
