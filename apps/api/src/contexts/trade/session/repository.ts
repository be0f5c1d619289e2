import type { Database } from '@bygg/db/client';
import { and, asc, eq, gt, isNull, lt, or, sql } from '@bygg/db/orm';
import {
  storeCustomers,
  stores,
  tradeCompanies,
  tradeSessions,
  tradeUsers,
  tradeUserStores,
} from '@bygg/db/schema/index';
import { UserRoleSchema } from '@bygg/contracts/auth';
import type { SessionUser } from './plugin.ts';

export type LoginCandidate = SessionUser & { passwordHash: string };

/** What me/ tells of the user's account beyond the session (ADR 026). */
export type AccountRow = {
  kind: string;
  role: string;
  mayProjects: boolean;
  mayOffers: boolean;
  mayOrders: boolean;
  mayInvoices: boolean;
  regionId: number | null;
  companyId: number | null;
  companyName: string | null;
};

export type UserStoreRow = {
  id: number;
  externalId: string;
  slug: string;
  name: string;
  isCentral: boolean;
  proffsEnabled: boolean;
};

function toSessionUser(row: {
  id: number;
  username: string;
  name: string;
  role: string;
  companyId: number | null;
  organisationId: string;
}): SessionUser | null {
  // A role this code does not know grants nothing.
  const role = UserRoleSchema.safeParse(row.role);
  return role.success ? { ...row, role: role.data } : null;
}

const userColumns = {
  id: tradeUsers.id,
  username: tradeUsers.username,
  name: tradeUsers.name,
  role: tradeUsers.role,
  companyId: tradeUsers.companyId,
  organisationId: tradeUsers.organisationId,
};

const storeColumns = {
  id: stores.id,
  externalId: stores.externalId,
  slug: stores.slug,
  name: stores.name,
  isCentral: stores.isCentral,
  proffsEnabled: stores.proffsEnabled,
};

/**
 * The store (of a query joining stores and trade_users) is one of the user's, regions aside:
 * the company's account with it, not narrowed away; or a staff user's own store.
 */
export function memberOfStore() {
  const narrowedTo = sql`select 1 from ${tradeUserStores} where ${tradeUserStores.userId} = ${tradeUsers.id}`;
  return sql`(
    (${tradeUsers.kind} = 'customer'
      and exists (select 1 from ${storeCustomers} where ${storeCustomers.companyId} = ${tradeUsers.companyId} and ${storeCustomers.storeId} = ${stores.id})
      and (not exists (${narrowedTo}) or exists (${narrowedTo} and ${tradeUserStores.storeId} = ${stores.id})))
    or (${tradeUsers.kind} = 'staff' and exists (${narrowedTo} and ${tradeUserStores.storeId} = ${stores.id})))`;
}

export class AuthRepository {
  constructor(private readonly db: Database) {}

  /**
   * The active user of a live session (not revoked, not expired), by the hash of its id: one
   * primary-key lookup joined to the user's row, the only query of me/.
   */
  async sessionUser(
    idHash: string,
    now: Date,
  ): Promise<{ user: SessionUser; lastSeenAt: Date } | null> {
    const [row] = await this.db
      .select({ ...userColumns, lastSeenAt: tradeSessions.lastSeenAt })
      .from(tradeSessions)
      .innerJoin(tradeUsers, eq(tradeUsers.id, tradeSessions.userId))
      .where(
        and(
          eq(tradeSessions.idHash, idHash),
          isNull(tradeSessions.revokedAt),
          gt(tradeSessions.expiresAt, now),
          eq(tradeUsers.isActive, true),
        ),
      );
    if (!row) return null;
    const { lastSeenAt, ...userRow } = row;
    const user = toSessionUser(userRow);
    return user ? { user, lastSeenAt: new Date(lastSeenAt) } : null;
  }

  /** Starts a session; the user's expired and long-revoked sessions are cleared meanwhile. */
  async createSession(idHash: string, userId: number, now: Date, expiresAt: Date): Promise<void> {
    const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60_000);
    await this.db
      .delete(tradeSessions)
      .where(
        and(
          eq(tradeSessions.userId, userId),
          or(lt(tradeSessions.expiresAt, now), lt(tradeSessions.revokedAt, monthAgo)),
        ),
      );
    await this.db
      .insert(tradeSessions)
      .values({ idHash, userId, createdAt: now, lastSeenAt: now, expiresAt });
  }

  /** Ends one session (logout, or the old session at a new login). */
  async revokeSession(idHash: string, now: Date): Promise<void> {
    await this.db
      .update(tradeSessions)
      .set({ revokedAt: now })
      .where(and(eq(tradeSessions.idHash, idHash), isNull(tradeSessions.revokedAt)));
  }

  async touchSession(idHash: string, now: Date): Promise<void> {
    await this.db
      .update(tradeSessions)
      .set({ lastSeenAt: now })
      .where(eq(tradeSessions.idHash, idHash));
  }

  /** An active user of the organisation by login e-mail, case-insensitively. */
  async loginCandidate(organisationId: string, username: string): Promise<LoginCandidate | null> {
    const [row] = await this.db
      .select({ ...userColumns, passwordHash: tradeUsers.passwordHash })
      .from(tradeUsers)
      .where(
        and(
          sql`lower(${tradeUsers.username}) = lower(${username})`,
          eq(tradeUsers.organisationId, organisationId),
          eq(tradeUsers.isActive, true),
        ),
      );
    if (!row) return null;
    const user = toSessionUser(row);
    return user ? { ...user, passwordHash: row.passwordHash } : null;
  }

  /**
   * The user's stores; with an organisation, only that organisation's. A customer's stores
   * are those where the company has a customer account (store_customers), narrowed to the
   * user's own rows of trade_user_stores when there are any, within the user's region (ADR
   * 026); a staff user's are their trade_user_stores rows.
   */
  async stores(userId: number, organisation?: string): Promise<UserStoreRow[]> {
    return this.db
      .select(storeColumns)
      .from(stores)
      .innerJoin(tradeUsers, eq(tradeUsers.id, userId))
      .where(
        and(
          memberOfStore(),
          sql`(${tradeUsers.regionId} is null or ${stores.regionId} = ${tradeUsers.regionId})`,
          organisation === undefined ? undefined : eq(stores.organisationId, organisation),
        ),
      )
      .orderBy(asc(stores.name));
  }

  /** The user's account as me/ shows it: kind, role, rights, region and company, one read. */
  async account(userId: number): Promise<AccountRow | null> {
    const [row] = await this.db
      .select({
        kind: tradeUsers.kind,
        role: tradeUsers.role,
        mayProjects: tradeUsers.mayProjects,
        mayOffers: tradeUsers.mayOffers,
        mayOrders: tradeUsers.mayOrders,
        mayInvoices: tradeUsers.mayInvoices,
        regionId: tradeUsers.regionId,
        companyId: tradeCompanies.id,
        companyName: tradeCompanies.name,
      })
      .from(tradeUsers)
      .leftJoin(tradeCompanies, eq(tradeCompanies.id, tradeUsers.companyId))
      .where(eq(tradeUsers.id, userId));
    return row ?? null;
  }
}
