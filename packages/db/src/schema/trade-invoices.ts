import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './commerce.ts';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';
import { tradeCompanies, tradeUsers, type TradeAddress } from './trade.ts';
import { tradeProjects } from './trade-projects.ts';

/** VAT of an invoice at one rate: base excl. VAT and the VAT, öre. */
export type InvoiceVatRow = { rateBp: number; baseOre: number; vatOre: number };

/**
 * An invoice to a trade company (one per trade order placed with payment by invoice, and
 * the seeded history). Amounts in öre; status unpaid | paid | credited (overdue is an unpaid
 * invoice past its due date, worked out when read).
 */
export const tradeInvoices = pgTable(
  'trade_invoices',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    number: text('number').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The project (issue 18) the order belonged to, when it did. */
    projectId: integer('project_id').references(() => tradeProjects.id, { onDelete: 'set null' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    netOre: integer('net_ore').notNull(),
    vatOre: integer('vat_ore').notNull(),
    totalOre: integer('total_ore').notNull(),
    /** What payments have covered so far (ADR 055); the invoice is paid once it reaches the total. */
    paidOre: integer('paid_ore').notNull().default(0),
    vat: jsonb('vat').$type<InvoiceVatRow[]>().notNull(),
    /** The OCR reference with its length and check digits. */
    ocr: text('ocr').notNull(),
    invoiceAddress: jsonb('invoice_address').$type<TradeAddress>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_invoices_org_number_uq').on(t.organisationId, t.number),
    uniqueIndex('trade_invoices_order_uq').on(t.orderId),
    index('trade_invoices_company_idx').on(t.companyId, t.issuedOn),
    index('trade_invoices_project_idx').on(t.projectId),
  ],
);

/**
 * A payment against an invoice (ADR 055): read in from Bankgirot's BgMax file (with the
 * payment's BGC serial number, so a file read twice books nothing twice) or registered by the
 * store's staff. Never changed or removed; a mistake is corrected by a credit outside the app.
 */
export const tradeInvoicePayments = pgTable(
  'trade_invoice_payments',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => tradeInvoices.id),
    amountOre: integer('amount_ore').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** bgmax | manual */
    source: text('source').notNull(),
    /** The reference as paid (BgMax) or the staff's note. */
    reference: text('reference').notNull().default(''),
    /** Bankgirot's serial number of a BgMax payment. */
    bgcSerial: text('bgc_serial'),
    registeredBy: integer('registered_by').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_invoice_payments_invoice_idx').on(t.invoiceId),
    uniqueIndex('trade_invoice_payments_bgc_uq').on(t.organisationId, t.bgcSerial, t.paidOn),
  ],
);

export const tradeInvoiceLines = pgTable(
  'trade_invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => tradeInvoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    articleId: integer('article_id'),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    /** Unit price excl. VAT, öre. */
    unitPriceOre: integer('unit_price_ore').notNull(),
    /** Line sum excl. VAT, öre. */
    sumOre: integer('sum_ore').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
  },
  (t) => [index('trade_invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);
