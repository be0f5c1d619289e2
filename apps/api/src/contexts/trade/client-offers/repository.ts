import type { Database } from '@bygg/db/client';
import { and, count, desc, eq, inArray, isNull } from '@bygg/db/orm';
import { endCustomerTermsAcceptances, tradeOffers, tradeUsers } from '@bygg/db/schema/index';

/** Whose offers: the project and company of the end customer's token. */
export type ClientScope = {
  organisationId: string;
  companyId: number;
  projectId: number;
  endCustomerId: number;
};

/** The states an end customer sees: never a draft. */
const SHOWN = ['sent', 'approved', 'declined', 'expired'] as const;

export type ClientOfferRow = typeof tradeOffers.$inferSelect;

/** The one place the client-offer calls touch the database (offers' tables, terms, users). */
export class ClientOfferRepository {
  constructor(private readonly db: Database) {}

  private shown(scope: ClientScope) {
    return and(
      eq(tradeOffers.organisationId, scope.organisationId),
      eq(tradeOffers.companyId, scope.companyId),
      eq(tradeOffers.projectId, scope.projectId),
      inArray(tradeOffers.status, [...SHOWN]),
      // The current version only: an offer a newer version replaced has no working link.
      isNull(tradeOffers.replacedByOfferId),
    );
  }

  /** The project's offers for the end customer, newest first, and how many there are. */
  async page(
    scope: ClientScope,
    page: number,
    pageSize: number,
  ): Promise<{ rows: ClientOfferRow[]; count: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .select()
        .from(tradeOffers)
        .where(this.shown(scope))
        .orderBy(desc(tradeOffers.sentAt), desc(tradeOffers.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(tradeOffers).where(this.shown(scope)),
    ]);
    return { rows, count: total[0]?.n ?? 0 };
  }

  /** One offer the end customer may see, or null. */
  async byId(
    scope: ClientScope,
    id: number,
    tx: Database = this.db,
  ): Promise<ClientOfferRow | null> {
    const [row] = await tx
      .select()
      .from(tradeOffers)
      .where(and(this.shown(scope), eq(tradeOffers.id, id)));
    return row ?? null;
  }

  /** The offer of a link (id and hash digest) in the scope, locked for the decision; or null. */
  async byLinkForUpdate(
    scope: ClientScope,
    id: number,
    hashDigest: string,
    tx: Database,
  ): Promise<ClientOfferRow | null> {
    const [row] = await tx
      .select()
      .from(tradeOffers)
      .where(and(this.shown(scope), eq(tradeOffers.id, id), eq(tradeOffers.hashDigest, hashDigest)))
      .for('update');
    return row ?? null;
  }

  /** When the end customer accepted the project's terms, or null. */
  async termsAcceptedAt(scope: ClientScope, tx: Database = this.db): Promise<Date | null> {
    const [row] = await tx
      .select({ at: endCustomerTermsAcceptances.acceptedAt })
      .from(endCustomerTermsAcceptances)
      .where(
        and(
          eq(endCustomerTermsAcceptances.projectId, scope.projectId),
          eq(endCustomerTermsAcceptances.endCustomerId, scope.endCustomerId),
        ),
      );
    return row?.at ?? null;
  }

  /** Records the decision on a sent offer; false when it was no longer open (a race). */
  async decide(
    id: number,
    decision:
      | { kind: 'approved'; at: Date; byName: string; termsAcceptedAt: Date }
      | { kind: 'declined'; at: Date },
    tx: Database,
  ): Promise<boolean> {
    const values =
      decision.kind === 'approved'
        ? {
            status: 'approved' as const,
            approvedAt: decision.at,
            approvedByName: decision.byName,
            termsAcceptedAt: decision.termsAcceptedAt,
            updatedAt: decision.at,
          }
        : { status: 'declined' as const, declinedAt: decision.at, updatedAt: decision.at };
    const rows = await tx
      .update(tradeOffers)
      .set(values)
      .where(
        and(
          eq(tradeOffers.id, id),
          eq(tradeOffers.status, 'sent'),
          isNull(tradeOffers.approvedAt),
          isNull(tradeOffers.declinedAt),
        ),
      )
      .returning({ id: tradeOffers.id });
    return rows.length === 1;
  }

  /** The trade user who made the offer, if still active: who the approval is mailed to. */
  async creator(userId: number | null): Promise<{ name: string; email: string } | null> {
    if (userId === null) return null;
    const [row] = await this.db
      .select({ name: tradeUsers.name, email: tradeUsers.username })
      .from(tradeUsers)
      .where(and(eq(tradeUsers.id, userId), eq(tradeUsers.isActive, true)));
    return row ?? null;
  }

  async transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Database));
  }
}
