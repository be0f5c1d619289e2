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
