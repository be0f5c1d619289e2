import type { Database } from '@bygg/db/client';
import {
  STAFF_COMPANY_NOT_FOUND,
  STAFF_ORDER_NOT_FOUND,
  STAFF_PROJECT_NOT_FOUND,
  STAFF_QUOTE_ALREADY_SENT,
  STAFF_QUOTE_DUPLICATE_ARTICLE,
  STAFF_QUOTE_NOT_FOUND,
  STAFF_QUOTE_PAST_VALIDITY,
  STAFF_QUOTE_UNKNOWN_ARTICLE,
  type StaffArticle,
  type StaffCustomerList,
  type StaffOrderDetail,
  type StaffOrderListQuery,
  type StaffOrderPage,
  type StaffQuote,
  type StaffQuoteBody,
  type StaffQuoteListQuery,
  type StaffQuotePage,
  type StaffQuoteStatus,
  type StaffQuoteSummary,
} from '@bygg/contracts/trade/staff';
import type { OrganisationId } from '@bygg/domain/organisations';
import { exclVatOre } from '@bygg/domain/pricing';
import { BadRequestError, ConflictError, NotFoundError } from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { recordEvent } from '../events/repository.ts';
import type { TradeOrderRepository } from '../orders/repository.ts';
import { orderDetail, orderSummary } from '../orders/service.ts';
import type { TradeOrderPlacer } from '../quotes/order-placer.ts';
import type { TradeAccess } from '../store-access/guard.ts';
import type { NewQuoteLine, StaffQuoteRow, StaffRepository } from './repository.ts';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function statusOf(row: StaffQuoteRow, today: string): StaffQuoteStatus {
  if (row.sentAt === null) return 'draft';
  if (row.status === 'open' && row.validUntil < today) return 'expired';
  return row.status === 'ordered' ? 'ordered' : 'open';
}

function bad(path: string, message: string): BadRequestError {
  return new BadRequestError(message, [{ path, message }]);
}

/**
 * The store staff's quotes and the trade orders of the store's customers (issue 20, ADR 042).
 * Prices come from the pricing context through commerce's placer (the company's net prices),
 * shown excl. VAT; a sent quote records an event and e-mails the company's users who may see it.
 */
export class StaffDeskService {
  constructor(
    private readonly repository: StaffRepository,
    private readonly orders: TradeOrderRepository,
    private readonly placer: TradeOrderPlacer,
    private readonly options: {
      mailer: Mailer;
      publicUrl: string;
      now: () => Date;
      log: { error: (obj: object, msg: string) => void };
    },
  ) {}

  async customers(access: TradeAccess, search: string | undefined): Promise<StaffCustomerList> {
    const rows = await this.repository.customers(access.store.id, search);
    return {
      results: rows.map((r) => ({
        id: r.id,
        name: r.name,
        customer_number: r.customerNumber,
        projects: r.projects,
      })),
    };
  }

  private async ensureCustomer(access: TradeAccess, companyId: number, path: string) {
    if (!(await this.repository.isCustomer(access.store.id, companyId))) {
      throw bad(path, STAFF_COMPANY_NOT_FOUND);
    }
  }

  /** Articles of the catalogue matching `search`, at the company's prices excl. VAT. */
  async articles(
    access: TradeAccess,
    query: { company_id: number; search: string },
  ): Promise<{ results: StaffArticle[] }> {
    await this.ensureCustomer(access, query.company_id, 'querystring.company_id');
    const ids = await this.repository.searchArticles(access.user.organisationId, query.search);
    if (ids.length === 0) return { results: [] };
    const priced = await this.placer.price({
      organisation: access.user.organisationId as OrganisationId,
      storeId: access.store.id,
      companyId: query.company_id,
      items: ids.map((articleId) => ({ articleId, quantity: 1 })),
    });
    return {
      results: priced.flatMap((p) =>
        p.title === null || p.priceInclOre === null
          ? []
          : [
              {
                article_id: p.articleId,
                title: p.title,
                unit: p.unit,
                price_ore: exclVatOre(p.priceInclOre, p.vatRateBp),
                vat_rate_bp: p.vatRateBp,
                is_net_price: p.isNetPrice,
              },
            ],
      ),
    };
  }

