import { z } from 'zod';
import { isValidPersonalNumber, normalisePersonalNumber } from '@bygg/domain/personal-number';
import { PathIdSchema } from '../input.ts';
import { PageQuerySchema } from './common.ts';
import { tradePageSchema } from './quotes.ts';

/**
 * End customers (issue 19, trade-area spec §1, §6, §7 "End customers" and "End-customer
 * project"; ADR 039): a trade company's own customers under api/proffs/{eid}/end-customer/,
 * and the end customer's view of one project under api/proffs/end-customer/project/{id}/,
 * authorised by a project token sent as a bearer value (never a session).
 */

export const END_CUSTOMER_KINDS = ['private', 'company'] as const;
export const EndCustomerKindSchema = z.enum(END_CUSTOMER_KINDS);
export type EndCustomerKind = z.infer<typeof EndCustomerKindSchema>;
export const END_CUSTOMER_KIND_LABELS: Record<EndCustomerKind, string> = {
  private: 'Privatperson',
  company: 'Företag',
};

export const END_CUSTOMER_NOT_FOUND_MESSAGE = 'Kunden finns inte';
export const PERSONAL_NUMBER_MESSAGE = 'Ange personnumret med tolv siffror, ÅÅÅÅMMDD-NNNN';
export const PERSONAL_NUMBER_COMPANY_MESSAGE = 'Ett företag har inget personnummer';
export const INVITE_NO_END_CUSTOMER_MESSAGE = 'Välj en kund för projektet innan du bjuder in';
export const INVITE_NO_EMAIL_MESSAGE = 'Kunden saknar e-postadress';
export const PROJECT_TOKEN_MESSAGE = 'Länken är ogiltig eller har gått ut';

/** How long a project invitation's link works (days); a new invitation makes a new link. */
export const PROJECT_TOKEN_DAYS = 90;

const PostcodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^(\d{5})?$/, 'Postnumret ska vara fem siffror'));

const PersonalNumberSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isValidPersonalNumber(v), PERSONAL_NUMBER_MESSAGE)
  .transform((v) => (v === '' ? '' : normalisePersonalNumber(v)));

const OrgNumberSchema = z
  .string()
  .trim()
  .regex(/^(\d{6}-?\d{4})?$/, 'Organisationsnumret ska vara tio siffror, NNNNNN-NNNN');

const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .transform((v) => v.toLowerCase())
  .pipe(z.union([z.literal(''), z.email('Ange en giltig e-postadress')]));

const PhoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+\d\s()-]*$/, 'Telefonnumret får bara innehålla siffror, mellanslag, +, - och ()');

const EndCustomerFieldsSchema = z.object({
  kind: EndCustomerKindSchema.default('private'),
  name: z.string().trim().min(1, 'Ange kundens namn').max(200, 'Högst 200 tecken'),
  contact_person: z.string().trim().max(200, 'Högst 200 tecken').default(''),
  org_number: OrgNumberSchema.default(''),
  email: EmailSchema.default(''),
  phone: PhoneSchema.default(''),
  address: z
    .object({
      street: z.string().trim().max(200).default(''),
      postcode: PostcodeSchema.default(''),
      city: z.string().trim().max(100).default(''),
    })
    .default({ street: '', postcode: '', city: '' }),
  /** Only where a ROT/RUT deduction needs it; '' removes it. Never sent back in clear. */
  personal_number: PersonalNumberSchema.default(''),
  consent_contact: z.boolean().default(false),
});

/** POST end-customer/ → 201 with the customer. */
export const EndCustomerCreateSchema = EndCustomerFieldsSchema.refine(
  (c) => c.kind === 'private' || c.personal_number === '',
  { message: PERSONAL_NUMBER_COMPANY_MESSAGE, path: ['personal_number'] },
);
export type EndCustomerCreate = z.infer<typeof EndCustomerCreateSchema>;

/** PATCH end-customer/{id}/: any of the fields; personal_number '' removes the stored one. */
export const EndCustomerPatchSchema = z
  .object({
    kind: EndCustomerKindSchema.optional(),
    name: EndCustomerFieldsSchema.shape.name.optional(),
    contact_person: z.string().trim().max(200, 'Högst 200 tecken').optional(),
    org_number: OrgNumberSchema.optional(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.optional(),
    address: z
      .object({
        street: z.string().trim().max(200).optional(),
        postcode: PostcodeSchema.optional(),
        city: z.string().trim().max(100).optional(),
      })
      .optional(),
    personal_number: PersonalNumberSchema.optional(),
    consent_contact: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), {
    message: 'Ange minst ett fält att ändra',
  });
export type EndCustomerPatch = z.infer<typeof EndCustomerPatchSchema>;

export const EndCustomerListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});

