import {
  NO_QUOTE_CART_MESSAGE,
  ORDER_NEEDS_PROJECT_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_STATUS_LABELS,
  type CreateOrderBody,
  type OrderDetail,
  type OrderListQuery,
  type OrderPage,
  type OrderSummary,
} from '@bygg/contracts/trade/orders';
import {
  QUOTE_ALREADY_ORDERED_MESSAGE,
  QUOTE_CART_WRONG_STORE,
  QUOTE_ORDER_NEEDS_PROJECT,
  quoteExpiredMessage,
  type QuoteOrderBody,
} from '@bygg/contracts/trade/quotes';
import { orderNumber } from '@bygg/domain/checkout';
import { amountExclVat } from '@bygg/domain/invoice';
import type { OrganisationId } from '@bygg/domain/organisations';
import { BadRequestError, ConflictError, NotFoundError } from '../../../kernel/errors.ts';
import { pageLinks } from '../../../lib/pagination.ts';
import { QuoteService, viewerOf } from '../quotes/service.ts';
import { companyOf, type TradeAccess } from '../store-access/guard.ts';
import type { TradeOrderPlacer } from '../quotes/order-placer.ts';
import type { OrderLine, OrderListRow, TradeOrderRepository } from './repository.ts';

export function orderSummary(row: OrderListRow): OrderSummary {
  return {
    id: row.id,
    number: orderNumber(row.id),
    store: { external_id: row.storeExternalId, name: row.storeName },
    project: row.project,
    status: row.status,
    status_label: ORDER_STATUS_LABELS[row.status] ?? row.status,
    shipping_type: row.shippingType,
    created_at: row.createdAt.toISOString(),
    placed_by: row.placedBy,
    total_ore: row.totalOre,
    total_excl_vat_ore: row.totalOre - row.vatOre,
    line_count: row.lineCount,
  };
}

/** An order with its lines (excl. VAT) and invoices, as order/{id}/ shows it. */
export function orderDetail(
  row: OrderListRow,
  lines: readonly OrderLine[],
  invoices: ReadonlyArray<{ number: string; dueOn: string; totalOre: number }>,
): OrderDetail {
  return {
    ...orderSummary(row),
    lines: lines.map((l) => ({
      article_id: l.articleId,
      title: l.title,
      quantity: l.quantity,
      unit: l.unit,
      unit_price_ore: amountExclVat(l.priceOre, l.vatRateBp),
      sum_ore: amountExclVat(l.sumOre, l.vatRateBp),
      vat_rate_bp: l.vatRateBp,
      warehouse: l.warehouseName,
    })),
    shipping_address: row.shippingAddress,
    shipping_ore: row.shippingOre,
    vat_ore: row.vatOre,
    payment_method: row.paymentMethod,
    reference: row.paymentReference,
    quote_id: row.quoteId,
    invoices: invoices.map((i) => ({ number: i.number, due_at: i.dueOn, total_ore: i.totalOre })),
  };
}

/** A company's orders (order/, order/{id}/) and placing the quote cart (POST order/). */
export class TradeOrderService {
  constructor(
    private readonly repository: TradeOrderRepository,
    private readonly quotes: QuoteService,
    private readonly placer: TradeOrderPlacer,
  ) {}

  async list(access: TradeAccess, query: OrderListQuery, url: string): Promise<OrderPage> {
    const { rows, count } = await this.repository.page(viewerOf(access), access.store.id, query);
    return {
      count,
      ...pageLinks(url, query.page, query.page * query.page_size < count),
      results: rows.map(orderSummary),
    };
  }

  async get(access: TradeAccess, id: number): Promise<OrderDetail> {
    const row = await this.repository.byId(viewerOf(access), access.store.id, id);
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    const [lines, invoices] = await Promise.all([
      this.repository.lines(row.id),
      this.repository.invoices(row.id),
    ]);
    return orderDetail(row, lines, invoices);
  }

  /** The project is the company's and the caller may see it, or 400. */
  ensureProject(access: TradeAccess, projectId: number): Promise<void> {
    return this.quotes.checkProject(access, projectId);
  }

  /** A visible order of the company in this store, or 404 (attachments). */
  async ensureVisible(access: TradeAccess, id: number): Promise<void> {
    const row = await this.repository.byId(viewerOf(access), access.store.id, id);
    if (!row) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  }

