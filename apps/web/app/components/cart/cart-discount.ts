import type { Cart } from '@bygg/contracts/cart';
import { formatPrice } from '@bygg/domain/money';
import { vatAfterDiscount } from '@bygg/domain/pricing';

/**
 * The discount code's row as every cart summary words it (/kassa, 'Min varukorg'):
 * 'Rabattkod BYGG10' and '−129:-'. Null when the code takes nothing off now.
 */
export function discountRow(
  cart: Pick<Cart, 'summary' | 'voucher'>,
): { label: string; amount: string } | null {
  const { discount } = cart.summary;
  if (discount <= 0) return null;
  return {
    label: `Rabattkod ${cart.voucher?.code ?? ''}`.trim(),
    amount: `−${formatPrice(discount)}`,
  };
}

/**
 * Öre excl. VAT of the items after the discount, with the API's rule for the VAT a discount
 * takes out (`vatAfterDiscount`), so the figure matches the order.
 */
export function goodsExclVat(
  summary: Pick<Cart['summary'], 'items_price' | 'discount'>,
  itemsExclVat: number,
): number {
  const { items_price: items, discount } = summary;
  const vat = vatAfterDiscount({ totalOre: items, vatOre: items - itemsExclVat }, discount);
  return items - discount - vat;
}
