import { z } from 'zod';

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

/** admin: all functions and may add users; user: custom rights; editor: the content overlay. */
export const UserRoleSchema = z.enum(['admin', 'user', 'editor']);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const ProffsUserStoreSchema = z.object({
  id: z.number().int(),
  external_id: z.string(),
  slug: z.string(),
  name: z.string(),
  is_central: z.boolean(),
  proffs_enabled: z.boolean(),
});

/** GET me/ → 200 with this; 204 when nobody is logged in. */
export const ProffsUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: UserRoleSchema,
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The stores the user has a trade account in (spec: a user is tied to one or more stores). */
  stores: z.array(ProffsUserStoreSchema),
});
export type ProffsUser = z.infer<typeof ProffsUserSchema>;

/** The Swedish reply to a wrong e-mail or password; deliberately the same for both. */
export const LOGIN_FAILED_MESSAGE = 'Fel e-postadress eller lösenord.';
