import { queryRows, type Database } from '@bygg/db/client';
import { and, asc, eq, inArray, sql, type SQL } from '@bygg/db/orm';
import {
  endCustomerProjectTokens,
  endCustomers,
  tradeCompanies,
  tradeOfferDeductions,
  tradeOfferItems,
  tradeOfferRows,
  tradeOffers,
  tradeOfferWork,
  tradeProjects,
} from '@bygg/db/schema/index';
import type { OfferListQuery } from '@bygg/contracts/trade/offers';
import { noOrVisibleProject, projectJson, type ProjectViewer } from '../quotes/project-scope.ts';

export type OfferRow = typeof tradeOffers.$inferSelect & {
  storeExternalId: string;
  storeName: string;
  project: { id: number; number: string; name: string } | null;
};
export type OfferItemRow = typeof tradeOfferItems.$inferSelect;
const emptyLines = (): OfferLines => ({ items: [], work: [], rows: [], deductions: [] });
export type OfferWorkRow = typeof tradeOfferWork.$inferSelect;
export type OfferFreeRow = typeof tradeOfferRows.$inferSelect;
export type OfferDeductionRow = typeof tradeOfferDeductions.$inferSelect;
export type OfferLines = {
  items: OfferItemRow[];
  work: OfferWorkRow[];
  rows: OfferFreeRow[];
  deductions: OfferDeductionRow[];
};

/** The four kinds of lines of an offer, by the path segment of their calls. */
export const LINE_TABLES = {
  item: tradeOfferItems,
  work: tradeOfferWork,
  row: tradeOfferRows,
  deduction: tradeOfferDeductions,
} as const;
export type LineKind = keyof typeof LINE_TABLES;

const FIRST_NUMBER = 1001;

/** Offers live in the raw rows here; the service shapes replies and decides what is allowed. */
export class OfferRepository {
  constructor(readonly db: Database) {}

  /** The offers the viewer may see in the store: the company's, with no or a visible project. */
  private scope(viewer: ProjectViewer, storeId: number): SQL {
    return sql`o.company_id = ${viewer.companyId} and o.store_id = ${storeId}
      and ${noOrVisibleProject(sql`o.project_id`, viewer)}`;
  }

  async page(
    viewer: ProjectViewer,
    storeId: number,
    query: OfferListQuery,
    now: Date,
  ): Promise<{ ids: number[]; count: number }> {
    const search = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const nowIso = now.toISOString();
    const status =
      query.status === 'expired'
        ? sql`and (o.status = 'expired' or (o.status = 'sent' and o.expires_at < ${nowIso}::timestamptz))`
        : query.status === 'sent'
          ? sql`and o.status = 'sent' and (o.expires_at is null or o.expires_at >= ${nowIso}::timestamptz)`
          : query.status
            ? sql`and o.status = ${query.status}`
            : sql``;
    const where = sql`${this.scope(viewer, storeId)} and o.replaced_by_offer_id is null
      ${query.project_id ? sql`and o.project_id = ${query.project_id}` : sql``}
      ${query.end_customer_id ? sql`and o.end_customer_id = ${query.end_customer_id}` : sql``}
      ${search ? sql`and (o.number ilike ${search} or o.title ilike ${search} or o.recipient_name ilike ${search})` : sql``}
      ${status}`;
    const [rows, [total]] = await Promise.all([
      queryRows<{ id: number }>(
        this.db,
        sql`select o.id from trade_offers o where ${where}
          order by o.updated_at desc, o.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from trade_offers o where ${where}`,
      ),
    ]);
    return { ids: rows.map((r) => Number(r.id)), count: Number(total?.n ?? 0) };
  }

  /** The offer if the viewer may see it in this store (else null: a 404). */
  async byId(
    db: Database,
    viewer: ProjectViewer,
    storeId: number,
    id: number,
    lock = false,
  ): Promise<OfferRow | null> {
    const [found] = await queryRows<{ id: number }>(
      db,
      sql`select o.id from trade_offers o where o.id = ${id} and ${this.scope(viewer, storeId)}
        ${lock ? sql`for update` : sql``}`,
    );
    if (!found) return null;
    return this.row(db, Number(found.id));
  }

  /** The offer by id with its store and project, no scope (after the caller checked it). */
  async row(db: Database, id: number): Promise<OfferRow | null> {
    return (await this.rowsOf(db, [id])).get(id) ?? null;
  }

