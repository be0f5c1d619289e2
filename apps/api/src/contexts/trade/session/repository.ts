import type { Database } from '@bygg/db/client';
import { and, asc, eq, sql } from '@bygg/db/orm';
import { stores, tradeCompanies, tradeUsers, tradeUserStores } from '@bygg/db/schema/index';
import { UserRoleSchema } from '@bygg/contracts/auth';
import type { SessionUser } from './plugin.ts';

export type LoginCandidate = SessionUser & { passwordHash: string };

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

export class AuthRepository {
  constructor(private readonly db: Database) {}

  /** An active user by id (the session cookie's user_id). */
  async activeUser(id: number): Promise<SessionUser | null> {
    const [row] = await this.db
      .select(userColumns)
      .from(tradeUsers)
      .where(and(eq(tradeUsers.id, id), eq(tradeUsers.isActive, true)));
    return row ? toSessionUser(row) : null;
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

  /** The user's stores; with an organisation, only that organisation's (the trade guard). */
  async stores(userId: number, organisation?: string): Promise<UserStoreRow[]> {
    return this.db
      .select({
        id: stores.id,
        externalId: stores.externalId,
        slug: stores.slug,
        name: stores.name,
        isCentral: stores.isCentral,
        proffsEnabled: stores.proffsEnabled,
      })
      .from(tradeUserStores)
      .innerJoin(stores, eq(stores.id, tradeUserStores.storeId))
      .where(
        and(
          eq(tradeUserStores.userId, userId),
          organisation === undefined ? undefined : eq(stores.organisationId, organisation),
        ),
      )
      .orderBy(asc(stores.name));
  }

  async company(id: number): Promise<{ id: number; name: string } | null> {
    const [row] = await this.db
      .select({ id: tradeCompanies.id, name: tradeCompanies.name })
      .from(tradeCompanies)
      .where(eq(tradeCompanies.id, id));
    return row ?? null;
  }
}