export const EndCustomerParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: PathIdSchema,
});

/** A customer's project, as their page lists them. */
export const EndCustomerProjectSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  status: z.enum(['active', 'finished']),
  /** An unrevoked, unexpired invitation exists. */
  invited: z.boolean(),
  terms_accepted_at: z.string().nullable(),
});

export const EndCustomerSchema = z.object({
  id: z.number().int(),
  kind: EndCustomerKindSchema,
  name: z.string(),
  contact_person: z.string(),
  org_number: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.object({ street: z.string(), postcode: z.string(), city: z.string() }),
  /** ÅÅÅÅMMDD-****, or null when none is stored. */
  personal_number_masked: z.string().nullable(),
  consent_contact: z.boolean(),
  consent_at: z.string().nullable(),
  project_count: z.number().int().nonnegative(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EndCustomer = z.infer<typeof EndCustomerSchema>;

export const EndCustomerDetailSchema = EndCustomerSchema.extend({
  projects: z.array(EndCustomerProjectSchema),
});
export type EndCustomerDetail = z.infer<typeof EndCustomerDetailSchema>;

export const EndCustomerPageSchema = tradePageSchema(EndCustomerSchema);
export type EndCustomerPage = z.infer<typeof EndCustomerPageSchema>;

/** POST project/{id}/invite/ → 201: the link was e-mailed (the token is never in the reply). */
export const ProjectInviteReplySchema = z.object({
  project_id: z.number().int(),
  end_customer: z.object({ id: z.number().int(), name: z.string() }),
  email: z.string(),
  expires_at: z.string(),
});
export type ProjectInviteReply = z.infer<typeof ProjectInviteReplySchema>;

/** DELETE project/{id}/invite/ → 200: every open invitation of the project was revoked. */
export const ProjectInviteRevokeReplySchema = z.object({ revoked: z.number().int() });

// ---- The end customer's side (project token) ----

export const EndCustomerProjectParamsSchema = z.object({ id: PathIdSchema });
export const EndCustomerProjectFileParamsSchema = z.object({
  id: PathIdSchema,
  file_id: PathIdSchema,
});

const LogoSchema = z
  .object({ url: z.string(), thumbnails: z.array(z.object({ url: z.string() })) })
  .nullable();

/** GET end-customer/project/{id}/ (spec §3: name and end_customer.customer.logo). */
export const EndCustomerProjectViewSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.object({ street: z.string(), postcode: z.string(), city: z.string() }),
  status: z.enum(['active', 'finished']),
  end_customer: z.object({
    id: z.number().int(),
    name: z.string(),
    /** The trade customer (the carpenter's company) and its logo. */
    customer: z.object({ name: z.string(), logo: LogoSchema }),
  }),
  store: z.object({ slug: z.string(), name: z.string() }),
  terms_accepted_at: z.string().nullable(),
});
export type EndCustomerProjectView = z.infer<typeof EndCustomerProjectViewSchema>;

export const EndCustomerFileSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  url: z.string(),
  thumbnail: z.string().nullable(),
  isImage: z.boolean(),
  mime_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type EndCustomerFile = z.infer<typeof EndCustomerFileSchema>;

export const EndCustomerFileListSchema = z.object({
  count: z.number().int().nonnegative(),
  results: z.array(EndCustomerFileSchema),
});
export type EndCustomerFileList = z.infer<typeof EndCustomerFileListSchema>;

export const EndCustomerAttachmentQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});

/** PUT end-customer/project/{id}/accept_terms/ → 200 with the time (the first acceptance). */
export const AcceptTermsReplySchema = z.object({ terms_accepted_at: z.string() });

/** end-customer/conversation/{id}/ and its files: no {eid} in the end customer's paths. */
export const EndCustomerConversationParamsSchema = z.object({ id: PathIdSchema });
export const EndCustomerAttachmentParamsSchema = z.object({
  id: PathIdSchema,
  attachment: PathIdSchema,
});