  /** Checks the body and prices its lines: a quoted price, else the company's price now. */
  private async linesOf(access: TradeAccess, body: StaffQuoteBody): Promise<NewQuoteLine[]> {
    await this.ensureCustomer(access, body.company_id, 'body.company_id');
    if (
      body.project_id != null &&
      !(await this.repository.isProjectOf(access.store.id, body.company_id, body.project_id))
    ) {
      throw bad('body.project_id', STAFF_PROJECT_NOT_FOUND);
    }
    if (body.valid_until < isoDate(this.options.now())) {
      throw bad('body.valid_until', STAFF_QUOTE_PAST_VALIDITY);
    }
    const seen = new Set<number>();
    for (const [i, line] of body.lines.entries()) {
      if (seen.has(line.article_id)) {
        throw bad(`body.lines.${i}.article_id`, STAFF_QUOTE_DUPLICATE_ARTICLE);
      }
      seen.add(line.article_id);
    }
    const priced = await this.placer.price({
      organisation: access.user.organisationId as OrganisationId,
      storeId: access.store.id,
      companyId: body.company_id,
      items: body.lines.map((l) => ({ articleId: l.article_id, quantity: l.quantity })),
    });
    return body.lines.map((line, i) => {
      const p = priced.find((x) => x.articleId === line.article_id);
      if (!p || p.title === null || p.priceInclOre === null) {
        throw bad(`body.lines.${i}.article_id`, STAFF_QUOTE_UNKNOWN_ARTICLE);
      }
      return {
        articleId: line.article_id,
        title: p.title,
        quantity: line.quantity,
        unit: p.unit,
        unitPriceOre: line.unit_price_ore ?? exclVatOre(p.priceInclOre, p.vatRateBp),
        vatRateBp: p.vatRateBp,
      };
    });
  }

