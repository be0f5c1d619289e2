import {
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
import { stores } from './stores.ts';
import { endCustomers } from './trade-end-customers.ts';
import { tradeCompanies, tradeUsers } from './trade.ts';

/** A project's status (issue 18): active, or finished (the job is done). */
export const PROJECT_STATUSES = ['active', 'finished'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** What a project file is: an image (with a thumbnail) or a document (attachment). */
export const PROJECT_FILE_KINDS = ['image', 'document'] as const;
export type ProjectFileKind = (typeof PROJECT_FILE_KINDS)[number];

/**
 * A trade company's project (issue 18, "projekt"): a job such as a kitchen renovation or a
 * roof, worked from one store. Quotes, orders, invoices and conversations may name it. Only
 * the users in `trade_project_users` see it (the creator gets access; an administrator assigns
 * more, and administrators see every project of the company).
 */
export const tradeProjects = pgTable(
  'trade_projects',
  {
    id: serial('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => tradeCompanies.id, { onDelete: 'cascade' }),
    /** The store ({eid}) the project was created in. */
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** The company's project number, "P-1001" upwards; unique per company. */
    number: text('number').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The end customer from the register (issue 19); null when none is chosen. */
    endCustomerId: integer('end_customer_id').references(() => endCustomers.id, {
      onDelete: 'set null',
    }),
    /** The end customer as free text (before the register, or when none is chosen). */
    endCustomerName: text('end_customer_name').notNull().default(''),
    /** The end customer's reference (their order or case number), free text. */
    endCustomerRef: text('end_customer_ref').notNull().default(''),
    /** The site address (postcode: five digits, no space, or empty). */
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('active'),
    createdByUserId: integer('created_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_projects_company_number_uq').on(t.companyId, t.number),
    index('trade_projects_company_idx').on(t.companyId, t.status, t.updatedAt),
    index('trade_projects_store_idx').on(t.storeId),
  ],
);

/** Who has access to a project (besides the company's administrators, who see all). */
export const tradeProjectUsers = pgTable(
  'trade_project_users',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => tradeProjects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => tradeUsers.id, { onDelete: 'cascade' }),
    grantedByUserId: integer('granted_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('trade_project_users_user_idx').on(t.userId),
  ],
);

/**
 * A project's files: images (any image type, with a generated thumbnail) and documents (the
 * types of trade-area spec §5). The bytes live in the upload storage (apps/api/src/lib/uploads:
 * a directory under DATA_DIR, or S3-compatible storage) under `storage_key`; the mime type is
 * the one detected from the bytes, never the name's or the browser's.
 */
export const tradeProjectFiles = pgTable(
  'trade_project_files',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => tradeProjects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROJECT_FILE_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** The name as uploaded (for display only; never used as a path). */
    originalName: text('original_name').notNull(),
    /** The name served in Content-Disposition and in the zip: no paths or control chars. */
    sanitisedName: text('sanitised_name').notNull(),
    /** Detected from the file's bytes. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Images: the storage key of the generated thumbnail (WebP); null for documents. */
    thumbnailKey: text('thumbnail_key'),
    width: integer('width'),
    height: integer('height'),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => tradeUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trade_project_files_project_idx').on(t.projectId, t.kind, t.createdAt),
    uniqueIndex('trade_project_files_storage_key_uq').on(t.storageKey),
  ],
);
