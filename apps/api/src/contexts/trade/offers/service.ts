import { createHash, randomBytes } from 'node:crypto';
import {
  OFFER_ALREADY_SENT,
  OFFER_APPROVED_READ_ONLY,
  OFFER_DEDUCTION_NO_LABOUR,
  OFFER_DEFAULT_VALID_DAYS,
  OFFER_EMPTY,
  OFFER_MAX_ITEMS,
  OFFER_MAX_ROWS,
  OFFER_NO_RECIPIENT,
  OFFER_NOT_FOUND_MESSAGE,
  OFFER_ROW_NOT_FOUND_MESSAGE,
  OFFER_VALID_UNTIL_PAST,
  type Offer,
  type OfferCreateBody,
  type OfferDeductionBody,
  type OfferFromOrderBody,
  type OfferFromQuoteBody,
  type OfferItemAddBody,
  type OfferItemUpdateBody,
  type OfferListQuery,
  type OfferPage,
  type OfferPatchBody,
  type OfferRowBody,
  type OfferSendBody,
  type OfferStatus,
  type OfferSummary,
  type OfferSurchargeBody,
  type OfferWorkBody,
} from '@bygg/contracts/trade/offers';
import {
  END_CUSTOMER_NOT_FOUND_MESSAGE,
  PROJECT_TOKEN_DAYS,
} from '@bygg/contracts/trade/end-customers';
import { PROJECT_NOT_FOUND_MESSAGE, QUOTE_NOT_FOUND_MESSAGE } from '@bygg/contracts/trade/quotes';
import { addDays, amountExclVat } from '@bygg/domain/invoice';
import { formatPrice } from '@bygg/domain/money';
import {
  marginBp,
  offerTotals,
  OfferSharesError,
  salePriceFromMarkup,
  workSum,
  type OfferTotals,
  type OfferTotalsInput,
} from '@bygg/domain/offer-totals';
import type { Database } from '@bygg/db/client';
import {
  tradeOfferDeductions,
  tradeOfferItems,
  tradeOfferRows,
  tradeOfferWork,
} from '@bygg/db/schema/index';
import { eq } from '@bygg/db/orm';
import {
  BadRequestError,
  fixedStatusError,
  InvalidStateError,
  NotFoundError,
} from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { newProjectToken, projectTokenHash } from '../end-customers/project-token.ts';
import { recordEvent } from '../events/repository.ts';
import type { TradeOrderRepository } from '../orders/repository.ts';
import type { TradePriceService } from '../prices/service.ts';
import type { QuoteRepository } from '../quotes/repository.ts';
import { viewerOf } from '../quotes/service.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { LineKind, OfferLines, OfferRepository, OfferRow } from './repository.ts';

/** The e-mail to the end customer could not be sent: nothing changed, try again. */
export class OfferMailError extends fixedStatusError(
  503,
  'Service Unavailable',
  'Offerten kunde inte skickas med e-post just nu. Försök igen om en stund.',
) {}

export const SEND_NEEDS_PROJECT = 'Koppla offerten till ett projekt innan den skickas.';
export const ARTICLE_NOT_SOLD = 'Artikeln finns inte i butikens sortiment.';
export const OFFER_ID_MISMATCH = 'offer_id ska vara offerten i adressen.';
export const SHARES_TOO_LARGE = 'Andelarna för avdraget blir tillsammans mer än 100 %.';
export const OFFER_REPLACED = 'Det finns en nyare version av offerten. Ändra den i stället.';
export const ORDER_NOT_FOUND = 'Ordern finns inte';
export const NOTHING_TO_COPY = 'Det finns inga rader att göra en offert av.';
export const SEND_OTHER_CUSTOMER =
  'Projektet hör till en annan kund än offertens. Välj projektets kund eller ett annat projekt.';

/** SHA-256 of the link's offer_hash: the only form it is stored in. */
export function offerHashDigest(hash: string): string {
  return createHash('sha256').update(hash).digest('hex');
}

/** The Swedish calendar date of an instant (validity and the tax rules follow it). */
export function swedishDate(at: Date): string {
  return at.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
}

