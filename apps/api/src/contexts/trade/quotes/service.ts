import { createHash } from 'node:crypto';
import {
  PROJECT_NOT_FOUND_MESSAGE,
  QUOTE_CART_BAD_ARTICLE,
  QUOTE_CART_DUPLICATE,
  QUOTE_CART_HAS_PROBLEMS,
  QUOTE_CART_MAX_LINES,
  QUOTE_CART_MAX_QUANTITY,
  QUOTE_CART_QUANTITY_MIN,
  QUOTE_CART_TOO_LARGE_QUANTITY,
  QUOTE_CART_TOO_MANY_LINES,
  QUOTE_CART_WRONG_STORE,
  QUOTE_NOT_FOUND_MESSAGE,
  type Quote,
  type QuoteCartItem,
  type QuoteListQuery,
  type QuotePage,
  type QuoteStatus,
  type QuoteSummary,
  type QuoteValidateBody,
  type ValidatedQuoteCart,
} from '@bygg/contracts/trade/quotes';
import { orderNumber } from '@bygg/domain/checkout';
import type { OrganisationId } from '@bygg/domain/organisations';
import { exclVatOre } from '@bygg/domain/pricing';
import { BadRequestError, DomainError, NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import type { TradeOrderPlacer } from './order-placer.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { ProjectViewer } from './project-scope.ts';
import type { QuoteRepository, QuoteRow } from './repository.ts';

/**
 * 400 of the quote validation: besides `fields`, `items` has one entry per line sent, mapping
 * each wrong field to its messages (trade-area spec §5: "400 gives per-item field errors").
 */
export class QuoteItemsError extends BadRequestError {
  constructor(
    message: string,
    readonly items: Array<Record<string, string[]>>,
  ) {
    super(
      message,
      items.flatMap((errors, i) =>
        Object.entries(errors).flatMap(([field, messages]) =>
          messages.map((m) => ({ path: `body.items.${i}.${field}`, message: m })),
        ),
      ),
    );
  }

  override extraBody(): Record<string, unknown> {
    return { items: this.items };
  }
}

/** 422: some lines cannot be ordered as they are; the cart is stored all the same (spec §5). */
export class QuoteCartUnprocessableError extends DomainError {
  readonly statusCode = 422;
  readonly error = 'Unprocessable Entity';
  constructor(readonly cart: ValidatedQuoteCart) {
    super(QUOTE_CART_HAS_PROBLEMS);
    this.name = 'QuoteCartUnprocessableError';
  }

  override extraBody(): Record<string, unknown> {
    return { cart: this.cart };
  }
}

export function viewerOf(access: TradeAccess): ProjectViewer {
  return {
    companyId: companyOf(access),
    userId: access.user.id,
    isAdmin: access.account.role === 'admin',
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function statusOf(row: QuoteRow, today: string): QuoteStatus {
  if (row.status === 'open' && row.validUntil < today) return 'expired';
  return row.status as QuoteStatus;
}

/** Checks the sent lines one by one: the 400 names each line's wrong fields. */
function checkItems(items: readonly unknown[]): QuoteCartItem[] {
  if (items.length > QUOTE_CART_MAX_LINES) {
    throw new BadRequestError(QUOTE_CART_TOO_MANY_LINES, [
      { path: 'body.items', message: QUOTE_CART_TOO_MANY_LINES },
    ]);
  }
  const seen = new Set<number>();
  const errors: Array<Record<string, string[]>> = [];
  const valid: QuoteCartItem[] = [];
  for (const raw of items) {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const wrong: Record<string, string[]> = {};
    const articleId = item.article_id;
    const quantity = item.quantity;
    if (
      typeof articleId !== 'number' ||
      !Number.isInteger(articleId) ||
      articleId < 1 ||
      articleId > 2_147_483_647
    ) {
      wrong.article_id = [QUOTE_CART_BAD_ARTICLE];
    } else if (seen.has(articleId)) {
      wrong.article_id = [QUOTE_CART_DUPLICATE];
    }
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      wrong.quantity = [QUOTE_CART_QUANTITY_MIN];
    } else if (quantity > QUOTE_CART_MAX_QUANTITY) {
      wrong.quantity = [QUOTE_CART_TOO_LARGE_QUANTITY];
    }
    errors.push(wrong);
    if (Object.keys(wrong).length === 0) {
      seen.add(articleId as number);
      valid.push({ article_id: articleId as number, quantity: quantity as number });
    } else if (typeof articleId === 'number') {
      seen.add(articleId);
    }
  }
  if (errors.some((e) => Object.keys(e).length > 0)) {
    const first = errors.flatMap((e) => Object.values(e).flat())[0] ?? QUOTE_CART_QUANTITY_MIN;
    throw new QuoteItemsError(first, errors);
  }
  return valid;
}

/** Store quotes (quote/, quote/{id}/) and the quote cart's validation. */
export class QuoteService {
  constructor(
    private readonly repository: QuoteRepository,
    private readonly orders: TradeOrderPlacer,
    private readonly now: () => Date,
  ) {}

  private summary(row: QuoteRow, today: string): QuoteSummary {
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      store: { external_id: row.storeExternalId, name: row.storeName },
      project: row.project,
      status: statusOf(row, today),
      valid_until: row.validUntil,
      created_at: row.createdAt.toISOString(),
      total_ore: row.totalOre,
      line_count: row.lineCount,
      order: row.orderId === null ? null : { id: row.orderId, number: orderNumber(row.orderId) },
    };
  }

  /** A visible quote with its lines (what POST quote/{id}/order/ orders), or 404. */
  async forOrder(
    access: TradeAccess,
    id: number,
  ): Promise<{ row: QuoteRow; lines: Awaited<ReturnType<QuoteRepository['lines']>> }> {
    const row = await this.repository.byId(viewerOf(access), access.store.id, id);
    if (!row) throw new NotFoundError(QUOTE_NOT_FOUND_MESSAGE);
    return { row, lines: await this.repository.lines(row.id) };
  }

  /** The quote is ordered (in the order's transaction); false: someone ordered it first. */
  markOrdered(
    tx: Parameters<QuoteRepository['markOrdered']>[0],
    quoteId: number,
    order: { orderId: number; projectId: number },
  ): Promise<boolean> {
    return this.repository.markOrdered(tx, quoteId, order);
  }

  today(): string {
    return isoDate(this.now());
  }

  async list(access: TradeAccess, query: QuoteListQuery, url: string): Promise<QuotePage> {
    const today = isoDate(this.now());
    const { rows, count } = await this.repository.page(viewerOf(access), access.store.id, query);
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map((row) => this.summary(row, today)),
    };
  }

  async get(access: TradeAccess, id: number): Promise<Quote> {
    const row = await this.repository.byId(viewerOf(access), access.store.id, id);
    if (!row) throw new NotFoundError(QUOTE_NOT_FOUND_MESSAGE);
    const lines = await this.repository.lines(row.id);
    return {
      ...this.summary(row, isoDate(this.now())),
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

  /** The project a cart or an order names: the company's and visible to the caller, or 400. */
  async checkProject(access: TradeAccess, projectId: number | null): Promise<void> {
    if (projectId === null) return;
    if (!(await this.repository.projectVisible(viewerOf(access), projectId))) {
      throw new BadRequestError(PROJECT_NOT_FOUND_MESSAGE, [
        { path: 'body.project_id', message: PROJECT_NOT_FOUND_MESSAGE },
      ]);
    }
  }

  /**
   * The quote validation call: 400 with per-item field errors for lines that are wrong as
   * sent (nothing stored); otherwise the cart is priced (the company's net prices, excl. VAT)
   * and stored, 200 when every line can be ordered, 422 with the cart when some cannot.
   */
  async validate(access: TradeAccess, body: QuoteValidateBody): Promise<ValidatedQuoteCart> {
    if (body.store_id !== access.store.externalId) {
      throw new BadRequestError(QUOTE_CART_WRONG_STORE, [
        { path: 'body.store_id', message: QUOTE_CART_WRONG_STORE },
      ]);
    }
    const items = checkItems(body.items);
    const projectId = body.project_id ?? null;
    await this.checkProject(access, projectId);
    const cart = await this.price(access, items, projectId);
    await this.repository.saveCart(
      access.user.id,
      access.store.id,
      { projectId, items },
      this.now(),
    );
    if (!cart.valid) throw new QuoteCartUnprocessableError(cart);
    return cart;
  }

  /** The lines as commerce would order them now, presented excl. VAT. */
  async price(
    access: TradeAccess,
    items: readonly QuoteCartItem[],
    projectId: number | null,
  ): Promise<ValidatedQuoteCart> {
    const priced =
      items.length === 0
        ? []
        : await this.orders.price({
            organisation: access.user.organisationId as OrganisationId,
            storeId: access.store.id,
            companyId: companyOf(access),
            items: items.map((i) => ({ articleId: i.article_id, quantity: i.quantity })),
          });
    let totalOre = 0;
    let inclOre = 0;
    const lines = priced.map((p) => {
      const priceOre = p.priceInclOre === null ? null : exclVatOre(p.priceInclOre, p.vatRateBp);
      const sumOre = (priceOre ?? 0) * p.quantity;
      totalOre += sumOre;
      inclOre += (p.priceInclOre ?? 0) * p.quantity;
      const title = p.title ?? `Artikel ${p.articleId}`;
      return {
        article_id: p.articleId,
        reference: `${title}, ${p.warehouse}`,
        title,
        warehouse: p.warehouse,
        quantity: p.quantity,
        unit: p.unit,
        price_ore: priceOre,
        sum_ore: sumOre,
        vat_rate_bp: p.vatRateBp,
        is_net_price: p.isNetPrice,
        problem: p.problem
          ? {
              reason: p.problem.reason,
              message: p.problem.message,
              available_quantity: p.problem.availableQuantity,
            }
          : null,
      };
    });
    return {
      store_id: access.store.externalId,
      project_id: projectId,
      items: lines,
      total_ore: totalOre,
      vat_ore: inclOre - totalOre,
      total_incl_vat_ore: inclOre,
      valid: lines.every((l) => l.problem === null),
    };
  }

  /** The stored cart of the caller in this store (what POST order/ places). */
  storedCart(access: TradeAccess) {
    return this.repository.cart(access.user.id, access.store.id);
  }

  dropCart(tx: Parameters<QuoteRepository['dropCart']>[0], access: TradeAccess) {
    return this.repository.dropCart(tx, access.user.id, access.store.id);
  }

  /** A request's fingerprint for the idempotency key (the cart as it is ordered). */
  static requestHash(value: unknown): string {
    return createHash('sha256').update(JSON.stringify(value)).digest('hex');
  }
}
