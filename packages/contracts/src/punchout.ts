import { z } from 'zod';

/**
 * OCI punch-out (issue 22, ADR 043). The purchasing system opens a session with its OCI login
 * fields (USERNAME, PASSWORD, HOOK_URL, names as OCI spells them); at the end the cart goes
 * back to HOOK_URL as NEW_ITEM-… form fields.
 */

export const PunchoutSetupBodySchema = z.object({
  USERNAME: z.string({ error: 'USERNAME saknas' }).trim().min(1, 'USERNAME saknas').max(100),
  PASSWORD: z.string({ error: 'PASSWORD saknas' }).min(1, 'PASSWORD saknas').max(200),
  HOOK_URL: z.string({ error: 'HOOK_URL saknas' }).trim().min(1, 'HOOK_URL saknas').max(2000),
});
export type PunchoutSetupBody = z.infer<typeof PunchoutSetupBodySchema>;

export const PunchoutSessionSchema = z.object({
  /** The purchasing system's name, e.g. 'Lindqvist Bygg & Montage AB – inköpssystem'. */
  buyer: z.string(),
  /** The trade company it buys for; null for a buyer without one. */
  company: z.string().nullable(),
  /** Where the cart goes back to (shown as its host). */
  hook_url: z.string(),
  expires_at: z.string(),
});
export type PunchoutSession = z.infer<typeof PunchoutSessionSchema>;

export const PunchoutTransferSchema = z.object({
  hook_url: z.string(),
  /** The OCI form: NEW_ITEM-DESCRIPTION[1], NEW_ITEM-QUANTITY[1], … in order. */
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  lines: z.number().int(),
});
export type PunchoutTransfer = z.infer<typeof PunchoutTransferSchema>;
