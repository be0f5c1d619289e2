import { z } from 'zod';
import { PasswordSchema } from '../auth.ts';
import { CompanyRoleSchema, PageQuerySchema, RegionIdSchema, TradeRightsSchema } from './common.ts';

/**
 * The company's users (trade-area spec §7 "Store customer"): GET store-customer/user/ with
 * search, POST, GET/PATCH/DELETE store-customer/user/{id}. Administrators only.
 */

export const StoreCustomerUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: CompanyRoleSchema,
  /** The user's rights; an administrator's are all true. */
  rights: TradeRightsSchema,
  /** null = all regions. */
  region_id: RegionIdSchema.nullable(),
  is_active: z.boolean(),
});
export type StoreCustomerUser = z.infer<typeof StoreCustomerUserSchema>;

export const StoreCustomerUserListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
});

export const StoreCustomerUserPageSchema = z.object({
  count: z.number().int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(StoreCustomerUserSchema),
});

export const UserIdParamsSchema = z.object({
  eid: z.string().min(1).max(64),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

const NameSchema = z.string().trim().min(1, 'Ange namn').max(120);
const PhoneSchema = z.string().trim().max(40).nullable();

/** The login e-mail, compared and kept in lower case. */
const UsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .email('Ange en giltig e-postadress')
  .max(254);

/** POST store-customer/user/ → 201 with the user. */
export const StoreCustomerUserCreateSchema = z.object({
  username: UsernameSchema,
  name: NameSchema,
  phone: PhoneSchema.optional(),
  role: CompanyRoleSchema.default('user'),
  rights: TradeRightsSchema.partial().optional(),
  region_id: RegionIdSchema.nullable().optional(),
  /** Optional: without it the user sets one through the e-mailed link (session work). */
  password: PasswordSchema.optional(),
});
export type StoreCustomerUserCreate = z.infer<typeof StoreCustomerUserCreateSchema>;

/** PATCH store-customer/user/{id}: any of these. */
export const StoreCustomerUserPatchSchema = z.object({
  /** A new login e-mail (unique in the organisation, like a new user's). */
  username: UsernameSchema.optional(),
  name: NameSchema.optional(),
  phone: PhoneSchema.optional(),
  role: CompanyRoleSchema.optional(),
  rights: TradeRightsSchema.partial().optional(),
  region_id: RegionIdSchema.nullable().optional(),
  is_active: z.boolean().optional(),
});
export type StoreCustomerUserPatch = z.infer<typeof StoreCustomerUserPatchSchema>;

export const USERNAME_TAKEN_MESSAGE = 'Det finns redan en användare med den e-postadressen';
export const LAST_ADMIN_MESSAGE = 'Företaget måste ha minst en administratör';
