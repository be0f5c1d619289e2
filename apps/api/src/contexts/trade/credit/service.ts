import type { Credit } from '@bygg/contracts/trade/credit';
import { creditLimitMessage, NO_ACCOUNT_FOR_INVOICE_MESSAGE } from '@bygg/contracts/trade/credit';
import type { Database } from '@bygg/db/client';
import { creditAvailable, exceedsCredit } from '@bygg/domain/invoice';
import { formatPrice } from '@bygg/domain/money';
import { DomainError, NotFoundError } from '../../../kernel/errors.ts';
import type { CreditRepository } from './repository.ts';

/**
 * 422 from checkout: an order on invoice the company's account cannot take (no account in
 * the store, or past the credit limit). The request as sent cannot succeed; the body names
 * the payment method, so the checkout shows it there.
 */
export class InvoiceRefusedError extends DomainError {
  readonly statusCode = 422;
  readonly error = 'Unprocessable Entity';
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceRefusedError';
  }

  override extraBody(): Record<string, unknown> {
    return { fields: [{ path: 'body.payment.method', message: this.message }] };
  }
}

export class CreditService {
  constructor(private readonly repository: CreditRepository) {}

  /** GET credit/: the account's limit, its unpaid invoices and what is left. */
  async read(companyId: number, storeId: number): Promise<Credit> {
    const state = await this.repository.state(companyId, storeId);
    if (!state) throw new NotFoundError('Företaget har inget kundkonto i den här butiken');
    return {
      credit_limit_ore: state.limitOre,
      open_invoices_ore: state.openOre,
      available_ore: creditAvailable(state),
    };
  }

  /**
   * Inside the order's transaction, before its invoice is written: the account row is locked
   * and the order (incl. VAT, what the invoice will say) must fit in what is left.
   */
  async assertInvoiceFits(
    tx: Database,
    order: { companyId: number; storeId: number; totalOre: number },
  ): Promise<void> {
    const state = await this.repository.state(order.companyId, order.storeId, { tx, lock: true });
    if (!state) throw new InvoiceRefusedError(NO_ACCOUNT_FOR_INVOICE_MESSAGE);
    if (exceedsCredit(state, order.totalOre)) {
      throw new InvoiceRefusedError(creditLimitMessage(formatPrice(creditAvailable(state) ?? 0)));
    }
  }
}
