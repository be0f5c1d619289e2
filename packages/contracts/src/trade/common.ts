import { z } from 'zod';

/**
 * What every store-scoped trade call shares (trade-area spec §6, §9): the rights an ordinary
 * user may be given, the regions a user may be limited to, and the Swedish refusals.
 */

/** The four rights of an ordinary user (administrators have them all). */
export const TRADE_RIGHTS = ['projects', 'offers', 'orders', 'invoices'] as const;
export const TradeRightSchema = z.enum(TRADE_RIGHTS);
export type TradeRight = z.infer<typeof TradeRightSchema>;

/** One flag per right, as a user's settings show and take them. */
export const TradeRightsSchema = z.object({
  projects: z.boolean(),
  offers: z.boolean(),
  orders: z.boolean(),
  invoices: z.boolean(),
});
export type TradeRights = z.infer<typeof TradeRightsSchema>;

/** administrator: all functions, may add users; user: custom rights, cannot add users. */
export const CompanyRoleSchema = z.enum(['admin', 'user']);
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;

/** Store regions 1–7 (spec §9); null = all regions (the default). */
export const RegionIdSchema = z.number().int().min(1).max(7);

/** The store's id of the spec: its external_id. */
export const EidParamsSchema = z.object({ eid: z.string().min(1).max(64) });

/** A page of a list call: page (from 1) and page_size (at most 100, the helper keeps 100). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const NO_RIGHT_MESSAGE = 'Du har inte behörighet till den här funktionen';
export const OUTSIDE_REGION_MESSAGE = 'Ditt konto är begränsat till en annan region';
export const ADMIN_ONLY_MESSAGE = 'Bara administratörer kan hantera användare';
