import { formatPrice, NBSP } from '@bygg/domain/money';
import { priceVatLabel } from '@bygg/domain/vat-display';
import type { CartPriceDisplay } from '~/lib/cart/use-cart.ts';

/**
 * One cart amount as the visitor's price mode shows it: the excl.-VAT figure on b2b paths and
 * for proffs users, labelled 'exkl.'/'inkl. moms' where spec §6 wants a label. Both are öre.
 */
export function cartAmount(
  amounts: { incl: number; excl: number },
  display: Pick<CartPriceDisplay, 'exclVat' | 'vatLabel'>,
): string {
  const text = formatPrice(display.exclVat ? amounts.excl : amounts.incl);
  const label = priceVatLabel(display);
  return label ? `${text}${NBSP}${label}` : text;
}

/**
 * The goods row's label, counting articles (cart lines), not units: 12 lpm of a moulding and
 * two boxes of screws are 'Varor (2 artiklar)', not '14 st' (issue 22).
 */
export function goodsLabel(lines: readonly unknown[]): string {
  const count = lines.length;
  return `Varor (${count} ${count === 1 ? 'artikel' : 'artiklar'})`;
}
