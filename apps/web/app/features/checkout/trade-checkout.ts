import type { Credit } from '@bygg/contracts/trade/credit';
import type { CheckoutValues } from './checkout-form.ts';

/** What /kassa knows of a logged-in trade user (trade-checkout.server.ts). */
export type TradeCheckout = {
  /** The contact and delivery fields filled in from the user and the company. */
  prefill: Partial<CheckoutValues>;
  /** Where the invoice goes; null when it could not be read. */
  invoiceAddress: { street: string; postcode: string; city: string } | null;
  /** The company's credit in the cart's store; null without an account there or on failure. */
  credit: Credit | null;
  /** The company has a customer account in the cart's store (invoice is possible there). */
  hasAccountInCartStore: boolean;
  /** The cart's store these were read for; another store needs them read again. */
  cartStoreExternalId: string | null;
  /** The user's active projects in the cart's store, for the optional "Projekt" choice. */
  projects: TradeCheckoutProject[];
};

export type TradeCheckoutProject = { id: number; number: string; name: string };

/** The chosen project's id for the checkout body: only one of the offered projects. */
export function chosenProjectId(
  projects: readonly TradeCheckoutProject[],
  choice: string,
): number | null {
  const id = Number(choice);
  return projects.some((project) => project.id === id) ? id : null;
}

export type InvoiceCredit =
  | { kind: 'unknown' }
  | { kind: 'no-account' }
  | { kind: 'unlimited' }
  | { kind: 'fits'; availableOre: number }
  | { kind: 'exceeds'; availableOre: number };

/**
 * Whether an order of `toPayOre` (incl. VAT) fits in the company's credit in the cart's
 * store: the same rule as the API's (domain/invoice exceedsCredit), shown before ordering.
 */
export function invoiceCredit(trade: TradeCheckout, toPayOre: number): InvoiceCredit {
  if (!trade.hasAccountInCartStore) return { kind: 'no-account' };
  const credit = trade.credit;
  if (!credit) return { kind: 'unknown' };
  if (credit.available_ore === null) return { kind: 'unlimited' };
  return toPayOre > credit.available_ore
    ? { kind: 'exceeds', availableOre: credit.available_ore }
    : { kind: 'fits', availableOre: credit.available_ore };
}
