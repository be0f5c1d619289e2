import { z } from 'zod';

/**
 * GET credit/ (path not in the spec; issue 17 remainder): the company's credit with this
 * store, which an order paid by invoice may not exceed. Amounts in öre incl. VAT; a null
 * limit is no limit.
 */
export const CreditSchema = z.object({
  credit_limit_ore: z.number().int().nullable(),
  /** Unpaid invoices from this store, overdue ones included. */
  open_invoices_ore: z.number().int(),
  /** What is left to buy on invoice (never below 0); null without a limit. */
  available_ore: z.number().int().nullable(),
});
export type Credit = z.infer<typeof CreditSchema>;

/** 422 from checkout: the order on invoice would take the company past its credit limit. */
export function creditLimitMessage(available: string): string {
  return `Ordern ryms inte i ert företags kreditutrymme hos butiken (kvar att handla för på faktura: ${available}). Välj ett annat betalsätt, minska ordern eller kontakta butiken.`;
}

/** 422 from checkout: invoice chosen in a store where the company has no customer account. */
export const NO_ACCOUNT_FOR_INVOICE_MESSAGE =
  'Ert företag har inget kundkonto i den här butiken, så ordern kan inte betalas mot faktura. Välj en av era butiker eller ett annat betalsätt.';
