import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import type { CreditState } from '@bygg/domain/invoice';

/**
 * A company's credit with one store: its account's limit and what its unpaid invoices from
 * that store have left to pay (part payments count, ADR 055). One statement; `lock` holds the account row until the transaction ends, so two
 * orders on invoice at the same moment are checked one after the other (the second sees the
 * first one's invoice) and together cannot pass the limit.
 */
export class CreditRepository {
  constructor(private readonly db: Database) {}

  async state(
    companyId: number,
    storeId: number,
    options: { tx?: Database; lock?: boolean } = {},
  ): Promise<(CreditState & { paymentTermsDays: number }) | null> {
    const [row] = await queryRows<{ limit_ore: number | null; open_ore: number; terms: number }>(
      options.tx ?? this.db,
      sql`select sc.credit_limit_ore as limit_ore, sc.payment_terms_days as terms,
            (select coalesce(sum(greatest(i.total_ore - i.paid_ore, 0)), 0)::bigint
               from trade_invoices i
              where i.company_id = sc.company_id and i.store_id = sc.store_id
                and i.status = 'unpaid') as open_ore
          from store_customers sc
         where sc.company_id = ${companyId} and sc.store_id = ${storeId}
         ${options.lock ? sql`for update of sc` : sql``}`,
    );
    if (!row) return null;
    return {
      limitOre: row.limit_ore === null ? null : Number(row.limit_ore),
      openOre: Number(row.open_ore),
      paymentTermsDays: Number(row.terms),
    };
  }
}
