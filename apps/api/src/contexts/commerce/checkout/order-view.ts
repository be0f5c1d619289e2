import type { Order } from '@bygg/contracts/orders';
import { PAYMENT_LABELS, SHIPPING_LABELS, type PaymentMethodId } from '@bygg/domain/checkout';
import { last4 } from '@bygg/domain/giftcard';
import { orderNumber } from '@bygg/domain/checkout';
import { ORGANISATIONS } from '@bygg/domain/organisations';
import { stripOrganisationPrefix } from '@bygg/domain/stores';
import type { CartStoreRow } from '../cart/repository.ts';
import type { OrderLineRow, OrderRow } from './repository.ts';

export type OrderViewInput = {
  order: OrderRow;
  lines: readonly OrderLineRow[];
  store: CartStoreRow;
  redemptions: ReadonlyArray<{ number: string; balanceOre: number; amountOre: number }>;
  /** pin: null once the confirmation carrying it was sent (only the customer has it then). */
  issued: ReadonlyArray<{ number: string; valueOre: number; pin: string | null }>;
  clientSecret: string | null;
};

/** The order reply and receipt (contracts/orders.ts). Amounts stay öre. */
export function orderView(input: OrderViewInput): Order {
  const { order, store } = input;
  const warehouses = new Map<string, { code: string; name: string; sum: number; vat: number }>();
  for (const line of input.lines) {
    const w = warehouses.get(line.warehouseCode) ?? {
      code: line.warehouseCode,
      name: line.warehouseName,
      sum: 0,
      vat: 0,
    };
    w.sum += line.sumOre;
    w.vat += line.vatOre;
    warehouses.set(line.warehouseCode, w);
  }
  const quantity = input.lines.reduce((n, l) => n + l.quantity, 0);
  const method = order.paymentMethod as PaymentMethodId;
  return {
    id: order.publicId,
    number: orderNumber(order.id),
    status: order.status as Order['status'],
    created_at: order.createdAt.toISOString(),
    store: {
      id: store.id,
      external_id: store.externalId,
      name: stripOrganisationPrefix(store.name, ORGANISATIONS[order.organisation].storeNamePrefix),
      slug: store.slug,
      is_central: store.isCentral,
      proffs_enabled: store.proffsEnabled,
    },
    contact: {
      first_name: order.contact.first_name,
      last_name: order.contact.last_name,
      email: order.contact.email,
      phone: order.contact.phone,
      company: order.contact.company ?? null,
    },
    shipping: {
      type: order.shippingType,
      label: SHIPPING_LABELS[order.shippingType],
      price: order.shippingOre,
      address: order.shippingAddress,
    },
    payment: {
      method,
      label: PAYMENT_LABELS[method],
      status: order.paymentStatus as Order['payment']['status'],
      reference: order.paymentReference,
      client_secret: order.paymentStatus === 'pending' ? input.clientSecret : null,
    },
    message: order.message,
    lines: input.lines.map((l) => ({
      article_id: l.articleId,
      title: l.title,
      brand: l.brand,
      category: l.category,
      options: l.options.map((o) => ({ name: o.name, value: o.value, unit: o.unit ?? null })),
      quantity: l.quantity,
      unit: l.unit,
      price: l.priceOre,
      sum: l.sumOre,
      vat: l.vatOre,
      vat_rate: l.vatRateBp / 10_000,
      warehouse: l.warehouseCode,
      is_gift_card: l.isGiftCard,
    })),
    warehouses: [...warehouses.values()],
    giftcards: input.redemptions.map((r) => ({
      last4: last4(r.number),
      balance: r.balanceOre,
      amount: r.amountOre,
    })),
    // Gift cards bought by card are shown (and usable) once the card payment went through.
    issued_giftcards: (order.paymentStatus === 'pending' || order.paymentStatus === 'failed'
      ? []
      : input.issued
    ).map((g) => ({
      number: g.number,
      pin: g.pin,
      value: g.valueOre,
    })),
    summary: {
      quantity,
      items_price: order.itemsOre,
      shipping_price: order.shippingOre,
      discount: order.discountOre,
      voucher_code: order.voucherCode,
      price: order.totalOre,
      vat: order.vatOre,
      price_excl_vat: order.totalOre - order.vatOre,
      giftcard_amount: order.giftCardOre,
      to_pay: order.toPayOre,
    },
  };
}
