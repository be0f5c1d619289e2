import { formatPrice, NBSP, VAT_LABEL } from '@bygg/domain/money';
import type { CartPriceDisplay } from '~/lib/cart/use-cart.ts';

/**
 * One cart amount as the visitor's price mode shows it: the excl.-VAT figure on b2b paths and
 * for proffs users, with the 'excl. VAT' label where spec §6 wants it. Both figures are öre.
 */
export function cartAmount(
  amounts: { incl: number; excl: number },
  display: Pick<CartPriceDisplay, 'exclVat' | 'vatLabel'>,
): string {
  const text = formatPrice(display.exclVat ? amounts.excl : amounts.incl);
  return display.vatLabel && display.exclVat ? `${text}${NBSP}${VAT_LABEL}` : text;
}