/** The end of a Swedish calendar day (the first instant of the next day). */
export function endOfSwedishDay(date: string): Date {
  const midnightUtc = new Date(`${addDays(date, 1)}T00:00:00Z`);
  const local = new Date(midnightUtc.toLocaleString('en-US', { timeZone: 'Europe/Stockholm' }));
  const utc = new Date(midnightUtc.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(midnightUtc.getTime() - (local.getTime() - utc.getTime()));
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function field(path: string, message: string): BadRequestError {
  return new BadRequestError(message, [{ path, message }]);
}

/** The stored status as the customer and the user see it: a sent offer past its validity has expired. */
export function offerStatus(row: Pick<OfferRow, 'status' | 'expiresAt'>, now: Date): OfferStatus {
  if (row.status === 'sent' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

type Head = {
  title?: string | undefined;
  project_id?: number | null | undefined;
  end_customer_id?: number | null | undefined;
  recipient_name?: string | undefined;
  recipient_email?: string | undefined;
  valid_until?: string | undefined;
  message?: string | undefined;
};

export class OfferService {
  constructor(
    private readonly repository: OfferRepository,
    private readonly deps: {
      prices: TradePriceService;
      quotes: QuoteRepository;
      orders: TradeOrderRepository;
      mailer: Mailer;
      publicUrl: string;
      now: () => Date;
    },
  ) {}

  private get db(): Database {
    return this.repository.db;
  }

  // -------------------------------------------------------------------------------------------
  // Reading
  // -------------------------------------------------------------------------------------------

  /** The totals of an offer's lines; the tax rules of the day it was sent (else today). */
  totals(row: OfferRow, lines: OfferLines): OfferTotals {
    return offerTotals(this.totalsInput(row, lines));
  }

  private totalsInput(
    row: Pick<OfferRow, 'sentAt' | 'surchargeType' | 'surchargePercentBp' | 'surchargeOre'>,
    lines: OfferLines,
  ): OfferTotalsInput {
    return {
      items: lines.items,
      work: lines.work,
      rows: lines.rows,
      surcharge:
        row.surchargeType === 'percent'
          ? { type: 'percent', percentBp: row.surchargePercentBp ?? 0 }
          : row.surchargeType === 'amount'
            ? { type: 'amount', amountOre: row.surchargeOre ?? 0 }
            : { type: 'none' },
      deductions: lines.deductions,
      date: swedishDate(row.sentAt ?? this.deps.now()),
    };
  }

  /** The whole offer as the API replies it (the client-offer calls reuse it). */
  async present(db: Database, row: OfferRow): Promise<Offer> {
    const lines = await this.repository.lines(db, row.id);
    const t = this.totals(row, lines);
    const now = this.deps.now();
    return {
      ...this.summaryOf(row, t, now),
      message: row.message,
      previous_offer_id: row.previousOfferId,
      replaced_by_offer_id: row.replacedByOfferId,
      editable: row.status === 'draft',
      source_quote_id: row.sourceQuoteId,
      source_order_id: row.sourceOrderId,
      expires_at: row.expiresAt?.toISOString() ?? null,
      approved_at: row.approvedAt?.toISOString() ?? null,
      approved_by_name: row.approvedByName,
      declined_at: row.declinedAt?.toISOString() ?? null,
      terms_accepted_at: row.termsAcceptedAt?.toISOString() ?? null,
      items: lines.items.map((i) => ({
        id: i.id,
        external_id: i.externalId,
        article_id: i.articleId,
        title: i.title,
        quantity: i.quantity,
        unit: i.unit,
        net_price_ore: i.netPriceOre,
        unit_price_ore: i.unitPriceOre,
        vat_rate_bp: i.vatRateBp,
        sum_ore: i.quantity * i.unitPriceOre,
        margin_bp: marginBp(i.unitPriceOre, i.netPriceOre),
      })),
      work: lines.work.map((w) => ({
        id: w.id,
        title: w.title,
        hours_hundredths: w.hoursHundredths,
        rate_ore: w.rateOre,
        deduction_type: w.deductionType,
        sum_ore: workSum(w.hoursHundredths, w.rateOre),
      })),
      rows: lines.rows.map((r) => ({
        id: r.id,
        text: r.text,
        amount_ore: r.amountOre,
        vat_rate_bp: r.vatRateBp,
      })),
      deductions: lines.deductions.map((d, k) => ({
        id: d.id,
        type: d.type,
        person_name: d.personName,
        share_bp: d.shareBp,
        prior_rot_ore: d.priorRotOre,
        prior_rut_ore: d.priorRutOre,
        amount_ore: t.deductions[k]!.amountOre,
        capped: t.deductions[k]!.capped,
      })),
      surcharge: {
        type: row.surchargeType,
        percent_bp: row.surchargeType === 'percent' ? row.surchargePercentBp : null,
        amount_ore: row.surchargeType === 'amount' ? row.surchargeOre : null,
      },
      totals: {
        items_ore: t.itemsOre,
        work_ore: t.workOre,
        rows_ore: t.rowsOre,
        subtotal_ore: t.subtotalOre,
        surcharge_ore: t.surchargeOre,
        total_excl_vat_ore: t.totalExclVatOre,
        vat_ore: t.vatOre,
        total_incl_vat_ore: t.totalInclVatOre,
        rot_labour_incl_vat_ore: t.rotLabourInclVatOre,
        rut_labour_incl_vat_ore: t.rutLabourInclVatOre,
        rot_ore: t.rotOre,
        rut_ore: t.rutOre,
        deduction_ore: t.deductionOre,
        after_deduction_ore: t.afterDeductionOre,
        rounding_ore: t.roundingOre,
        to_pay_ore: t.toPayOre,
        rot_rate_bp: t.rotRateBp,
        rut_rate_bp: t.rutRateBp,
        rules_date: t.rulesDate,
      },
    };
  }

  private summaryOf(row: OfferRow, t: OfferTotals, now: Date): OfferSummary {
    return {
      id: row.id,
      number: row.number,
      version: row.version,
      title: row.title,
      status: offerStatus(row, now),
      store: { external_id: row.storeExternalId, name: row.storeName },
      project: row.project,
      end_customer: {
        id: row.endCustomerId,
        name: row.recipientName,
        email: row.recipientEmail,
      },
      valid_until: row.validUntil,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      sent_at: row.sentAt?.toISOString() ?? null,
      total_incl_vat_ore: t.totalInclVatOre,
      to_pay_ore: t.toPayOre,
    };
  }

  /**
   * The rows and totals of several offers in six statements, whatever their number (a list
   * page; the end customer's client-offer list too), not one offer at a time. No scope: the
   * caller chose the ids.
   */
  async totalsOf(
    ids: readonly number[],
  ): Promise<Map<number, { row: OfferRow; totals: OfferTotals }>> {
    const [rows, lines] = await Promise.all([
      this.repository.rowsOf(this.db, ids),
      this.repository.linesOf(this.db, ids),
    ]);
    const result = new Map<number, { row: OfferRow; totals: OfferTotals }>();
    for (const id of ids) {
      const row = rows.get(id);
      const offerLines = lines.get(id);
      if (row && offerLines) result.set(id, { row, totals: this.totals(row, offerLines) });
    }
    return result;
  }

  async list(access: TradeAccess, query: OfferListQuery, url: string): Promise<OfferPage> {
    const now = this.deps.now();
    const { ids, count } = await this.repository.page(
      viewerOf(access),
      access.store.id,
      query,
      now,
    );
    const totals = await this.totalsOf(ids);
    const results: OfferSummary[] = [];
    for (const id of ids) {
      const found = totals.get(id);
      if (found) results.push(this.summaryOf(found.row, found.totals, now));
    }
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results,
    };
  }

  private async found(
    db: Database,
    access: TradeAccess,
    id: number,
    lock = false,
  ): Promise<OfferRow> {
    const row = await this.repository.byId(db, viewerOf(access), access.store.id, id, lock);
    if (!row) throw new NotFoundError(OFFER_NOT_FOUND_MESSAGE);
    return row;
  }

  async get(access: TradeAccess, id: number): Promise<Offer> {
    return this.present(this.db, await this.found(this.db, access, id));
  }

  /** The offer and its lines for the PDF. */
  async document(access: TradeAccess, id: number): Promise<Offer> {
    return this.get(access, id);
  }

  async companyOf(access: TradeAccess): Promise<{ name: string; logoUrl: string | null }> {
    return (await this.repository.company(companyOf(access))) ?? { name: '', logoUrl: null };
  }

  // -------------------------------------------------------------------------------------------
  // The head: create, change, move, delete
  // -------------------------------------------------------------------------------------------

  /** The head's project must be one the user sees, its customer one of the company's register. */
  private async checkHead(access: TradeAccess, head: Head) {
    const projectId = head.project_id;
    if (projectId !== null && projectId !== undefined) {
      if (!(await this.deps.quotes.projectVisible(viewerOf(access), projectId))) {
        throw field('body.project_id', PROJECT_NOT_FOUND_MESSAGE);
      }
    }
    const customerId = head.end_customer_id;
    if (customerId !== null && customerId !== undefined) {
      if (!(await this.repository.isCompanyCustomer(companyOf(access), customerId))) {
        throw field('body.end_customer_id', END_CUSTOMER_NOT_FOUND_MESSAGE);
      }
    }
  }

  private headValues(head: Head, today: string) {
    if (head.valid_until !== undefined && head.valid_until < today) {
      throw field('body.valid_until', OFFER_VALID_UNTIL_PAST);
    }
    return {
      ...(head.title !== undefined ? { title: head.title } : {}),
      ...(head.project_id !== undefined ? { projectId: head.project_id } : {}),
      ...(head.end_customer_id !== undefined ? { endCustomerId: head.end_customer_id } : {}),
      ...(head.recipient_name !== undefined ? { recipientName: head.recipient_name } : {}),
      ...(head.recipient_email !== undefined ? { recipientEmail: head.recipient_email } : {}),
      ...(head.valid_until !== undefined ? { validUntil: head.valid_until } : {}),
      ...(head.message !== undefined ? { message: head.message } : {}),
    };
  }

  private async createIn(
    tx: Database,
    access: TradeAccess,
    head: Head & { title: string },
    extra: { sourceQuoteId?: number; sourceOrderId?: number } = {},
  ): Promise<number> {
    const companyId = companyOf(access);
    const now = this.deps.now();
    const today = swedishDate(now);
    const number = await this.repository.nextNumber(tx, companyId);
    return this.repository.insert(tx, {
      organisationId: access.user.organisationId,
      companyId,
      storeId: access.store.id,
      number,
      validUntil: addDays(today, OFFER_DEFAULT_VALID_DAYS),
      ...this.headValues(head, today),
      title: head.title,
      ...extra,
      createdByUserId: access.user.id,
      createdAt: now,
      updatedAt: now,
    });
  }

  async create(access: TradeAccess, body: OfferCreateBody): Promise<Offer> {
    await this.checkHead(access, body);
    return this.db.transaction(async (tx) => {
      const id = await this.createIn(tx, access, body);
      return this.present(tx, (await this.repository.row(tx, id))!);
    });
  }

  /**
   * The offer to change: a draft as it is; one that was sent (sent, expired, declined) gets a
   * new version first, which the change then applies to. Approved: 409.
   */
  private async editable(
    tx: Database,
    access: TradeAccess,
    id: number,
  ): Promise<{ row: OfferRow; lineIds: Record<LineKind, Map<number, number>> | null }> {
    const row = await this.found(tx, access, id, true);
    if (row.status === 'approved') throw new InvalidStateError(OFFER_APPROVED_READ_ONLY);
    if (row.status === 'draft') return { row, lineIds: null };
    if (row.replacedByOfferId !== null) throw new InvalidStateError(OFFER_REPLACED);
    const now = this.deps.now();
    const rest: Partial<OfferRow> = { ...row };
    delete rest.id;
    delete rest.storeExternalId;
    delete rest.storeName;
    delete rest.project;
    delete rest.hashDigest;
    const newId = await this.repository.insert(tx, {
      ...(rest as Omit<OfferRow, 'id' | 'storeExternalId' | 'storeName' | 'project'>),
      version: row.version + 1,
      previousOfferId: row.id,
      replacedByOfferId: null,
      status: 'draft',
      sentAt: null,
      expiresAt: null,
      termsAcceptedAt: null,
      approvedAt: null,
      approvedByName: null,
      declinedAt: null,
      validUntil:
        row.validUntil < swedishDate(now)
          ? addDays(swedishDate(now), OFFER_DEFAULT_VALID_DAYS)
          : row.validUntil,
      createdByUserId: access.user.id,
      createdAt: now,
      updatedAt: now,
    });
    const lineIds = await this.repository.copyLines(tx, row.id, newId);
    // The old link stops working: only the new version, once sent, has one.
    await this.repository.update(tx, row.id, { replacedByOfferId: newId, hashDigest: null }, now);
    return { row: (await this.repository.row(tx, newId))!, lineIds };
  }

  /** Runs a change on the offer (or its new version) and replies with the result. */
  private async change(
    access: TradeAccess,
    id: number,
    apply: (
      tx: Database,
      row: OfferRow,
      lineId: (kind: LineKind, old: number) => number,
    ) => Promise<void>,
  ): Promise<Offer> {
    return this.db.transaction(async (tx) => {
      const { row, lineIds } = await this.editable(tx, access, id);
      await apply(tx, row, (kind, old) => lineIds?.[kind].get(old) ?? old);
      await this.repository.update(tx, row.id, {}, this.deps.now());
      const fresh = (await this.repository.row(tx, row.id))!;
      const lines = await this.repository.lines(tx, row.id);
      try {
        this.totals(fresh, lines);
      } catch (err) {
        if (err instanceof OfferSharesError) throw field('body.share_bp', SHARES_TOO_LARGE);
        throw err;
      }
      return this.present(tx, fresh);
    });
  }

  async patch(access: TradeAccess, id: number, body: OfferPatchBody): Promise<Offer> {
    await this.checkHead(access, body);
    const values = this.headValues(body, swedishDate(this.deps.now()));
    return this.change(access, id, async (tx, row) => {
      await this.repository.update(tx, row.id, values, this.deps.now());
    });
  }

  async remove(access: TradeAccess, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.found(tx, access, id, true);
      if (row.status === 'approved') throw new InvalidStateError(OFFER_APPROVED_READ_ONLY);
      await this.repository.delete(tx, row.id);
    });
  }

  async setSurcharge(access: TradeAccess, id: number, body: OfferSurchargeBody): Promise<Offer> {
    return this.change(access, id, async (tx, row) => {
      await this.repository.update(
        tx,
        row.id,
        {
          surchargeType: body.type,
          surchargePercentBp: body.type === 'percent' ? body.percent_bp : null,
          surchargeOre: body.type === 'amount' ? body.amount_ore : null,
        },
        this.deps.now(),
      );
    });
  }

  // -------------------------------------------------------------------------------------------
  // Lines
  // -------------------------------------------------------------------------------------------

  private async lineCount(tx: Database, offerId: number): Promise<OfferLines> {
    return this.repository.lines(tx, offerId);
  }

  private async needLine(tx: Database, kind: LineKind, offerId: number, lineId: number) {
    if (!(await this.repository.lineExists(tx, kind, offerId, lineId))) {
      throw new NotFoundError(OFFER_ROW_NOT_FOUND_MESSAGE);
    }
  }

  /** The company's net price of an article in this store, excl. VAT (the pricing context). */
  private async netPrice(
    access: TradeAccess,
    articleId: number,
  ): Promise<{ netOre: number; vatRateBp: number; title: string; unit: string }> {
    const [price] = await this.deps.prices.prices(access, [articleId]);
    const article = await this.repository.article(access.user.organisationId, articleId);
    if (!price || !article) throw field('body.external_id', ARTICLE_NOT_SOLD);
    return {
      netOre: price.price_ore,
      vatRateBp: price.vat_rate_bp,
      title: article.title,
      unit: article.unit,
    };
  }

  async addItem(access: TradeAccess, id: number, body: OfferItemAddBody): Promise<Offer> {
    // The offer exists (else 404) before the body is held against it; the article's price is
    // read before the transaction (one connection: no other query may wait inside it).
    await this.found(this.db, access, id);
    if (body.offer_id !== id) throw field('body.offer_id', OFFER_ID_MISMATCH);
    if (body.unit_price_ore !== undefined && body.markup_bp !== undefined) {
      throw field('body.markup_bp', 'Ange antingen pris eller påslag, inte båda.');
    }
    const externalId = String(body.external_id);
    const articleId = /^\d{1,9}$/.test(externalId) ? Number(externalId) : null;
    if (articleId === null) throw field('body.external_id', ARTICLE_NOT_SOLD);
    const price = await this.netPrice(access, articleId);
    return this.change(access, id, async (tx, row) => {
      const lines = await this.lineCount(tx, row.id);
      if (lines.items.length >= OFFER_MAX_ITEMS) {
        throw field('body', `En offert får ha högst ${OFFER_MAX_ITEMS} artiklar.`);
      }
      await tx.insert(tradeOfferItems).values({
        offerId: row.id,
        position: await this.repository.nextPosition(tx, 'item', row.id),
        externalId,
        articleId,
        title: body.title || price.title,
        quantity: body.quantity,
        unit: price.unit,
        netPriceOre: price.netOre,
        unitPriceOre: body.unit_price_ore ?? salePriceFromMarkup(price.netOre, body.markup_bp ?? 0),
        vatRateBp: price.vatRateBp,
      });
    });
  }

  async updateItem(
    access: TradeAccess,
    id: number,
    itemId: number,
    body: OfferItemUpdateBody,
  ): Promise<Offer> {
    return this.change(access, id, async (tx, row, lineId) => {
      const target = lineId('item', itemId);
      await this.needLine(tx, 'item', row.id, target);
      const [item] = await tx.select().from(tradeOfferItems).where(eq(tradeOfferItems.id, target));
      await tx
        .update(tradeOfferItems)
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.quantity !== undefined ? { quantity: body.quantity } : {}),
          ...(body.unit_price_ore !== undefined ? { unitPriceOre: body.unit_price_ore } : {}),
          ...(body.markup_bp !== undefined
            ? { unitPriceOre: salePriceFromMarkup(item!.netPriceOre, body.markup_bp) }
            : {}),
        })
        .where(eq(tradeOfferItems.id, target));
    });
  }

  async deleteLine(access: TradeAccess, id: number, kind: LineKind, lineId: number) {
    return this.change(access, id, async (tx, row, mapped) => {
      const target = mapped(kind, lineId);
      await this.needLine(tx, kind, row.id, target);
      await this.repository.deleteLine(tx, kind, row.id, target);
    });
  }

  private workValues(body: OfferWorkBody) {
    return {
      title: body.title,
      hoursHundredths: body.hours_hundredths,
      rateOre: body.rate_ore,
      deductionType: body.deduction_type ?? null,
    };
  }

  async addWork(access: TradeAccess, id: number, body: OfferWorkBody): Promise<Offer> {
    return this.change(access, id, async (tx, row) => {
      const lines = await this.lineCount(tx, row.id);
      if (lines.work.length >= OFFER_MAX_ROWS) {
        throw field('body', `En offert får ha högst ${OFFER_MAX_ROWS} arbetsrader.`);
      }
      await tx.insert(tradeOfferWork).values({
        offerId: row.id,
        position: await this.repository.nextPosition(tx, 'work', row.id),
        ...this.workValues(body),
      });
    });
  }

  async updateWork(access: TradeAccess, id: number, workId: number, body: OfferWorkBody) {
    return this.change(access, id, async (tx, row, lineId) => {
      const target = lineId('work', workId);
      await this.needLine(tx, 'work', row.id, target);
      await tx
        .update(tradeOfferWork)
        .set(this.workValues(body))
        .where(eq(tradeOfferWork.id, target));
    });
  }

  private rowValues(body: OfferRowBody) {
    return { text: body.text, amountOre: body.amount_ore, vatRateBp: body.vat_rate_bp ?? 2500 };
  }

  async addRow(access: TradeAccess, id: number, body: OfferRowBody): Promise<Offer> {
    return this.change(access, id, async (tx, row) => {
      const lines = await this.lineCount(tx, row.id);
      if (lines.rows.length >= OFFER_MAX_ROWS) {
        throw field('body', `En offert får ha högst ${OFFER_MAX_ROWS} fria rader.`);
      }
      await tx.insert(tradeOfferRows).values({
        offerId: row.id,
        position: await this.repository.nextPosition(tx, 'row', row.id),
        ...this.rowValues(body),
      });
    });
  }

  async updateRow(access: TradeAccess, id: number, rowId: number, body: OfferRowBody) {
    return this.change(access, id, async (tx, row, lineId) => {
      const target = lineId('row', rowId);
      await this.needLine(tx, 'row', row.id, target);
      await tx
        .update(tradeOfferRows)
        .set(this.rowValues(body))
        .where(eq(tradeOfferRows.id, target));
    });
  }

  private deductionValues(body: OfferDeductionBody) {
    return {
      type: body.type,
      personName: body.person_name,
      shareBp: body.share_bp ?? null,
      priorRotOre: body.prior_rot_ore ?? 0,
      priorRutOre: body.prior_rut_ore ?? 0,
    };
  }

  async addDeduction(access: TradeAccess, id: number, body: OfferDeductionBody): Promise<Offer> {
    return this.change(access, id, async (tx, row) => {
      const lines = await this.lineCount(tx, row.id);
      if (lines.deductions.length >= 10) {
        throw field('body', 'En offert får ha högst 10 avdrag.');
      }
      await tx.insert(tradeOfferDeductions).values({
        offerId: row.id,
        position: await this.repository.nextPosition(tx, 'deduction', row.id),
        ...this.deductionValues(body),
      });
    });
  }

  async updateDeduction(
    access: TradeAccess,
    id: number,
    deductionId: number,
    body: OfferDeductionBody,
  ) {
    return this.change(access, id, async (tx, row, lineId) => {
      const target = lineId('deduction', deductionId);
      await this.needLine(tx, 'deduction', row.id, target);
      await tx
        .update(tradeOfferDeductions)
        .set(this.deductionValues(body))
        .where(eq(tradeOfferDeductions.id, target));
    });
  }

  // -------------------------------------------------------------------------------------------
  // From a quote or an order
  // -------------------------------------------------------------------------------------------

  private async fromLines(
    access: TradeAccess,
    head: Head & { title: string; markup_bp?: number | undefined },
    lines: Array<{
      articleId: number;
      title: string;
      quantity: number;
      unit: string;
      netOre: number;
      vatRateBp: number;
    }>,
    source: { sourceQuoteId?: number; sourceOrderId?: number },
  ): Promise<Offer> {
    if (lines.length === 0) throw field('body', NOTHING_TO_COPY);
    await this.checkHead(access, head);
    return this.db.transaction(async (tx) => {
      const id = await this.createIn(tx, access, head, source);
      let position = 0;
      for (const l of lines.slice(0, OFFER_MAX_ITEMS)) {
        position += 1;
        await tx.insert(tradeOfferItems).values({
          offerId: id,
          position,
          externalId: String(l.articleId),
          articleId: l.articleId,
          title: l.title,
          quantity: l.quantity,
          unit: l.unit,
          netPriceOre: l.netOre,
          unitPriceOre: salePriceFromMarkup(l.netOre, head.markup_bp ?? 0),
          vatRateBp: l.vatRateBp,
        });
      }
      return this.present(tx, (await this.repository.row(tx, id))!);
    });
  }

  async fromQuote(access: TradeAccess, body: OfferFromQuoteBody): Promise<Offer> {
    const quote = await this.deps.quotes.byId(viewerOf(access), access.store.id, body.quote_id);
    if (!quote) throw new NotFoundError(QUOTE_NOT_FOUND_MESSAGE);
    const lines = await this.deps.quotes.lines(quote.id);
    return this.fromLines(
      access,
      {
        ...body,
        title: body.title ?? quote.title,
        project_id: body.project_id !== undefined ? body.project_id : (quote.project?.id ?? null),
      },
      lines.map((l) => ({
        articleId: l.articleId,
        title: l.title,
        quantity: l.quantity,
        unit: l.unit,
        netOre: l.unitPriceOre,
        vatRateBp: l.vatRateBp,
      })),
      { sourceQuoteId: quote.id },
    );
  }

  async fromOrder(access: TradeAccess, body: OfferFromOrderBody): Promise<Offer> {
    const order = await this.deps.orders.byId(viewerOf(access), access.store.id, body.order_id);
    if (!order) throw new NotFoundError(ORDER_NOT_FOUND);
    const lines = await this.deps.orders.lines(order.id);
    return this.fromLines(
      access,
      {
        ...body,
        title: body.title ?? `Offert från order ${order.id}`,
        project_id: body.project_id !== undefined ? body.project_id : (order.project?.id ?? null),
      },
      lines.map((l) => ({
        articleId: l.articleId,
        title: l.title,
        quantity: l.quantity,
        unit: l.unit,
        // Order lines are stored incl. VAT; the company's purchase price excl. VAT.
        netOre: amountExclVat(l.priceOre, l.vatRateBp),
        vatRateBp: l.vatRateBp,
      })),
      { sourceOrderId: order.id },
    );
  }

  // -------------------------------------------------------------------------------------------
  // Sending
  // -------------------------------------------------------------------------------------------

  /**
   * Sends the offer: a new random offer_hash (only its digest is kept; sending again makes a
   * new link and the old one stops working), the validity's end, an e-mail to the end customer
   * with the link, and an event for the company's users with the offers right. The e-mail goes
   * out inside the transaction: if it fails, nothing is marked sent (503).
   */
  async send(access: TradeAccess, id: number, body: OfferSendBody): Promise<Offer> {
    const now = this.deps.now();
    return this.db.transaction(async (tx) => {
      const row = await this.found(tx, access, id, true);
      if (row.status === 'approved') throw new InvalidStateError(OFFER_APPROVED_READ_ONLY);
      if (row.replacedByOfferId !== null) throw new InvalidStateError(OFFER_REPLACED);
      if (row.status !== 'draft' && offerStatus(row, now) !== 'sent') {
        throw new InvalidStateError(OFFER_ALREADY_SENT);
      }
      if (!row.recipientEmail) throw field('body.recipient_email', OFFER_NO_RECIPIENT);
      if (row.projectId === null || !row.project)
        throw field('body.project_id', SEND_NEEDS_PROJECT);
      const today = swedishDate(now);
      if (row.validUntil < today) throw field('body.valid_until', OFFER_VALID_UNTIL_PAST);
      const lines = await this.repository.lines(tx, row.id);
      if (lines.items.length + lines.work.length + lines.rows.length === 0) {
        throw field('body', OFFER_EMPTY);
      }
      for (const d of lines.deductions) {
        if (!lines.work.some((w) => w.deductionType === d.type)) {
          throw field('body', OFFER_DEDUCTION_NO_LABOUR);
        }
      }
      // The link opens the project for the customer too (ADR 045): a project token of its own.
      const customer = await this.repository.recipientCustomer(tx, row, access.user.id, now);
      if (!customer) throw field('body.project_id', SEND_OTHER_CUSTOMER);
      const token = newProjectToken();
      await this.repository.addProjectToken(tx, {
        projectId: row.projectId,
        endCustomerId: customer.id,
        tokenHash: projectTokenHash(token),
        invitedByUserId: access.user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PROJECT_TOKEN_DAYS * 24 * 60 * 60 * 1000),
      });
      const hash = randomBytes(32).toString('base64url');
      const message = body.message ?? row.message;
      await this.repository.update(
        tx,
        row.id,
        {
          status: 'sent',
          hashDigest: offerHashDigest(hash),
          sentAt: now,
          expiresAt: endOfSwedishDay(row.validUntil),
          message,
        },
        now,
      );
      const sent = (await this.repository.row(tx, row.id))!;
      const t = this.totals(sent, lines);
      const company = await this.repository.company(companyOf(access), tx);
      await recordEvent(tx, {
        organisationId: access.user.organisationId,
        companyId: companyOf(access),
        storeId: access.store.id,
        requiredRight: 'offers',
        type: 'offer_sent',
        title: `Offert ${row.number} skickad`,
        text: `Offert ${row.number} (${row.title}) skickades till ${row.recipientName || row.recipientEmail}.`,
        target: { kind: 'offer', id: String(row.id) },
        createdAt: now,
      });
      const url =
        `${this.deps.publicUrl}/kund/${encodeURIComponent(access.store.slug)}/dashboard/projekt/` +
        `${row.projectId}/offert/${row.id}/?offer_hash=${hash}&token=${token}`;
      const from = company?.name ?? access.store.name;
      const greeting = row.recipientName ? `Hej ${row.recipientName}!` : 'Hej!';
      const amount = `${formatPrice(t.toPayOre)} kr`;
      try {
        await this.deps.mailer.send({
          to: row.recipientEmail,
          subject: `Offert ${row.number} från ${from}`,
          text:
            `${greeting}\n\n${from} har skickat offert ${row.number}: ${row.title}.\n` +
            `Att betala: ${amount} (giltig till ${row.validUntil}).\n` +
            (message ? `\n${message}\n` : '') +
            `\nLäs och godkänn offerten här:\n${url}\n`,
          html:
            `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(from)} har skickat offert ${escapeHtml(row.number)}: ${escapeHtml(row.title)}.<br>` +
            `Att betala: ${escapeHtml(amount)} (giltig till ${row.validUntil}).</p>` +
            (message ? `<p>${escapeHtml(message).replace(/\n/g, '<br>')}</p>` : '') +
            `<p><a href="${escapeHtml(url)}">Läs och godkänn offerten</a></p>`,
        });
      } catch {
        throw new OfferMailError();
      }
      return this.present(tx, sent);
    });
  }
}