  private summary(row: StaffQuoteRow, today: string): StaffQuoteSummary {
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      company: { id: Number(row.company.id), name: row.company.name },
      project: row.project,
      status: statusOf(row, today),
      valid_until: row.validUntil,
      created_at: row.createdAt.toISOString(),
      sent_at: row.sentAt ? row.sentAt.toISOString() : null,
      created_by: row.createdBy,
      total_ore: row.totalOre,
      line_count: row.lineCount,
    };
  }

  async quotes(
    access: TradeAccess,
    query: StaffQuoteListQuery,
    url: string,
  ): Promise<StaffQuotePage> {
    const today = isoDate(this.options.now());
    const { rows, count } = await this.repository.quotePage(access.store.id, query);
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => this.summary(row, today)),
    };
  }

  async quote(access: TradeAccess, id: number): Promise<StaffQuote> {
    const row = await this.repository.quote(access.store.id, id);
    if (!row) throw new NotFoundError(STAFF_QUOTE_NOT_FOUND);
    const lines = await this.repository.quoteLines(row.id);
    return {
      ...this.summary(row, isoDate(this.options.now())),
      note: row.note,
      vat_ore: row.vatOre,
      total_incl_vat_ore: row.totalOre + row.vatOre,
      lines: lines.map((l) => ({
        article_id: l.articleId,
        title: l.title,
        quantity: l.quantity,
        unit: l.unit,
        unit_price_ore: l.unitPriceOre,
        sum_ore: l.unitPriceOre * l.quantity,
        vat_rate_bp: l.vatRateBp,
      })),
    };
  }

  async create(access: TradeAccess, body: StaffQuoteBody): Promise<StaffQuote> {
    const lines = await this.linesOf(access, body);
    const id = await this.repository.createDraft(
      {
        organisationId: access.user.organisationId,
        storeId: access.store.id,
        userId: access.user.id,
        body,
        lines,
      },
      this.options.now(),
    );
    return this.quote(access, id);
  }

  /** A sent quote is 409; another store's, 404. */
  private async draftOr404(access: TradeAccess, id: number): Promise<StaffQuoteRow> {
    const row = await this.repository.quote(access.store.id, id);
    if (!row) throw new NotFoundError(STAFF_QUOTE_NOT_FOUND);
    if (row.sentAt !== null) throw new ConflictError(STAFF_QUOTE_ALREADY_SENT);
    return row;
  }

  async update(access: TradeAccess, id: number, body: StaffQuoteBody): Promise<StaffQuote> {
    await this.draftOr404(access, id);
    const lines = await this.linesOf(access, body);
    if (!(await this.repository.updateDraft(access.store.id, id, body, lines))) {
      throw new ConflictError(STAFF_QUOTE_ALREADY_SENT);
    }
    return this.quote(access, id);
  }

  async remove(access: TradeAccess, id: number): Promise<void> {
    await this.draftOr404(access, id);
    if (!(await this.repository.deleteDraft(access.store.id, id))) {
      throw new ConflictError(STAFF_QUOTE_ALREADY_SENT);
    }
  }

  /**
   * Sends a draft: from now on the company's users who may see it find it in quote/; in the
   * same transaction an event for them (quote_received). Then one e-mail to each of them.
   */
  async send(access: TradeAccess, id: number): Promise<StaffQuote> {
    const row = await this.draftOr404(access, id);
    const now = this.options.now();
    const readers = await this.repository.db.transaction(async (tx: Database) => {
      if (!(await this.repository.markSent(tx, access.store.id, id, now))) {
        throw new ConflictError(STAFF_QUOTE_ALREADY_SENT);
      }
      const quote = {
        companyId: row.company.id,
        storeId: access.store.id,
        projectId: row.project?.id ?? null,
      };
      const users = await this.repository.quoteReaders(tx, quote);
      const event = {
        organisationId: access.user.organisationId,
        companyId: row.company.id,
        storeId: access.store.id,
        type: 'quote_received' as const,
        title: 'Ny offert från butiken',
        text: `${access.store.name} har skickat offert ${row.number}: ${row.title}.`,
        target: { kind: 'quote', id: String(id) },
        createdAt: now,
      };
      if (quote.projectId === null) {
        await recordEvent(tx, { ...event, requiredRight: 'offers' });
      } else {
        // A project's quote: only the users with access to the project are told.
        for (const user of users) await recordEvent(tx, { ...event, recipientUserId: user.id });
      }
      return users;
    });
    await this.mail(access, row, readers);
    return this.quote(access, id);
  }

  private async mail(
    access: TradeAccess,
    row: StaffQuoteRow,
    readers: Array<{ id: number; email: string }>,
  ): Promise<void> {
    const root = access.store.isCentral
      ? '/rikskund/dashboard'
      : `/butiker/${encodeURIComponent(access.store.slug)}/dashboard`;
    const href = `${this.options.publicUrl}${root}/butiksofferter/${row.id}/`;
    const subject = `Offert ${row.number} från ${access.store.name}`;
    for (const reader of readers) {
      try {
        await this.options.mailer.send({
          to: reader.email,
          subject,
          text: `${access.store.name} har skickat en offert till ${row.company.name}: ${row.title}.\n\nGiltig till och med ${row.validUntil}.\n\nSe offerten: ${href}\n`,
          html: `<p>${escapeHtml(access.store.name)} har skickat en offert till ${escapeHtml(row.company.name)}: ${escapeHtml(row.title)}.</p><p>Giltig till och med ${escapeHtml(row.validUntil)}.</p><p><a href="${escapeHtml(href)}">Se offerten</a></p>`,
        });
      } catch (err) {
        this.options.log.error({ err, quoteId: row.id }, 'could not send a quote e-mail');
      }
    }
  }

  async orderList(
    access: TradeAccess,
    query: StaffOrderListQuery,
    url: string,
  ): Promise<StaffOrderPage> {
    const { rows, count } = await this.repository.orderPage(access.store.id, query);
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => ({
        ...orderSummary(row),
        company: { id: Number(row.company.id), name: row.company.name },
      })),
    };
  }

  async order(access: TradeAccess, id: number): Promise<StaffOrderDetail> {
    const row = await this.repository.order(access.store.id, id);
    if (!row) throw new NotFoundError(STAFF_ORDER_NOT_FOUND);
    const [lines, invoices] = await Promise.all([
      this.orders.lines(row.id),
      this.orders.invoices(row.id),
    ]);
    return {
      ...orderDetail(row, lines, invoices),
      company: { id: Number(row.company.id), name: row.company.name },
    };
  }
}
