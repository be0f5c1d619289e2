import type { Database } from '@bygg/db/client';
import { orderNumber } from '@bygg/domain/checkout';
import { formatPrice } from '@bygg/domain/money';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { recordEvent } from '../events/repository.ts';
import type { InvoiceService, PlacedTradeOrder } from './service.ts';

/**
 * The in-process domain-event hook commerce calls inside the transaction of an order placed
 * by a trade user with a company: the company's users with the orders right get an "order
 * placed" event, and an order paid by invoice gets its invoice (and that event). Both roll
 * back with the order.
 */
export type OrderPlacedHook = (tx: Database, order: PlacedTradeOrder) => Promise<void>;

export function orderPlacedHook(invoices: InvoiceService): OrderPlacedHook {
  return async (tx, order) => {
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
