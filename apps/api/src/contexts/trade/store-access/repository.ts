import type { Database } from '@bygg/db/client';
import { and, eq, sql } from '@bygg/db/orm';
import { stores, tradeUsers } from '@bygg/db/schema/index';
import type { CompanyRole, TradeRights } from '@bygg/contracts/trade/common';
import { memberOfStore, type UserStoreRow } from '../session/repository.ts';
import { effectiveRights } from './rights.ts';

/** What the guard knows of the caller in one store: the store, role, rights and region. */
export type StoreAccessRow = UserStoreRow & {
  regionId: number;
  kind: string;
  role: CompanyRole;
  rights: TradeRights;
  userRegionId: number | null;
};

export class StoreAccessRepository {
  constructor(private readonly db: Database) {}

  /**
   * The store {eid} of the organisation when it is one of the user's (regions aside: the
   * guard tells "outside your region" apart), with the user's account; one statement.
   */
  async access(userId: number, organisation: string, eid: string): Promise<StoreAccessRow | null> {
    const [row] = await this.db
      .select({
        id: stores.id,
        externalId: stores.externalId,
        slug: stores.slug,
        name: stores.name,
        isCentral: stores.isCentral,
        proffsEnabled: stores.proffsEnabled,
        regionId: stores.regionId,
        kind: tradeUsers.kind,
        role: tradeUsers.role,
        mayProjects: tradeUsers.mayProjects,
        mayOffers: tradeUsers.mayOffers,
        mayOrders: tradeUsers.mayOrders,
        mayInvoices: tradeUsers.mayInvoices,
        userRegionId: tradeUsers.regionId,
      })
      .from(stores)
      .innerJoin(tradeUsers, eq(tradeUsers.id, userId))
      .where(
        and(
          eq(stores.organisationId, organisation),
          eq(stores.externalId, eid),
          memberOfStore(),
          sql`${tradeUsers.isActive}`,
        ),
      );
    if (!row) return null;
    return {
      id: row.id,
      externalId: row.externalId,
      slug: row.slug,
      name: row.name,
      isCentral: row.isCentral,
      proffsEnabled: row.proffsEnabled,
      regionId: row.regionId,
      kind: row.kind,
      ...effectiveRights(row),
      userRegionId: row.userRegionId,
    };
  }
}
