import { queryRows, type Database } from '@bygg/db/client';
import { and, asc, eq, isNull, sql, type SQL } from '@bygg/db/orm';
import {
  endCustomerProjectTokens,
  endCustomers,
  endCustomerTermsAcceptances,
  tradeProjects,
  type EndCustomerKind,
} from '@bygg/db/schema/index';
import { visibleTo, type ProjectViewer } from '../projects/repository.ts';

export type EndCustomerFields = {
  kind: EndCustomerKind;
  name: string;
  contactPerson: string;
  orgNumber: string;
  email: string;
  phone: string;
  street: string;
  postcode: string;
  city: string;
  personalNumberSealed: string | null;
  consentContact: boolean;
  consentAt: Date | null;
};

export type EndCustomerRow = EndCustomerFields & {
  id: number;
  companyId: number;
  projectCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type EndCustomerProjectRow = {
  id: number;
  number: string;
  name: string;
  status: 'active' | 'finished';
  invited: boolean;
  termsAcceptedAt: Date | null;
};

const columns = {
  id: endCustomers.id,
  companyId: endCustomers.companyId,
  kind: endCustomers.kind,
  name: endCustomers.name,
  contactPerson: endCustomers.contactPerson,
  orgNumber: endCustomers.orgNumber,
  email: endCustomers.email,
  phone: endCustomers.phone,
  street: endCustomers.street,
  postcode: endCustomers.postcode,
  city: endCustomers.city,
  personalNumberSealed: endCustomers.personalNumberSealed,
  consentContact: endCustomers.consentContact,
  consentAt: endCustomers.consentAt,
  // Every project of the company that names the customer (in any store).
  projectCount: sql<number>`(select count(*)::int from trade_projects p where p.end_customer_id = end_customers.id)`,
  createdAt: endCustomers.createdAt,
  updatedAt: endCustomers.updatedAt,
};

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${endCustomers.name} || ' ' || ${endCustomers.contactPerson} || ' ' || ${endCustomers.email} || ' ' || ${endCustomers.phone} || ' ' || ${endCustomers.street} || ' ' || ${endCustomers.city} || ' ' || ${endCustomers.orgNumber}) ilike ${pattern}`;
}

/** The company's customer register; every query is scoped by the company (another's: none). */
export class EndCustomerRepository {
  constructor(readonly db: Database) {}

  async page(
    companyId: number,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: EndCustomerRow[]; count: number }> {
    const where = and(eq(endCustomers.companyId, companyId), searchWhere(search));
    const [rows, counts] = await Promise.all([
      this.db
        .select(columns)
        .from(endCustomers)
        .where(where)
        .orderBy(asc(sql`lower(${endCustomers.name})`), asc(endCustomers.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ count: sql<number>`count(*)::int` })
        .from(endCustomers)
        .where(where),
    ]);
    return { rows, count: Number(counts[0]?.count ?? 0) };
  }

  async byId(companyId: number, id: number): Promise<EndCustomerRow | null> {
    const [row] = await this.db
      .select(columns)
      .from(endCustomers)
      .where(and(eq(endCustomers.id, id), eq(endCustomers.companyId, companyId)));
    return row ?? null;
  }

  async insert(
    fields: EndCustomerFields & {
      organisationId: string;
      companyId: number;
      createdByUserId: number;
    },
  ): Promise<number> {
    const [row] = await this.db
      .insert(endCustomers)
      .values(fields)
      .returning({ id: endCustomers.id });
    if (!row) throw new Error('no end customer inserted');
    return row.id;
  }

  async update(
    companyId: number,
    id: number,
    fields: Partial<EndCustomerFields>,
    at: Date,
  ): Promise<void> {
    await this.db
      .update(endCustomers)
      .set({ ...fields, updatedAt: at })
      .where(and(eq(endCustomers.id, id), eq(endCustomers.companyId, companyId)));
  }

  /** The customer's projects the viewer may see in the store, with the invitation state. */
  async projects(
    viewer: ProjectViewer,
    endCustomerId: number,
    now: Date,
  ): Promise<EndCustomerProjectRow[]> {
    const rows = await this.db
      .select({
        id: tradeProjects.id,
        number: tradeProjects.number,
        name: tradeProjects.name,
        status: tradeProjects.status,
        invited: sql<boolean>`exists (select 1 from end_customer_project_tokens t
          where t.project_id = trade_projects.id and t.end_customer_id = ${endCustomerId}
            and t.revoked_at is null and t.expires_at > ${now})`,
        termsAcceptedAt: sql<Date | null>`(select a.accepted_at from end_customer_terms_acceptances a
          where a.project_id = trade_projects.id and a.end_customer_id = ${endCustomerId})`,
      })
      .from(tradeProjects)
      .where(and(eq(tradeProjects.endCustomerId, endCustomerId), visibleTo(viewer)))
      .orderBy(sql`${tradeProjects.updatedAt} desc`, sql`${tradeProjects.id} desc`);
    return rows.map((row) => ({
      ...row,
      invited: Boolean(row.invited),
      termsAcceptedAt: row.termsAcceptedAt === null ? null : new Date(row.termsAcceptedAt),
    }));
  }

  /** A new invitation: earlier open ones of the project are revoked (one link works). */
  async createToken(token: {
    projectId: number;
    endCustomerId: number;
    tokenHash: string;
    invitedByUserId: number;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(endCustomerProjectTokens)
        .set({ revokedAt: token.createdAt })
        .where(
          and(
            eq(endCustomerProjectTokens.projectId, token.projectId),
            isNull(endCustomerProjectTokens.revokedAt),
          ),
        );
      await tx.insert(endCustomerProjectTokens).values(token);
    });
  }

  /** Revokes every open invitation of the project; returns how many. */
  async revokeTokens(projectId: number, at: Date): Promise<number> {
    const rows = await this.db
      .update(endCustomerProjectTokens)
      .set({ revokedAt: at })
      .where(
        and(
          eq(endCustomerProjectTokens.projectId, projectId),
          isNull(endCustomerProjectTokens.revokedAt),
        ),
      )
      .returning({ id: endCustomerProjectTokens.id });
    return rows.length;
  }

  /** When the end customer accepted the project's terms, or null. */
  async termsAcceptedAt(projectId: number, endCustomerId: number): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: endCustomerTermsAcceptances.acceptedAt })
      .from(endCustomerTermsAcceptances)
      .where(
        and(
          eq(endCustomerTermsAcceptances.projectId, projectId),
          eq(endCustomerTermsAcceptances.endCustomerId, endCustomerId),
        ),
      );
    return row?.at ?? null;
  }

  /** Records the acceptance once; a second call keeps the first time. Returns the time. */
  async acceptTerms(
    projectId: number,
    endCustomerId: number,
    tokenId: number,
    at: Date,
  ): Promise<Date> {
    await this.db
      .insert(endCustomerTermsAcceptances)
      .values({ projectId, endCustomerId, tokenId, acceptedAt: at })
      .onConflictDoNothing();
    return (await this.termsAcceptedAt(projectId, endCustomerId)) ?? at;
  }

  async companyName(companyId: number): Promise<string | null> {
    const [row] = await queryRows<{ name: string }>(
      this.db,
      sql`select name from trade_companies where id = ${companyId}`,
    );
    return row?.name ?? null;
  }

  /** The project as the end customer sees it (only what the view shows). */
  async projectView(projectId: number) {
    const [row] = await queryRows<{
      id: number;
      number: string;
      name: string;
      description: string;
      street: string;
      postcode: string;
      city: string;
      status: 'active' | 'finished';
      logoUrl: string | null;
    }>(
      this.db,
      sql`select p.id, p.number, p.name, p.description, p.street, p.postcode, p.city, p.status,
          co.logo_url as "logoUrl"
        from trade_projects p join trade_companies co on co.id = p.company_id
        where p.id = ${projectId}`,
    );
    return row ?? null;
  }
}
