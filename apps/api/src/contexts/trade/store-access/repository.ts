import type { OrganisationId } from '@bygg/contracts/common';
import type { Database } from '@bygg/db/client';
import { and, asc, eq } from '@bygg/db/orm';
import { stores, tradeUserStores } from '@bygg/db/schema/index';

/** A store as the trade area's handlers see it. */
export type TradeStore = {
  id: number;
  externalId: string;
  slug: string;
  name: string;
  isCentral: boolean;
};

export class StoreAccessRepository {
  constructor(private readonly db: Database) {}

  /**
   * The stores of the organisation the user is a member of (trade_user_stores today; the
   * trade area's accounts model will answer it from the company's store customers).
   */
  async memberStores(userId: number, organisation: OrganisationId): Promise<TradeStore[]> {
    return this.db
      .select({
        id: stores.id,
        externalId: stores.externalId,
        slug: stores.slug,
        name: stores.name,
        isCentral: stores.isCentral,
      })
      .from(tradeUserStores)
      .innerJoin(stores, eq(stores.id, tradeUserStores.storeId))
      .where(and(eq(tradeUserStores.userId, userId), eq(stores.organisationId, organisation)))
      .orderBy(asc(stores.name));
  }
}