  /**
   * POST order/: the stored quote cart of this store as an order for its project, paid by
   * invoice, through commerce's placement (all stock or none, idempotent under `key`).
   */
  async create(
    access: TradeAccess,
    body: CreateOrderBody,
    key: string,
  ): Promise<{ order: OrderDetail; replayed: boolean }> {
    if (body.store_id !== access.store.externalId) {
      throw new BadRequestError(QUOTE_CART_WRONG_STORE, [
        { path: 'body.store_id', message: QUOTE_CART_WRONG_STORE },
      ]);
    }
    const companyId = companyOf(access);
    const claim = {
      scope: `quote-cart:${access.user.id}:${access.store.id}`,
      key,
      requestHash: QuoteService.requestHash(body),
    };
    // A retry of an order that went through (its cart is gone by now): that order.
    const earlier = await this.placer.replay(claim);
    if (earlier !== null) return { order: await this.get(access, earlier), replayed: true };
    const [cart, buyer] = await Promise.all([
      this.quotes.storedCart(access),
      this.repository.buyer(access.user.id),
    ]);
    if (!buyer || !cart || cart.items.length === 0) throw new NotFoundError(NO_QUOTE_CART_MESSAGE);
    const projectId = cart.projectId;
    if (projectId === null) {
      throw new BadRequestError(ORDER_NEEDS_PROJECT_MESSAGE, [
        { path: 'project_id', message: ORDER_NEEDS_PROJECT_MESSAGE },
      ]);
    }
    // The project may have been finished or access withdrawn since the cart was validated.
    await this.quotes.checkProject(access, projectId);
    const { orderId, replayed } = await this.placer.place({
      organisation: access.user.organisationId as OrganisationId,
      storeId: access.store.id,
      companyId,
      items: cart.items.map((i) => ({ articleId: i.article_id, quantity: i.quantity })),
      user: {
        id: access.user.id,
        companyId,
        name: buyer.name,
        email: buyer.email,
        phone: buyer.phone,
      },
      companyName: buyer.companyName,
      projectId,
      reference: body.reference ?? null,
      claim,
      // The order-placed hook stores the order's project.
      inTransaction: async (tx) => {
        await this.quotes.dropCart(tx, access);
      },
    });
    return { order: await this.get(access, orderId), replayed };
  }

  /**
   * POST quote/{id}/order/ (ADR 041): the store quote's lines at the quoted prices as one
   * order for the quote's project (or the one chosen when the quote has none), through
   * commerce's placement (stock, idempotency), and the quote marked ordered in the same
   * transaction. Ordered already or past its last valid day: 409 (no silent repricing; the
   * page offers the quote cart at today's net price instead).
   */
  async orderQuote(
    access: TradeAccess,
    quoteId: number,
    body: QuoteOrderBody,
    key: string,
  ): Promise<{ order: OrderDetail; replayed: boolean }> {
    const companyId = companyOf(access);
    const claim = {
      scope: `quote:${quoteId}:${access.user.id}`,
      key,
      requestHash: QuoteService.requestHash({ quoteId, ...body }),
    };
    const earlier = await this.placer.replay(claim);
    if (earlier !== null) return { order: await this.get(access, earlier), replayed: true };
    const { row, lines } = await this.quotes.forOrder(access, quoteId);
    if (row.status === 'ordered') throw new ConflictError(QUOTE_ALREADY_ORDERED_MESSAGE);
    if (row.validUntil < this.quotes.today()) {
      throw new ConflictError(quoteExpiredMessage(row.validUntil));
    }
    const projectId = row.project?.id ?? body.project_id ?? null;
    if (projectId === null) {
      throw new BadRequestError(QUOTE_ORDER_NEEDS_PROJECT, [
        { path: 'body.project_id', message: QUOTE_ORDER_NEEDS_PROJECT },
      ]);
    }
    await this.quotes.checkProject(access, projectId);
    const buyer = await this.repository.buyer(access.user.id);
    if (!buyer) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
    const { orderId, replayed } = await this.placer.place({
      organisation: access.user.organisationId as OrganisationId,
      storeId: access.store.id,
      companyId,
      items: lines.map((l) => ({ articleId: l.articleId, quantity: l.quantity })),
      agreedPricesExclOre: lines.map((l) => l.unitPriceOre),
      user: {
        id: access.user.id,
        companyId,
        name: buyer.name,
        email: buyer.email,
        phone: buyer.phone,
      },
      companyName: buyer.companyName,
      projectId,
      reference: body.reference ?? `Offert ${row.number}`,
      claim,
      inTransaction: async (tx, newOrderId) => {
        // A parallel order of the same quote committed first: this whole order rolls back.
        if (!(await this.quotes.markOrdered(tx, row.id, { orderId: newOrderId, projectId }))) {
          throw new ConflictError(QUOTE_ALREADY_ORDERED_MESSAGE);
        }
      },
    });
    return { order: await this.get(access, orderId), replayed };
  }
}
