import { z } from 'zod';
import { CMS_BLOCK_TYPES } from '@bygg/domain/cms-blocks';
import { PathIdSchema, SitePathSchema } from './input.ts';

/**
 * Content service (trade-area spec §7): POST {base}/nodes/ maps node uri → default (or null)
 * and answers uri → value. A uri is `scheme://namespace@path.ext#version` (djedi's form), every
 * part but the path optional: scheme default i18n, namespace per scheme (the language for i18n,
 * 'local' for l10n, 'global' for g11n), extension default txt, no version = the published one;
 * e.g. `i18n://sv-se@footer/contact.txt` or `footer/contact#3`.
 */
export const DJEDI_MAX_VALUE_LENGTH = 20_000;

/**
 * Emitted on `process` by the API after every editor's change, its own and, through Redis,
 * other processes' (apps/api content/changes.ts), with `{ organisation, uris }`; the web app's
 * server code, rendered in the same process by the API's host.ts but bundled separately,
 * listens for it and drops the changed nodes (apps/web lib/content/nodes.server.ts).
 */
export const CONTENT_CHANGED_EVENT = 'bygg:content-changed';
export const DjediNodesRequestSchema = z.record(
  z.string().min(1).max(500),
  z.string().max(DJEDI_MAX_VALUE_LENGTH).nullable(),
);
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

/**
 * A page's lead (issue 22): its call to action and the node uris of its parts, which the page
 * carries as data-djedi-node so the editor overlay can open them (heading = the page title,
 * text = its description, image = featured_image).
 */
export const CmsHeroSchema = z.object({
  link: z.object({ label: z.string(), href: z.string() }).nullable(),
  nodes: z.object({
    title: z.string(),
    description: z.string(),
    image: z.string(),
    link_label: z.string(),
  }),
});
export type CmsHero = z.infer<typeof CmsHeroSchema>;

/** A CMS page node (storefront spec §3, CMS node). Blocks are the page body. */
export type CmsNode = {
  uri: string;
  type: string;
  /** Pages only. */
  hero?: CmsHero;
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
    hero: CmsHeroSchema.optional(),
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

/** A CMS namespace: 'pages', 'main-menu', 'footer', … */
export const CmsNamespaceSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,100}$/, 'namespace får bara innehålla a–z, 0–9 och bindestreck');

/** POST /api/djedi_pages/nodes/: filter by path and namespace and node type. */
export const CmsPagesQuerySchema = z.object({
  path: SitePathSchema.optional(),
  namespace: CmsNamespaceSchema.optional(),
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
  /**
   * The label's node uri (`cms://node@{id}/navigation/label.txt`): the menu markup carries it
   * as data-djedi-node, so the editor overlay can open the label from the menu.
   */
  node?: string;
};
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    name: z.string(),
    href: z.string(),
    isAssortment: z.boolean(),
    showIn: z.object({ header: z.boolean() }),
    children: z.array(MenuItemSchema),
    node: z.string().optional(),
  }),
);

/** GET /api/djedi_pages/menu/?namespace=main-menu — the main menu built from CMS nodes. */
export const MainMenuSchema = z.object({ items: z.array(MenuItemSchema) });

/** Footer content (CMS): columns of links plus contact text and legal line. */
export const FooterSchema = z.object({
  columns: z.array(
    z.object({
      title: z.string(),
      links: z.array(
        z.object({
          label: z.string(),
          href: z.string(),
          /** The label's node uri, as MenuItem.node (data-djedi-node in the footer). */
          node: z.string().optional(),
        }),
      ),
      /** The heading's node uri (`cms://node@{id}/title.txt`), for the editor overlay. */
      node: z.string().optional(),
    }),
  ),
  contact: z.string(),
  legal: z.string(),
  /** The contact text's and the legal line's node uris (`…/description.txt`). */
  contact_node: z.string().optional(),
  legal_node: z.string().optional(),
});
export type Footer = z.infer<typeof FooterSchema>;

/** GET /djedi/embed/: 204 (no body) means "no editor overlay" to the spec's client. */
export const DjediEmbedResponseSchema = z.null();
/** GET /djedi/embed/ for an editor: the overlay's bootstrap markup (HTML). */
export const DjediEmbedMarkupSchema = z.string();

