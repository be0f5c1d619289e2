import { z } from 'zod';
import { CompanyRoleSchema, RegionIdSchema } from './trade/common.ts';

/**
 * The proffs session calls under /api/proffs/user/ (trade-area spec §7 "Session"): login,
 * me and logout. The session itself is the signed `sessionid` cookie (cookies.ts).
 */

export const LoginBodySchema = z.object({
  /** The login e-mail; compared case-insensitively. */
  username: z.string().trim().min(1, 'Ange din e-postadress').max(254),
  password: z.string().min(1, 'Ange ditt lösenord').max(200),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * admin: all functions and may add users; user: custom rights; editor: the content overlay;
 * staff: a store's staff, who answer the trade customers' messages (issue 20, ADR 035).
 */
export const UserRoleSchema = z.enum(['admin', 'user', 'editor', 'staff']);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const ProffsUserStoreSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  slug: z.string(),
  name: z.string(),
  is_central: z.boolean(),
  proffs_enabled: z.boolean(),
});

/** customer: a user of a customer company; editor: the content editor; staff: a store's staff. */
export const UserKindSchema = z.enum(['customer', 'editor', 'staff']);
export type UserKind = z.infer<typeof UserKindSchema>;

/** GET me/ → 200 with this (login/ answers the same); 204 when nobody is logged in. */
export const ProffsUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: UserRoleSchema,
  kind: UserKindSchema,
  /** The role in the company (administrator or ordinary user); null without a company. */
  company_role: CompanyRoleSchema.nullable(),
  /**
   * The rights (trade-area §3 "Roles"): an administrator has them all, an ordinary user those
   * given; all false without a company. The API enforces them; pages only hide what it refuses.
   */
  may_projects: z.boolean(),
  may_offers: z.boolean(),
  may_orders: z.boolean(),
  may_invoices: z.boolean(),
  /** The one region (1–7, spec §9) the user is limited to; null = all regions. */
  region_id: RegionIdSchema.nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The stores the user has a trade account in (spec: a user is tied to one or more stores). */
  stores: z.array(ProffsUserStoreSchema),
  /**
   * The spec's proffs_stores (§3 "Session payload"): external ids of the stores with trade
   * accounts enabled where the user's company is a customer, as the session cookie has them.
   */
  proffs_stores: z.array(z.string()),
});
export type ProffsUser = z.infer<typeof ProffsUserSchema>;

/** The Swedish reply to a wrong e-mail or password; deliberately the same for both. */
export const LOGIN_FAILED_MESSAGE = 'Fel e-postadress eller lösenord.';

/**
 * The password rules, in one place (ADR 029): long enough to resist guessing, no upper bound a
 * person would meet, and no composition rules (NIST SP 800-63B).
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_TOO_SHORT_MESSAGE = `Lösenordet ska ha minst ${PASSWORD_MIN_LENGTH} tecken`;
export const PASSWORD_TOO_LONG_MESSAGE = 'Lösenordet får ha högst 200 tecken';
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(200, PASSWORD_TOO_LONG_MESSAGE);

/** POST user/reset_password/: always 204, whether or not the address has an account. */
export const ResetPasswordBodySchema = z.object({
  email: z.string().trim().toLowerCase().email('Ange en giltig e-postadress').max(254),
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

/** POST user/set_user_password/: the e-mailed link's token and the new password → 204. */
export const SetUserPasswordBodySchema = z.object({
  token: z.string().min(1, 'Länken saknar sin kod').max(200),
  password: PasswordSchema,
});
export type SetUserPasswordBody = z.infer<typeof SetUserPasswordBodySchema>;

/** 400 from set_user_password/ for a token that is unknown, used or expired. */
export const PASSWORD_LINK_INVALID_MESSAGE =
  'Länken är för gammal eller har redan använts. Begär en ny länk.';

/** How long an e-mailed link sets a password: a reset, and a new user's invitation. */
export const RESET_LINK_MAX_AGE_S = 60 * 60;
export const INVITATION_LINK_MAX_AGE_S = 7 * 24 * 60 * 60;
