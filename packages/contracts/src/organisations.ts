import { z } from 'zod';
import { OrganisationIdSchema } from './common.ts';

/** GET /api/v2.0/organisation/ — public configuration of the organisation named by the header. */
export const OrganisationSchema = z.object({
  id: OrganisationIdSchema,
  name: z.string(),
  /** Prefix stripped from store names in the UI. */
  store_name_prefix: z.string(),
  /** Feature flags resolved for this organisation and environment. */
  flags: z.record(z.string(), z.boolean()),
  affiliation: z.string(),
  free_shipping_threshold_sek: z.number(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;