  /** Several offers with their stores and projects in two statements (a list page). */
  async rowsOf(db: Database, offerIds: readonly number[]): Promise<Map<number, OfferRow>> {
    const byOffer = new Map<number, OfferRow>();
    if (offerIds.length === 0) return byOffer;
    const ids = [...offerIds];
    const [heads, extras] = await Promise.all([
      db.select().from(tradeOffers).where(inArray(tradeOffers.id, ids)),
      queryRows<{
        id: number;
        storeExternalId: string;
        storeName: string;
        project: OfferRow['project'];
      }>(
        db,
        sql`select o.id, s.external_id as "storeExternalId", s.name as "storeName",
            ${projectJson(sql`o.project_id`)} as project
          from trade_offers o join stores s on s.id = o.store_id
          where o.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      ),
    ]);
    const extraOf = new Map(extras.map((extra) => [Number(extra.id), extra]));
    for (const head of heads) {
      const extra = extraOf.get(head.id);
      byOffer.set(head.id, {
        ...head,
        storeExternalId: extra?.storeExternalId ?? '',
        storeName: extra?.storeName ?? '',
        project: extra?.project ?? null,
      });
    }
    return byOffer;
  }

  async lines(db: Database, offerId: number): Promise<OfferLines> {
    return (await this.linesOf(db, [offerId])).get(offerId) ?? emptyLines();
  }

  /** The lines of several offers in four statements (a list page, not one offer at a time). */
  async linesOf(db: Database, offerIds: readonly number[]): Promise<Map<number, OfferLines>> {
    const byOffer = new Map<number, OfferLines>(offerIds.map((id) => [id, emptyLines()]));
    if (offerIds.length === 0) return byOffer;
    const ids = [...offerIds];
    const [items, work, rows, deductions] = await Promise.all([
      db
        .select()
        .from(tradeOfferItems)
        .where(inArray(tradeOfferItems.offerId, ids))
        .orderBy(asc(tradeOfferItems.position)),
      db
        .select()
        .from(tradeOfferWork)
        .where(inArray(tradeOfferWork.offerId, ids))
        .orderBy(asc(tradeOfferWork.position)),
      db
        .select()
        .from(tradeOfferRows)
        .where(inArray(tradeOfferRows.offerId, ids))
        .orderBy(asc(tradeOfferRows.position)),
      db
        .select()
        .from(tradeOfferDeductions)
        .where(inArray(tradeOfferDeductions.offerId, ids))
        .orderBy(asc(tradeOfferDeductions.position)),
    ]);
    for (const line of items) byOffer.get(line.offerId)?.items.push(line);
    for (const line of work) byOffer.get(line.offerId)?.work.push(line);
    for (const line of rows) byOffer.get(line.offerId)?.rows.push(line);
    for (const line of deductions) byOffer.get(line.offerId)?.deductions.push(line);
    return byOffer;
  }

  /** The company's next offer number ("KO-1001" upwards); the company row is locked. */
  async nextNumber(tx: Database, companyId: number): Promise<string> {
    await tx
      .select({ id: tradeCompanies.id })
      .from(tradeCompanies)
      .where(eq(tradeCompanies.id, companyId))
      .for('update');
    const [last] = await tx
      .select({
        n: sql<number>`coalesce(max((substring(${tradeOffers.number} from 4))::int), ${FIRST_NUMBER - 1})::int`,
      })
      .from(tradeOffers)
      .where(eq(tradeOffers.companyId, companyId));
    return `KO-${Number(last?.n ?? FIRST_NUMBER - 1) + 1}`;
  }

  async insert(tx: Database, values: typeof tradeOffers.$inferInsert): Promise<number> {
    const [row] = await tx.insert(tradeOffers).values(values).returning({ id: tradeOffers.id });
    if (!row) throw new Error('no offer inserted');
    return row.id;
  }

  async update(
    tx: Database,
    id: number,
    values: Partial<typeof tradeOffers.$inferInsert>,
    now: Date,
  ): Promise<void> {
    await tx
      .update(tradeOffers)
      .set({ ...values, updatedAt: now })
      .where(eq(tradeOffers.id, id));
  }

  async delete(tx: Database, id: number): Promise<void> {
    await tx
      .update(tradeOffers)
      .set({ replacedByOfferId: null })
      .where(eq(tradeOffers.replacedByOfferId, id));
    await tx.delete(tradeOffers).where(eq(tradeOffers.id, id));
  }

  async nextPosition(tx: Database, kind: LineKind, offerId: number): Promise<number> {
    const table = LINE_TABLES[kind];
    const [row] = await tx
      .select({ n: sql<number>`coalesce(max(${table.position}), 0)::int` })
      .from(table)
      .where(eq(table.offerId, offerId));
    return Number(row?.n ?? 0) + 1;
  }

  async lineExists(tx: Database, kind: LineKind, offerId: number, id: number): Promise<boolean> {
    const table = LINE_TABLES[kind];
    const [row] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.offerId, offerId)));
    return row !== undefined;
  }

  async deleteLine(tx: Database, kind: LineKind, offerId: number, id: number): Promise<void> {
    const table = LINE_TABLES[kind];
    await tx.delete(table).where(and(eq(table.id, id), eq(table.offerId, offerId)));
  }

  /**
   * Copies the lines of `fromId` to `toId` (a new version). Returns, per kind, the old line id →
   * the new one, so an edit addressed to the old line reaches its copy.
   */
  async copyLines(
    tx: Database,
    fromId: number,
    toId: number,
  ): Promise<Record<LineKind, Map<number, number>>> {
    const lines = await this.lines(tx, fromId);
    const map: Record<LineKind, Map<number, number>> = {
      item: new Map(),
      work: new Map(),
      row: new Map(),
      deduction: new Map(),
    };
    for (const { id, ...rest } of lines.items) {
      const [n] = await tx
        .insert(tradeOfferItems)
        .values({ ...rest, offerId: toId })
        .returning({ id: tradeOfferItems.id });
      map.item.set(id, n!.id);
    }
    for (const { id, ...rest } of lines.work) {
      const [n] = await tx
        .insert(tradeOfferWork)
        .values({ ...rest, offerId: toId })
        .returning({ id: tradeOfferWork.id });
      map.work.set(id, n!.id);
    }
    for (const { id, ...rest } of lines.rows) {
      const [n] = await tx
        .insert(tradeOfferRows)
        .values({ ...rest, offerId: toId })
        .returning({ id: tradeOfferRows.id });
      map.row.set(id, n!.id);
    }
    for (const { id, ...rest } of lines.deductions) {
      const [n] = await tx
        .insert(tradeOfferDeductions)
        .values({ ...rest, offerId: toId })
        .returning({ id: tradeOfferDeductions.id });
      map.deduction.set(id, n!.id);
    }
    return map;
  }

  /**
   * The register customer a sent offer's link is for (ADR 045): the offer's own, else the
   * project's, else the company's customer with the recipient's e-mail address, else a new
   * private customer made from the recipient. A project without a register customer gets this
   * one (its name copied, as choosing one in the project form does); the offer is tied to it.
   * Null when the project already belongs to another customer (a project token names the
   * project's customer only).
   */
  /** Whether a customer of the register is the company's (an id of another company's is not). */
  async isCompanyCustomer(companyId: number, endCustomerId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: endCustomers.id })
      .from(endCustomers)
      .where(and(eq(endCustomers.id, endCustomerId), eq(endCustomers.companyId, companyId)));
    return row !== undefined;
  }

  async recipientCustomer(
    tx: Database,
    offer: OfferRow,
    userId: number,
    now: Date,
  ): Promise<{ id: number; name: string } | null> {
    const [project] = await tx
      .select({ endCustomerId: tradeProjects.endCustomerId })
      .from(tradeProjects)
      .where(eq(tradeProjects.id, offer.projectId!))
      .for('update');
    const email = offer.recipientEmail.trim().toLowerCase();
    let id = offer.endCustomerId ?? project?.endCustomerId ?? null;
    if (id === null) {
      const [known] = await tx
        .select({ id: endCustomers.id })
        .from(endCustomers)
        .where(and(eq(endCustomers.companyId, offer.companyId), eq(endCustomers.email, email)))
        .orderBy(asc(endCustomers.id))
        .limit(1);
      id = known?.id ?? null;
    }
    if (id === null) {
      const [made] = await tx
        .insert(endCustomers)
        .values({
          organisationId: offer.organisationId,
          companyId: offer.companyId,
          kind: 'private',
          name: offer.recipientName.trim() || email,
          email,
          createdByUserId: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: endCustomers.id });
      id = made!.id;
    }
    const [customer] = await tx
      .select({ id: endCustomers.id, name: endCustomers.name })
      .from(endCustomers)
      .where(and(eq(endCustomers.id, id), eq(endCustomers.companyId, offer.companyId)));
    if (!customer) return null;
    if (project?.endCustomerId == null) {
      await tx
        .update(tradeProjects)
        .set({ endCustomerId: customer.id, endCustomerName: customer.name, updatedAt: now })
        .where(eq(tradeProjects.id, offer.projectId!));
    } else if (project.endCustomerId !== customer.id) {
      return null;
    }
    if (offer.endCustomerId !== customer.id) {
      await tx
        .update(tradeOffers)
        .set({ endCustomerId: customer.id })
        .where(eq(tradeOffers.id, offer.id));
    }
    return customer;
  }

  /** A project token for the customer (another link to the project; earlier ones keep working). */
  async addProjectToken(
    tx: Database,
    token: typeof endCustomerProjectTokens.$inferInsert,
  ): Promise<void> {
    await tx.insert(endCustomerProjectTokens).values(token);
  }

  /** An article of the organisation: its title (prices come from the pricing context). */
  async article(
    organisation: string,
    articleId: number,
  ): Promise<{ title: string; unit: string } | null> {
    const [row] = await queryRows<{ title: string; unit: string }>(
      this.db,
      sql`select a.title, p.unit from articles a join products p on p.id = a.product_id
        where a.id = ${articleId} and ${organisation} = any(p.organisation_ids)`,
    );
    return row ?? null;
  }

  /** The company's name and logo address (for the PDF and the e-mail). */
  async company(
    companyId: number,
    db: Database = this.db,
  ): Promise<{ name: string; logoUrl: string | null } | null> {
    const [row] = await db
      .select({ name: tradeCompanies.name, logoUrl: tradeCompanies.logoUrl })
      .from(tradeCompanies)
      .where(eq(tradeCompanies.id, companyId));
    return row ?? null;
  }
}
