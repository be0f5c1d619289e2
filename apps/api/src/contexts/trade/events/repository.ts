import type { Database } from '@bygg/db/client';
import { and, desc, eq, isNull, or, sql, type SQL } from '@bygg/db/orm';
import { tradeEvents, tradeEventSeen } from '@bygg/db/schema/index';
import type { EventType } from '@bygg/contracts/trade/events';
import type { TradeRight, TradeRights } from '@bygg/contracts/trade/common';

/** An event as recordEvent takes it. */
export type NewTradeEvent = {
  organisationId: string;
  companyId: number;
  /** The store it happened in; null = shown in every store of the company. */
  storeId: number | null;
  /** One user only; otherwise every user of the company with requiredRight. */
  recipientUserId?: number | null;
  requiredRight?: TradeRight | null;
  type: EventType;
  title: string;
  text: string;
  target?: { kind: string; id: string } | null;
  createdAt?: Date;
};

/**
 * Writes an event: the one way anything (an order, an invoice, later quotes, offers and
 * messages) tells a company's users what happened. Pass the transaction of the thing that
 * happened, so the event exists exactly when it does.
 */
export async function recordEvent(tx: Database, event: NewTradeEvent): Promise<number> {
  const [row] = await tx
    .insert(tradeEvents)
    .values({
      organisationId: event.organisationId,
      companyId: event.companyId,
      storeId: event.storeId,
      recipientUserId: event.recipientUserId ?? null,
      requiredRight: event.requiredRight ?? null,
      type: event.type,
      title: event.title,
      text: event.text,
      targetKind: event.target?.kind ?? null,
      targetId: event.target?.id ?? null,
      ...(event.createdAt ? { createdAt: event.createdAt } : {}),
    })
    .returning({ id: tradeEvents.id });
  if (!row) throw new Error('no event inserted');
  return row.id;
}

/** Who reads: the user, their company and rights, the store. */
export type EventReader = {
  userId: number;
  companyId: number;
  storeId: number;
  rights: TradeRights;
};

export type EventRow = {
  id: number;
  type: string;
  title: string;
  text: string;
  targetKind: string | null;
  targetId: string | null;
  createdAt: Date;
  isSeen: boolean;
};

/** The events a reader may see in the store: theirs, or the company's that need no right they lack. */
function visibleTo(reader: EventReader): SQL | undefined {
  const rights = (Object.keys(reader.rights) as TradeRight[]).filter((r) => reader.rights[r]);
  return and(
    eq(tradeEvents.companyId, reader.companyId),
    or(isNull(tradeEvents.storeId), eq(tradeEvents.storeId, reader.storeId)),
    or(
      eq(tradeEvents.recipientUserId, reader.userId),
      and(
        isNull(tradeEvents.recipientUserId),
        or(
          isNull(tradeEvents.requiredRight),
          sql`${tradeEvents.requiredRight} = any(${`{${rights.join(',')}}`}::text[])`,
        ),
      ),
    ),
  );
}

export class EventRepository {
  constructor(private readonly db: Database) {}

  async page(
    reader: EventReader,
    limit: number,
    offset: number,
  ): Promise<{ rows: EventRow[]; count: number; unseen: number }> {
    const seen = and(
      eq(tradeEventSeen.eventId, tradeEvents.id),
      eq(tradeEventSeen.userId, reader.userId),
    );
    const [rows, [counts]] = await Promise.all([
      this.db
        .select({
          id: tradeEvents.id,
          type: tradeEvents.type,
          title: tradeEvents.title,
          text: tradeEvents.text,
          targetKind: tradeEvents.targetKind,
          targetId: tradeEvents.targetId,
          createdAt: tradeEvents.createdAt,
          isSeen: sql<boolean>`${tradeEventSeen.eventId} is not null`,
        })
        .from(tradeEvents)
        .leftJoin(tradeEventSeen, seen)
        .where(visibleTo(reader))
        .orderBy(desc(tradeEvents.createdAt), desc(tradeEvents.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({
          count: sql<number>`count(*)::int`,
          unseen: sql<number>`(count(*) filter (where ${tradeEventSeen.eventId} is null))::int`,
        })
        .from(tradeEvents)
        .leftJoin(tradeEventSeen, seen)
        .where(visibleTo(reader)),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, isSeen: Boolean(r.isSeen) })),
      count: Number(counts?.count ?? 0),
      unseen: Number(counts?.unseen ?? 0),
    };
  }

  /** Marks a visible event seen by the reader; false when the reader cannot see it. */
  async markSeen(reader: EventReader, eventId: number): Promise<boolean> {
    const [visible] = await this.db
      .select({ id: tradeEvents.id })
      .from(tradeEvents)
      .where(and(eq(tradeEvents.id, eventId), visibleTo(reader)));
    if (!visible) return false;
    await this.db
      .insert(tradeEventSeen)
      .values({ eventId, userId: reader.userId })
      .onConflictDoNothing();
    return true;
  }
}
