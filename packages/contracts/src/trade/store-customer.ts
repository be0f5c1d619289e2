import { z } from 'zod';
import { CompanyRoleSchema, EidParamsSchema, RegionIdSchema, TradeRightsSchema } from './common.ts';

/**
 * The company as a customer of one store (trade-area spec §7 "Store customer"):
 * GET/PUT store-customer/current/ (PUT body { data }), and the store's terms.
 */

/** Postal code: spaces removed, exactly 5 digits (spec §5). */
export const PostcodeSchema = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{5}$/, 'Postnumret ska vara fem siffror'));

export const AddressSchema = z.object({
  street: z.string().trim().min(1, 'Ange gatuadress').max(200),
  postcode: PostcodeSchema,
  city: z.string().trim().min(1, 'Ange ort').max(100),
});
export type Address = z.infer<typeof AddressSchema>;

/** A stored address as the API sends it (no parsing on the way out). */
export const AddressReplySchema = z.object({
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
});

export const StoreCustomerSchema = z.object({
  company_id: z.number().int(),
  name: z.string(),
  org_number: z.string(),
  /** The company's number as a customer of this store. */
  customer_number: z.string(),
  address: AddressReplySchema,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  invoice_address: AddressReplySchema.nullable(),
  delivery_address: AddressReplySchema.nullable(),
  logo_url: z.string().nullable(),
  credit_limit_ore: z.number().int().nullable(),
  payment_terms_days: z.number().int(),
  terms_accepted_at: z.string().nullable(),
  terms_version: z.string().nullable(),
});
export type StoreCustomer = z.infer<typeof StoreCustomerSchema>;

/** The fields only the store may change, and why (shown beside each read-only field). */
export const STORE_ONLY_FIELDS = [
  'company_id',
  'name',
  'org_number',
  'customer_number',
  'credit_limit_ore',
  'payment_terms_days',
  'terms_accepted_at',
  'terms_version',
] as const;
export type StoreOnlyField = (typeof STORE_ONLY_FIELDS)[number];

export const STORE_ONLY_REASON = 'Kan bara ändras av butiken. Kontakta butiken för att ändra.';

export const ReadOnlyFieldSchema = z.object({ field: z.string(), reason: z.string() });

/** GET and PUT store-customer/current/ → 200. */
export const StoreCustomerReplySchema = z.object({
  data: StoreCustomerSchema,
  read_only: z.array(ReadOnlyFieldSchema),
  /** The caller's own role, rights and region: what the pages may offer (the API enforces). */
  access: z.object({
    user_id: z.number().int(),
    role: CompanyRoleSchema,
    rights: TradeRightsSchema,
    region_id: RegionIdSchema.nullable(),
  }),
});
export type StoreCustomerReply = z.infer<typeof StoreCustomerReplySchema>;

/**
 * PUT store-customer/current/ body: { data } with the company's own fields. A store-only
 * field that differs from the stored value is a 400 naming it; one sent unchanged (a form
 * that posts back what it read) is accepted.
 */
export const StoreCustomerUpdateSchema = z.object({
  data: z
    .object({
      address: AddressSchema.optional(),
      phone: z.string().trim().max(40).nullable().optional(),
      email: z.string().trim().email('Ange en giltig e-postadress').max(254).nullable().optional(),
      invoice_address: AddressSchema.nullable().optional(),
      delivery_address: AddressSchema.nullable().optional(),
      logo_url: z.string().trim().url().max(500).nullable().optional(),
    })
    .catchall(z.unknown()),
});
export type StoreCustomerUpdate = z.infer<typeof StoreCustomerUpdateSchema>;

/** The store's terms: each named condition accepted (true) or not. */
export const TermsSchema = z.record(z.string(), z.boolean());
export type Terms = z.infer<typeof TermsSchema>;

/**
 * GET store-customer/terms/ → { data: { terms } } (the spec's "terms read for a store", path
 * not in the spec); terms is null until the company has accepted any version. The
 * contact-details check (spec §5) fails when terms is missing or a value is false.
 */
export const TermsReplySchema = z.object({
  data: z.object({
    external_id: z.string(),
    version: z.string(),
    text: z.string(),
    terms: TermsSchema.nullable(),
  }),
});
export type TermsReply = z.infer<typeof TermsReplySchema>;

/** PUT store-customer/terms/: accept the current version (every condition true). */
export const TermsAcceptSchema = z.object({
  version: z.string().min(1).max(40),
  terms: TermsSchema,
});

export { EidParamsSchema };
