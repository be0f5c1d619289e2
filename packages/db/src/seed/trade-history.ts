import { addDays, amountExclVat, invoiceAmounts, ocrReference } from '@bygg/domain/invoice';
import { formatPrice } from '@bygg/domain/money';
import type { ProductModel } from './products.ts';
import { unit } from './random.ts';
import type { TradeCompanySeed } from './users.ts';

/** The first invoice number; the API issues 700000 + the row id after the seeded ones. */
export const INVOICE_NUMBER_BASE = 700_000;

type StoreRef = { id: number; organisationId: string; slug: string; externalId: string };

export type SeedInvoice = {
  id: number;
  organisationId: string;
  number: string;
  companyId: number;
  storeId: number;
  issuedOn: string;
  dueOn: string;
  status: 'unpaid' | 'paid' | 'credited';
  netOre: number;
  vatOre: number;
  totalOre: number;
  /** Paid invoices of the history are paid in full. */
  paidOre: number;
  vat: Array<{ rateBp: number; baseOre: number; vatOre: number }>;
  ocr: string;
  invoiceAddress: { street: string; postcode: string; city: string };
  lines: Array<{
    position: number;
    articleId: number;
    title: string;
    quantity: number;
    unit: string;
    unitPriceOre: number;
    sumOre: number;
    vatRateBp: number;
  }>;
};

export type SeedEvent = {
  organisationId: string;
  companyId: number;
  storeId: number | null;
  requiredRight: string | null;
  type: string;
  title: string;
  text: string;
  targetKind: string | null;
  targetId: string | null;
  createdAt: Date;
};

/** Looks up a store of an account by slug or external id. */
export function accountStore(
  stores: readonly StoreRef[],
  organisationId: string,
  ref: string,
): StoreRef {
  const store = stores.find(
    (s) => s.organisationId === organisationId && (s.slug === ref || s.externalId === ref),
  );
  if (!store) throw new Error(`Demo account: no store '${ref}' in ${organisationId}`);
  return store;
}

/**
 * A year of invoice history for each demo company's accounts (issue 17): a few invoices a
 * quarter, older ones paid, the latest unpaid (one of them overdue), each with an
 * "invoice issued" event. Deterministic: the same data every time.
 */
export function buildTradeHistory(
  companies: readonly TradeCompanySeed[],
  stores: readonly StoreRef[],
  products: readonly ProductModel[],
  today: Date,
): { invoices: SeedInvoice[]; events: SeedEvent[] } {
  const invoices: SeedInvoice[] = [];
  const events: SeedEvent[] = [];
  const todayIso = today.toISOString().slice(0, 10);
  const articles = products.flatMap((p) =>
    p.articles.map((a) => ({ ...a, unit: p.unit, organisationIds: p.organisationIds })),
  );
  for (const company of companies) {
    for (const account of company.accounts) {
      const store = accountStore(stores, company.organisationId, account.store);
      const own = articles.filter((a) =>
        a.organisationIds.includes(company.organisationId as 'store-chain'),
      );
      if (own.length === 0) continue;
      for (let k = 0; k < 5; k++) {
        const id = invoices.length + 1;
        const daysAgo = 20 + k * 70 + Math.floor(unit(company.id, store.id * 10 + k, 81) * 20);
        const issuedOn = addDays(todayIso, -daysAgo);
        const dueOn = addDays(issuedOn, account.paymentTermsDays);
        const lines = Array.from({ length: 2 + (k % 3) }, (_, position) => {
          const article =
            own[Math.floor(unit(company.id * 31 + k, position, 82) * own.length)] ?? own[0];
          if (!article) throw new Error('no article');
          const incl =
            company.organisationId === 'store-chain'
              ? article.listPriceOre
              : article.supplyListPriceOre;
          const quantity = 1 + Math.floor(unit(id, position, 83) * 12);
          return {
            position,
            articleId: article.id,
            title: article.title,
            quantity,
            unit: article.unit,
            unitPriceOre: amountExclVat(incl, 2500),
            sumOre: amountExclVat(incl * quantity, 2500),
            sumInclOre: incl * quantity,
            vatRateBp: 2500,
          };
        });
        const amounts = invoiceAmounts(lines);
        const number = String(INVOICE_NUMBER_BASE + id);
        // The newest invoice is unpaid and not yet due; the next one unpaid past its due date.
        const status = k === 0 ? 'unpaid' : k === 1 && dueOn < todayIso ? 'unpaid' : 'paid';
        invoices.push({
          id,
          organisationId: company.organisationId,
          number,
          companyId: company.id,
          storeId: store.id,
          issuedOn,
          dueOn,
          status,
          netOre: amounts.netOre,
          vatOre: amounts.vatOre,
          totalOre: amounts.totalOre,
          paidOre: status === 'paid' ? amounts.totalOre : 0,
          vat: amounts.vat,
          ocr: ocrReference(number),
          invoiceAddress: company.invoiceAddress ?? {
            street: company.street,
            postcode: company.postcode,
            city: company.city,
          },
          lines: lines.map(({ sumInclOre: _s, ...line }) => line),
        });
        events.push({
          organisationId: company.organisationId,
          companyId: company.id,
          storeId: store.id,
          requiredRight: 'invoices',
          type: 'invoice_issued',
          title: `Faktura ${number}`,
          text: `Faktura ${number} på ${formatPrice(amounts.totalOre)} förfaller ${dueOn}.`,
          targetKind: 'invoice',
          targetId: number,
          createdAt: new Date(`${issuedOn}T08:00:00Z`),
        });
      }
    }
  }
  return { invoices, events };
}
