import type { Database } from '@bygg/db/client';
import { and, eq } from '@bygg/db/orm';
import { storeCustomers, tradeCompanies, type TradeAddress } from '@bygg/db/schema/index';

export type StoreCustomerRow = {
  companyId: number;
  name: string;
  orgNumber: string;
  customerNumber: string;
  street: string;
  postcode: string;
  city: string;
  phone: string | null;
  email: string | null;
  invoiceAddress: TradeAddress | null;
  deliveryAddress: TradeAddress | null;
  logoUrl: string | null;
  creditLimitOre: number | null;
  paymentTermsDays: number;
  termsAcceptedAt: Date | null;
  termsVersion: string | null;
  terms: Record<string, boolean> | null;
};

/** The company's own fields, as PUT store-customer/current/ may change them. */
export type CompanyChanges = Partial<{
  street: string;
  postcode: string;
  city: string;
  phone: string | null;
  email: string | null;
  invoiceAddress: TradeAddress | null;
  deliveryAddress: TradeAddress | null;
  logoUrl: string | null;
}>;

export class StoreCustomerRepository {
  constructor(private readonly db: Database) {}

  /** The company with its account at the store; null when it has none. */
  async current(companyId: number, storeId: number, tx: Database = this.db) {
    const [row] = await tx
      .select({
        companyId: tradeCompanies.id,
        name: tradeCompanies.name,
        orgNumber: tradeCompanies.orgNumber,
        customerNumber: storeCustomers.customerNumber,
        street: tradeCompanies.street,
        postcode: tradeCompanies.postcode,
        city: tradeCompanies.city,
        phone: tradeCompanies.phone,
        email: tradeCompanies.email,
        invoiceAddress: tradeCompanies.invoiceAddress,
        deliveryAddress: tradeCompanies.deliveryAddress,
        logoUrl: tradeCompanies.logoUrl,
        creditLimitOre: storeCustomers.creditLimitOre,
        paymentTermsDays: storeCustomers.paymentTermsDays,
        termsAcceptedAt: storeCustomers.termsAcceptedAt,
        termsVersion: storeCustomers.termsVersion,
        terms: storeCustomers.terms,
      })
      .from(storeCustomers)
      .innerJoin(tradeCompanies, eq(tradeCompanies.id, storeCustomers.companyId))
      .where(and(eq(storeCustomers.companyId, companyId), eq(storeCustomers.storeId, storeId)));
    return (row as StoreCustomerRow | undefined) ?? null;
  }

  async updateCompany(companyId: number, changes: CompanyChanges, tx: Database = this.db) {
    if (Object.keys(changes).length === 0) return;
    await tx.update(tradeCompanies).set(changes).where(eq(tradeCompanies.id, companyId));
  }

  async acceptTerms(
    companyId: number,
    storeId: number,
    accepted: { version: string; terms: Record<string, boolean>; at: Date },
    tx: Database = this.db,
  ) {
    await tx
      .update(storeCustomers)
      .set({ termsVersion: accepted.version, terms: accepted.terms, termsAcceptedAt: accepted.at })
      .where(and(eq(storeCustomers.companyId, companyId), eq(storeCustomers.storeId, storeId)));
  }
}
