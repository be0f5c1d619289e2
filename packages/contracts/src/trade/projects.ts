import { z } from 'zod';
import { PageQuerySchema } from './common.ts';

/**
 * Projects (issue 18; trade-area spec §3 "Project", §6, §7 "Projects"): GET and POST
 * project/, GET, PUT and PATCH project/{id}/, GET and POST project/{id}/image/, the
 * documents (GET and POST project/{id}/attachments/, POST project/{id}/attachments/download/
 * as one zip), a file (GET project/{id}/file/{file_id}/, …/thumbnail/, DELETE), and the
 * access assignment (PUT project/{id}/users/, administrators).
 */

export const PROJECT_STATUSES = ['active', 'finished'] as const;
export const ProjectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Pågående',
  finished: 'Avslutat',
};

export const PROJECT_NOT_FOUND_MESSAGE = 'Projektet finns inte';
export const PROJECT_FILE_NOT_FOUND_MESSAGE = 'Filen finns inte';
export const PROJECT_USERS_MESSAGE = 'Användaren finns inte i företaget';
export const PROJECT_NO_DOCUMENTS_MESSAGE = 'Projektet har inga dokument';
export const PROJECT_END_CUSTOMER_MESSAGE = 'Kunden finns inte i företagets kundregister';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ProjectParamsSchema = z.object({ eid: z.string().min(1).max(64), id });
export const ProjectFileParamsSchema = ProjectParamsSchema.extend({ file_id: id });

/** An uploaded file of a project (spec §3 "Attachment": filename, url, thumbnail, isImage). */
export const ProjectFileSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  /** The file itself (images inline, documents as an attachment); only for users with access. */
  url: z.string(),
  /** A WebP thumbnail (images), else null. */
  thumbnail: z.string().nullable(),
  isImage: z.boolean(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploaded_by: z.string().nullable(),
  created_at: z.string(),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;

export const ProjectFileListSchema = z.object({
  count: z.number().int().nonnegative(),
  results: z.array(ProjectFileSchema),
});
export type ProjectFileList = z.infer<typeof ProjectFileListSchema>;

export const ProjectUserSchema = z.object({ id: z.number().int(), name: z.string() });

const AddressReplySchema = z.object({ street: z.string(), postcode: z.string(), city: z.string() });
/** id: the customer of the register (issue 19), or null when only a name is given. */
const EndCustomerReplySchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  reference: z.string(),
});

/** A project in the list. */
export const ProjectSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  end_customer: EndCustomerReplySchema,
  address: AddressReplySchema,
  status: ProjectStatusSchema,
  /** The newest image's thumbnail, for the list. */
  thumbnail: z.string().nullable(),
  image_count: z.number().int().nonnegative(),
  document_count: z.number().int().nonnegative(),
  updated_at: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** A count and a sum excl. VAT (öre). */
const JobCostSumSchema = z.object({
  count: z.number().int().nonnegative(),
  net_ore: z.number().int(),
});

/**
 * The job cost so far (öre): what was invoiced on the project (null for a user without the
 * invoices right), what was ordered on it excl. VAT (null without the orders right) and what
 * the store quoted on it in quotes still open (null without the offers right).
 */
export const ProjectJobCostSchema = z.object({
  invoiced: z
    .object({
      count: z.number().int().nonnegative(),
      net_ore: z.number().int(),
      total_ore: z.number().int(),
    })
    .nullable(),
  ordered: JobCostSumSchema.nullable(),
  quoted: JobCostSumSchema.nullable(),
});

export const ProjectSchema = ProjectSummarySchema.extend({
  description: z.string(),
  store: z.object({ external_id: z.string(), name: z.string() }),
  created_by: ProjectUserSchema.nullable(),
  created_at: z.string(),
  /** The users given access (the company's administrators see every project besides). */
  users: z.array(ProjectUserSchema),
  /** Whether the caller may change who has access (administrators). */
  can_assign_users: z.boolean(),
  job_cost: ProjectJobCostSchema,
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListQuerySchema = PageQuerySchema.extend({
  /** Number, name, end customer (name, reference) or address. */
  search: z.string().trim().max(100).optional(),
  status: ProjectStatusSchema.optional(),
  /** Newest change first (default), or by number or name. */
  ordering: z.enum(['-updated_at', 'number', '-number', 'name']).default('-updated_at'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

export const ProjectPageSchema = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ProjectSummarySchema),
});
export type ProjectPage = z.infer<typeof ProjectPageSchema>;

/** Postal code: spaces removed, exactly 5 digits (spec §5), or empty (not known yet). */
const OptionalPostcodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^(\d{5})?$/, 'Postnumret ska vara fem siffror'));

export const ProjectAddressSchema = z.object({
  street: z.string().trim().max(200).default(''),
  postcode: OptionalPostcodeSchema.default(''),
  city: z.string().trim().max(100).default(''),
});

export const ProjectEndCustomerSchema = z.object({
  /** A customer of the company's register (end-customer/); its name is then taken from it. */
  id: id.nullable().default(null),
  name: z.string().trim().max(200).default(''),
  reference: z.string().trim().max(100).default(''),
});

const ProjectFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Ange projektets namn').max(120, 'Högst 120 tecken'),
  description: z.string().trim().max(4000, 'Högst 4 000 tecken').default(''),
  end_customer: ProjectEndCustomerSchema.default({ id: null, name: '', reference: '' }),
  address: ProjectAddressSchema.default({ street: '', postcode: '', city: '' }),
  status: ProjectStatusSchema.default('active'),
});

/** POST project/ → 201 with the project (the creator gets access). */
export const ProjectCreateSchema = ProjectFieldsSchema;
export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;

/** PUT project/{id}/: every field (those left out take their defaults). */
export const ProjectPutSchema = ProjectFieldsSchema;
export type ProjectPut = z.infer<typeof ProjectPutSchema>;

/** PATCH project/{id}/: any of the fields. */
export const ProjectPatchSchema = z
  .object({
    name: ProjectFieldsSchema.shape.name.optional(),
    description: z.string().trim().max(4000, 'Högst 4 000 tecken').optional(),
    end_customer: ProjectEndCustomerSchema.partial().optional(),
    address: z
      .object({
        street: z.string().trim().max(200).optional(),
        postcode: OptionalPostcodeSchema.optional(),
        city: z.string().trim().max(100).optional(),
      })
      .optional(),
    status: ProjectStatusSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), {
    message: 'Ange minst ett fält att ändra',
  });
export type ProjectPatch = z.infer<typeof ProjectPatchSchema>;

/** PUT project/{id}/users/ (administrators): exactly these users have access. */
export const ProjectUsersUpdateSchema = z.object({
  user_ids: z.array(id).max(200),
});
export type ProjectUsersUpdate = z.infer<typeof ProjectUsersUpdateSchema>;

/** POST project/{id}/attachments/download/: the chosen documents, or all when left out. */
export const ProjectZipSchema = z
  .object({ ids: z.array(id).min(1).max(500).optional() })
  // A POST without a body (a plain download link's form) asks for all of them.
  .nullish();

export const ProjectFileQuerySchema = z.object({
  /** 1: always as an attachment (an image is otherwise shown inline). */
  download: z.enum(['0', '1']).optional(),
});
