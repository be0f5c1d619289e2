import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organisations } from './organisations.ts';
import { stores } from './stores.ts';
import { tradeCompanies, tradeUsers } from './trade.ts';
import { tradeProjects } from './trade-projects.ts';
import { tradeQuotes } from './trade-quotes-orders.ts';
import { orders } from './commerce.ts';

/** An offer's stored state; `expired` is also derived when a sent offer's validity has passed. */
export const OFFER_STATUSES = ['draft', 'sent', 'approved', 'declined', 'expired'] as const;
export type StoredOfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_DEDUCTION_TYPES = ['rot', 'rut'] as const;
export const OFFER_SURCHARGE_TYPES = ['none', 'percent', 'amount'] as const;

/**
 * A trade company's offer to its own end customer (issue 19, "kundoffert"): articles at the
 * company's own prices, labour, free rows, ROT/RUT deductions and a surcharge. Versions of one
 * offer share `number`; a sent offer is never edited (an edit makes the next version, and the
 * old row points at it through `replaced_by_offer_id`). The end customer's link carries a random
 * `offer_hash`; only its SHA-256 digest is stored (`hash_digest`), cleared when a new version
 * replaces the offer.
 */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    projectId: integer('project_id').references(() => tradeProjects.id, { onDelete: 'set null' }),
    /** A customer of the register (table end_customers, issue 19); FK added with that table. */
    endCustomerId: integer('end_customer_id'),
    /** "KO-1001" upwards per company; shared by the versions of one offer. */
    number: text('number').notNull(),
    version: smallint('version').notNull().default(1),
    previousOfferId: integer('previous_offer_id'),
    replacedByOfferId: integer('replaced_by_offer_id'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    /** Who the offer is sent to (copied from the end customer, or typed). */
    recipientName: text('recipient_name').notNull().default(''),
    recipientEmail: text('recipient_email').notNull().default(''),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('draft'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    surchargeType: text('surcharge_type', { enum: OFFER_SURCHARGE_TYPES })
      .notNull()
      .default('none'),
    surchargePercentBp: integer('surcharge_percent_bp'),
    surchargeOre: integer('surcharge_ore'),
    sourceQuoteId: integer('source_quote_id').references(() => tradeQuotes.id, {
      onDelete: 'set null',
    }),
    sourceOrderId: integer('source_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    /** SHA-256 (hex) of the link's offer_hash; null until sent, and after being replaced. */
    hashDigest: text('hash_digest'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The end of the validity date (Swedish time); approval is refused after it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByName: text('approved_by_name'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_offers_company_number_version_uq').on(t.companyId, t.number, t.version),
    index('trade_offers_company_idx').on(t.companyId, t.storeId, t.updatedAt),
    index('trade_offers_project_idx').on(t.projectId),
    uniqueIndex('trade_offers_hash_digest_uq').on(t.hashDigest),
  ],
);

/** An article on an offer: the company's purchase (net) price and its own sale price. */
export const tradeOfferItems = pgTable(
  'trade_offer_items',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    externalId: text('external_id').notNull(),
    articleId: integer('article_id'),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull().default('st'),
    netPriceOre: integer('net_price_ore').notNull(),
    unitPriceOre: integer('unit_price_ore').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull().default(2500),
  },
  (t) => [index('trade_offer_items_offer_idx').on(t.offerId, t.position)],
);

/** Labour: hours (hundredths) × hourly rate excl. VAT; the deduction it qualifies for. */
export const tradeOfferWork = pgTable(
  'trade_offer_work',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    hoursHundredths: integer('hours_hundredths').notNull(),
    rateOre: integer('rate_ore').notNull(),
    deductionType: text('deduction_type', { enum: OFFER_DEDUCTION_TYPES }),
  },
  (t) => [
    index('trade_offer_work_offer_idx').on(t.offerId, t.position),
    check('trade_offer_work_hours_positive', sql`${t.hoursHundredths} > 0`),
  ],
);

/** A free text line with an amount excl. VAT (negative for a discount). */
export const tradeOfferRows = pgTable(
  'trade_offer_rows',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    amountOre: integer('amount_ore').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull().default(2500),
  },
  (t) => [index('trade_offer_rows_offer_idx').on(t.offerId, t.position)],
);

/** One person's ROT or RUT deduction on the offer's qualifying labour. */
export const tradeOfferDeductions = pgTable(
  'trade_offer_deductions',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => tradeOffers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: text('type', { enum: OFFER_DEDUCTION_TYPES }).notNull(),
    personName: text('person_name').notNull(),
    /** Share of the labour this person pays (basis points); null = equal shares. */
    shareBp: integer('share_bp'),
    priorRotOre: integer('prior_rot_ore').notNull().default(0),
    priorRutOre: integer('prior_rut_ore').notNull().default(0),
  },
  (t) => [index('trade_offer_deductions_offer_idx').on(t.offerId, t.position)],
);
