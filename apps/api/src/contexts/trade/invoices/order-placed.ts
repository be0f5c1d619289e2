import type { Database } from '@bygg/db/client';
import { orderNumber } from '@bygg/domain/checkout';
import { formatPrice } from '@bygg/domain/money';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { PROJECT_NOT_FOUND_MESSAGE } from '@bygg/contracts/trade/projects';
import { BadRequestError } from '../../../kernel/errors.ts';
import { recordEvent } from '../events/repository.ts';
import type { CreditService } from '../credit/service.ts';
import type { TradeOrderRepository } from '../orders/repository.ts';
import type { InvoiceService, PlacedTradeOrder } from './service.ts';

/**
 * The in-process domain-event hook commerce calls inside the transaction of an order placed
 * by a trade user with a company: the company's users with the orders right get an "order
 * placed" event, and an order paid by invoice gets its invoice (and that event). Both roll
 * back with the order. An order on invoice must fit in the company's credit with the store
 * (its account locked first): otherwise 422 and nothing of the order is kept. An order for a
 * project (the quote cart's, or chosen at the storefront checkout) is stored with it, when the
 * user may see the project in the store: otherwise 400 naming `body.project_id`.
 */
export type OrderPlacedHook = (tx: Database, order: PlacedTradeOrder) => Promise<void>;

export function orderPlacedHook(
  invoices: InvoiceService,
  credit: CreditService,
  orders: TradeOrderRepository,
): OrderPlacedHook {
  return async (tx, order) => {
    const projectId = order.projectId ?? null;
    if (projectId !== null) {
      const orderable = await orders.projectOrderable(tx, {
        userId: order.user.id,
        companyId: order.user.companyId,
        storeId: order.storeId,
        projectId,
      });
      if (!orderable) {
        throw new BadRequestError(PROJECT_NOT_FOUND_MESSAGE, [
          { path: 'body.project_id', message: PROJECT_NOT_FOUND_MESSAGE },
        ]);
      }
      await orders.saveDetails(tx, order.orderId, { projectId, quoteId: null });
    }
    if (order.paymentStatus === 'invoiced') {
      // What the invoice will ask for: the order less what gift cards paid.
      await credit.assertInvoiceFits(tx, {
        companyId: order.user.companyId,
        storeId: order.storeId,
        totalOre: order.totalOre - order.giftCardOre,
      });
    }
    const number = orderNumber(order.orderId);
    const store = stripOrganisationPrefix(
      order.storeName,
      ORGANISATIONS[order.organisation].storeNamePrefix,
    );
    await recordEvent(tx, {
      organisationId: order.organisation,
      companyId: order.user.companyId,
      storeId: order.storeId,
      requiredRight: 'orders',
      type: 'order_placed',
      title: `Order ${number}`,
      text: `Order ${number} på ${formatPrice(order.totalOre)} är lagd i ${store}.`,
      target: { kind: 'order', id: String(order.orderId) },
      createdAt: order.createdAt,
    });
    if (order.paymentStatus === 'invoiced') await invoices.issueForOrder(tx, order);
  };
}