/** The editor's calls under /djedi/cms/ (issue 6): one node, its versions, publish, restore. */
export const DjediUriQuerySchema = z.object({ uri: z.string().trim().min(1).max(500) });

/** One editable node: a content-service label or a CMS field (a `cms://` uri). */
export const DjediNodeSchema = z.object({
  /** Canonical uri: every default filled in, no version part. */
  uri: z.string(),
  /** txt = plain text, md = markdown source, html = sanitised rich text. */
  ext: z.string(),
  /** The published value; null when nothing is stored yet. */
  value: z.string().nullable(),
  /** The published version; null when nothing is stored yet. */
  version: z.number().int().nullable(),
  /** An editor's unpublished value (ADR 047); shoppers never see it. */
  draft: z
    .object({ value: z.string(), author: z.string(), updated_at: z.string() })
    .nullable()
    .optional(),
});
export type DjediNode = z.infer<typeof DjediNodeSchema>;

export const DjediRevisionSchema = z.object({
  version: z.number().int().positive(),
  /** The editor's user name; null for the first default or the seeded value. */
  author: z.string().nullable(),
  /** ISO time of the publish; null for a seeded value that predates the history. */
  created_at: z.string().nullable(),
  /** The version that is live now. */
  published: z.boolean(),
  value: z.string(),
});
export type DjediRevision = z.infer<typeof DjediRevisionSchema>;
export const DjediRevisionsSchema = z.object({
  uri: z.string(),
  /** Newest first. */
  revisions: z.array(DjediRevisionSchema),
});

export const DjediPublishBodySchema = z.object({
  uri: z.string().trim().min(1).max(500),
  value: z.string().max(DJEDI_MAX_VALUE_LENGTH),
});
/** POST /djedi/cms/draft/publish/ and /djedi/cms/draft/discard/: the node whose draft. */
export const DjediDraftBodySchema = z.object({ uri: z.string().trim().min(1).max(500) });
/** GET /djedi/cms/drafts/: every draft, for the editor's preview (`?forhandsvisning=1`). */
export const DjediDraftsSchema = z.object({
  drafts: z.array(z.object({ uri: z.string(), ext: z.string(), value: z.string() })),
});
export type DjediDrafts = z.infer<typeof DjediDraftsSchema>;
export const DjediRestoreBodySchema = z.object({
  uri: z.string().trim().min(1).max(500),
  version: z.number().int().positive(),
});

/** What the overlay may edit on a CMS page (GET /api/djedi_pages/editor/page/?path=). */
export const EditorFieldSchema = z.object({
  /** `cms://node@{id}/blocks/{blockId}/{prop}.{ext}` or `…/navigation/label.txt`. */
  uri: z.string(),
  label: z.string(),
  ext: z.enum(['txt', 'md', 'html']),
  value: z.string(),
});
export type EditorField = z.infer<typeof EditorFieldSchema>;
export const EditorBlockSchema = z.object({
  /** The block id, as in the page's `data-cms-block` attribute. */
  id: z.string(),
  type: z.string(),
  fields: z.array(EditorFieldSchema),
});
export type EditorBlock = z.infer<typeof EditorBlockSchema>;
export const EditorPageQuerySchema = z.object({ path: SitePathSchema });
export const EditorPageSchema = z.object({
  /** null when no CMS page has this path. */
  page: z.object({ id: z.number().int(), title: z.string(), path: z.string() }).nullable(),
  blocks: z.array(EditorBlockSchema),
  /** The page's own fields with their names: its hero's heading, text, image and link. */
  fields: z.array(EditorFieldSchema).default([]),
});
export type EditorPage = z.infer<typeof EditorPageSchema>;
/** The main menu's CMS items the overlay may rename (GET /api/djedi_pages/editor/menu/). */
export const EditorMenuSchema = z.object({
  items: z.array(z.object({ href: z.string(), field: EditorFieldSchema })),
});
export type EditorMenu = z.infer<typeof EditorMenuSchema>;
/** The footer's fields the overlay may edit (GET /api/djedi_pages/editor/footer/). */
export const EditorFooterSchema = z.object({ fields: z.array(EditorFieldSchema) });
export type EditorFooter = z.infer<typeof EditorFooterSchema>;

