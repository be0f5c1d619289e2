import { z } from 'zod';

/**
 * Content service (trade-area spec §7): POST {base}/nodes/ maps node uri → default (or null)
 * and answers uri → value. A uri is `scheme://namespace/path.ext@version`, scheme default i18n,
 * extension default txt, e.g. `i18n://sv-se@footer/contact.txt`.
 */
export const DjediNodesRequestSchema = z.record(z.string().min(1).max(500), z.string().nullable());
export const DjediNodesResponseSchema = z.record(z.string(), z.string().nullable());

export const NavigationSchema = z.object({
  label: z.string(),
  href: z.string(),
  showIn: z.object({ header: z.boolean(), footer: z.boolean() }),
});

export const ImageSchema = z.object({
  url: z.string(),
  alt: z.string().nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  thumbnails: z.array(z.object({ url: z.string(), width: z.number().int().positive() })),
});

/** A CMS page node (storefront spec §3, CMS node). Blocks are the page body. */
export type CmsNode = {
  uri: string;
  type: string;
  values: {
    content: {
      title: string;
      description: string | null;
      featured_image: z.infer<typeof ImageSchema> | null;
      children: CmsNode[];
      navigation: z.infer<typeof NavigationSchema> | null;
      navigationLogo: z.infer<typeof ImageSchema> | null;
      blocks: Array<{ type: string; id: string; props: Record<string, unknown> }>;
    };
  };
};
export const CmsNodeSchema: z.ZodType<CmsNode> = z.lazy(() =>
  z.object({
    uri: z.string(),
    type: z.string(),
    values: z.object({
      content: z.object({
        title: z.string(),
        description: z.string().nullable(),
        featured_image: ImageSchema.nullable(),
        children: z.array(CmsNodeSchema),
        navigation: NavigationSchema.nullable(),
        navigationLogo: ImageSchema.nullable(),
        blocks: z.array(
          z.object({ type: z.string(), id: z.string(), props: z.record(z.string(), z.unknown()) }),
        ),
      }),
    }),
  }),
);

/** POST /api/djedi_pages/nodes/: filter by path and namespace and node type. */
export const CmsPagesQuerySchema = z.object({
  path: z.string().max(500).optional(),
  namespace: z.string().max(100).optional(),
  type: z.enum(['page', 'menu', 'footer']).optional(),
  /** Return the node's direct children too (subpage fetch). */
  children: z.boolean().optional(),
});
export const CmsPagesResponseSchema = z.object({ nodes: z.array(CmsNodeSchema) });

/** Main menu item (storefront spec §3, Menu / category node), simplified to what the API serves. */
export type MenuItem = {
  name: string;
  href: string;
  isAssortment: boolean;
  showIn: { header: boolean };
  children: MenuItem[];
};
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    href: z.string(),
    isAssortment: z.boolean(),
    showIn: z.object({ header: z.boolean() }),
    children: z.array(MenuItemSchema),
  }),
);

/** GET /api/djedi_pages/menu/?namespace=main-menu — the main menu built from CMS nodes. */
export const MainMenuSchema = z.object({ items: z.array(MenuItemSchema) });

/** Footer content (CMS): columns of links plus contact text and legal line. */
export const FooterSchema = z.object({
  columns: z.array(
    z.object({
      title: z.string(),
      links: z.array(z.object({ label: z.string(), href: z.string() })),
    }),
  ),
  contact: z.string(),
  legal: z.string(),
});
export type Footer = z.infer<typeof FooterSchema>;

/** GET /djedi/embed/: 204 (no body) means "no editor overlay" to the spec's client. */
export const DjediEmbedResponseSchema = z.null();

/** GET /api/djedi_pages/menu/ — which CMS menu to build (the main menu by default). */
export const CmsMenuQuerySchema = z.object({
  namespace: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'namespace får bara innehålla a–z, 0–9 och bindestreck')
    .default('main-menu'),
});
