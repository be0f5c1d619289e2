import { z } from 'zod';

/** One node of the three-level category tree (BK04 in spirit). */
export type CategoryNode = {
  id: number;
  name: string;
  slug: string;
  /** Slash-joined slugs from the root, e.g. travaror/konstruktionsvirke/reglar. */
  path: string;
  level: number;
  /** Storefront URL of the node, e.g. /produkter/travaror/konstruktionsvirke. */
  url: string;
  product_count: number;
  children: CategoryNode[];
};
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    path: z.string(),
    level: z.number().int().min(1).max(3),
    url: z.string(),
    product_count: z.number().int().nonnegative(),
    children: z.array(CategoryNodeSchema),
  }),
);

/** GET /api/v2.0/category_tree/ (cached; the spec's backend TREE). */
export const CategoryTreeSchema = z.object({
  tree_id: z.string(),
  categories: z.array(CategoryNodeSchema),
});
export type CategoryTree = z.infer<typeof CategoryTreeSchema>;

const SlugParam = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ska vara en slug: a–z, 0–9 och bindestreck');

export const SlugParamsSchema = z.object({ slug: SlugParam });

/**
 * A campaign of the organisation (storefront spec §2, /kampanjer/{url...}). Its products are
 * GET products/?campaign={slug}: the articles with a price of the campaign now.
 */
export const CampaignSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** Started and not yet ended at the time of the request. */
  is_active: z.boolean(),
  /** The storefront page, /kampanjer/{slug}. */
  url: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** GET /api/v2.0/campaigns/ — the campaigns running now, ending soonest first. */
export const CampaignListSchema = z.object({ results: z.array(CampaignSchema) });
export type CampaignList = z.infer<typeof CampaignListSchema>;

/**
 * A supplier (storefront spec §2, /leverantorer/{slug}); its products are
 * GET products/?supplier_ids={id}.
 */
export const SupplierSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** Swedish organisationsnummer, NNNNNN-NNNN. */
  org_number: z.string(),
  city: z.string(),
  email: z.string(),
  phone: z.string(),
  description: z.string().nullable(),
  /** The storefront page, /leverantorer/{slug}. */
  url: z.string(),
});
export type Supplier = z.infer<typeof SupplierSchema>;

/** GET /api/v2.0/ping/ — reads nothing; the benchmark's baseline route. */
export const PingSchema = z.object({ ok: z.literal(true) });
