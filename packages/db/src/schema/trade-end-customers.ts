import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organisations } from './organisations.ts';
import { tradeCompanies, tradeUsers } from './trade.ts';
import { tradeProjects } from './trade-projects.ts';

/** An end customer is a private person or a company (trade-area spec §1, issue 19). */
export const END_CUSTOMER_KINDS = ['private', 'company'] as const;
export type EndCustomerKind = (typeof END_CUSTOMER_KINDS)[number];

/**
 * A trade company's own customer (issue 19, ADR 039): the person or company a carpenter
 * works for. Only the company that created it sees it. The personal identity number is kept
 * only where a ROT/RUT deduction needs it, sealed (AES-256-GCM, apps/api/src/lib/seal.ts) and
 * shown masked; it is never stored or logged in clear.
 */
export const endCustomers = pgTable(
  'end_customers',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: END_CUSTOMER_KINDS }).notNull().default('private'),
    /** The person's full name, or the company's name. */
    name: text('name').notNull(),
    /** Companies: the contact person (free text); empty for private persons. */
    contactPerson: text('contact_person').notNull().default(''),
    /** Companies: the organisation number (NNNNNN-NNNN), else empty. */
    orgNumber: text('org_number').notNull().default(''),
    /** Stored lower-case; empty when not known. */
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    /** The 12-digit personal identity number, sealed: base64url(iv | tag | ciphertext). */
    personalNumberSealed: text('personal_number_sealed'),
    /** Consent to be contacted (marketing, follow-up), with the time it was given. */
    consentContact: boolean('consent_contact').notNull().default(false),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('end_customers_company_idx').on(t.companyId, t.name)],
);

/**
 * An end customer's access to one project (issue 19): the trade user's invitation creates a
 * token that is mailed as a link; only its SHA-256 is stored. It expires and can be revoked;
 * the web app keeps it in an HttpOnly cookie and sends it as a bearer value.
 */
export const endCustomerProjectTokens = pgTable(
  'end_customer_project_tokens',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => tradeProjects.id, { onDelete: 'cascade' }),
    endCustomerId: integer('end_customer_id')
      .notNull()
      .references(() => endCustomers.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('end_customer_project_tokens_hash_uq').on(t.tokenHash),
    index('end_customer_project_tokens_project_idx')
      .on(t.projectId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * The end customer accepted the project's terms (PUT end-customer/project/{id}/accept_terms/):
 * once per project and end customer, with the time. An offer's approval needs it.
 */
export const endCustomerTermsAcceptances = pgTable(
  'end_customer_terms_acceptances',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => tradeProjects.id, { onDelete: 'cascade' }),
    endCustomerId: integer('end_customer_id')
      .notNull()
      .references(() => endCustomers.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    tokenId: integer('token_id').references(() => endCustomerProjectTokens.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.endCustomerId] })],
);