/** GET /api/djedi_pages/menu/ — which CMS menu to build (the main menu by default). */
export const CmsMenuQuerySchema = z.object({
  namespace: z
    .string()
    .regex(/^[a-z0-9-]{1,100}$/, 'namespace får bara innehålla a–z, 0–9 och bindestreck')
    .default('main-menu'),
});

// ---------------------------------------------------------------------------------------------
// Issue 6: editors create and arrange pages and their blocks (/djedi/cms/pages/…, editors only).

/** One path segment of a page address: lowercase a–z, 0–9 and single hyphens. */
export const CmsSlugSchema = z
  .string()
  .trim()
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    'Adressen får bara innehålla a–z, 0–9 och bindestreck (inte först eller sist)',
  )
  .max(100, 'Adressen får vara högst 100 tecken');
/** A page path: '/' or '/a/b' (segments as CmsSlugSchema). */
export const CmsPathSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/, 'Ogiltig sökväg');
export const CmsTitleSchema = z
  .string()
  .trim()
  .min(1, 'Rubriken får inte vara tom')
  .max(200, 'Rubriken får vara högst 200 tecken');
export const CmsBlockIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Ogiltigt block-id');
/** Block props are checked by the block type's own rules (domain cms-blocks). */
export const CmsBlockPropsSchema = z.record(z.string(), z.unknown());

export const EditorNodeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  path: z.string(),
  namespace: z.string(),
  type: z.string(),
  published: z.boolean(),
  position: z.number().int(),
  parentId: z.number().int().nullable(),
});
export type EditorNodeSummary = z.infer<typeof EditorNodeSummarySchema>;
export const EditorCmsBlockSchema = z.object({
  id: z.string(),
  type: z.string(),
  props: CmsBlockPropsSchema,
});
export type EditorCmsBlock = z.infer<typeof EditorCmsBlockSchema>;
/** A node as the page panel shows it: its blocks in order and its children in order. */
export const EditorPageDetailSchema = z.object({
  page: EditorNodeSummarySchema,
  blocks: z.array(EditorCmsBlockSchema),
  children: z.array(EditorNodeSummarySchema),
  /** `cms://node@{id}/blocks.json`: the block list's versions (/djedi/cms/revisions/, restore). */
  blocksUri: z.string(),
});
export type EditorPageDetail = z.infer<typeof EditorPageDetailSchema>;

export const CmsNodeIdParamsSchema = z.object({ id: PathIdSchema });
export const CmsBlockParamsSchema = CmsNodeIdParamsSchema.extend({ blockId: CmsBlockIdSchema });

export const CreateCmsPageBodySchema = z.object({
  namespace: CmsNamespaceSchema.default('pages'),
  /** The parent page's path; '/' makes a top-level page. */
  parentPath: CmsPathSchema.default('/'),
  slug: CmsSlugSchema,
  title: CmsTitleSchema,
  /** A new page is a draft (hidden from visitors) unless published here. */
  published: z.boolean().default(false),
});
export type CreateCmsPageBody = z.infer<typeof CreateCmsPageBodySchema>;
export const UpdateCmsPageBodySchema = z
  .object({
    title: CmsTitleSchema.optional(),
    slug: CmsSlugSchema.optional(),
    /** Move under another parent ('/' = top level). */
    parentPath: CmsPathSchema.optional(),
    published: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Ange något att ändra',
  });
export type UpdateCmsPageBody = z.infer<typeof UpdateCmsPageBodySchema>;
/** The node's index among its siblings (0 first); menus and subpage lists follow it. */
export const CmsPositionBodySchema = z.object({ position: z.number().int().min(0).max(10_000) });

export const AddCmsBlockBodySchema = z.object({
  type: z.enum(CMS_BLOCK_TYPES),
  props: CmsBlockPropsSchema.default({}),
  /** Index in the page's block list; at the end when left out. */
  position: z.number().int().min(0).max(10_000).optional(),
});
export const UpdateCmsBlockBodySchema = z.object({ props: CmsBlockPropsSchema });
export const MoveCmsBlockBodySchema = z.object({ direction: z.enum(['up', 'down']) });
