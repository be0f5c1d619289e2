import type { CmsNode, Footer, MenuItem } from '@bygg/contracts/cms';
import type { OrganisationId } from '@bygg/contracts/common';
import { TtlCache } from '@bygg/domain/ttl-cache';
import { DEFAULT_IFRAME_HOSTS, sanitiseBlock } from './block-sanitiser.ts';
import { heroUri, navigationLabelUri, nodeTextUri } from './editor-uri.ts';
import type { CmsNodeRow, CmsRepository } from './repository.ts';

export type CmsPagesQuery = {
  path?: string | undefined;
  namespace?: string | undefined;
  type?: string | undefined;
  children?: boolean | undefined;
};

export type CmsServiceOptions = {
  /** Hosts whose iframes embedded-HTML blocks may show (config CMS_IFRAME_HOSTS). */
  iframeHosts: readonly string[];
};

/**
 * A hero image is an address an editor typed (editor-target.ts checks it); its size is not
 * known, so the page reserves a 3:2 box (the stylesheet covers it).
 */
const HERO_IMAGE_SIZE = { width: 1200, height: 800 };

function heroImage(row: CmsNodeRow): CmsNode['values']['content']['featured_image'] {
  if (!row.hero?.image) return null;
  return {
    url: row.hero.image,
    alt: row.hero.imageAlt || null,
    ...HERO_IMAGE_SIZE,
    thumbnails: [],
  };
}

function toCmsNode(row: CmsNodeRow, options: CmsServiceOptions, children: CmsNode[] = []): CmsNode {
  const { linkLabel, linkHref } = row.hero ?? {};
  return {
    uri: row.uri,
    type: row.type,
    ...(row.namespace === 'pages'
      ? {
          hero: {
            link: linkLabel && linkHref ? { label: linkLabel, href: linkHref } : null,
            nodes: {
              title: nodeTextUri(row.id, 'title'),
              description: nodeTextUri(row.id, 'description'),
              image: heroUri(row.id, 'image'),
              link_label: heroUri(row.id, 'link-label'),
            },
          },
        }
      : {}),
    values: {
      content: {
        title: row.title,
        description: row.description,
        featured_image: heroImage(row),
        children,
        navigation: row.navigation ?? null,
        navigationLogo: null,
        // Markup is sanitised on the way out, so readers may insert it as it is.
        blocks: row.content.map((block) => sanitiseBlock(block, options.iframeHosts)),
      },
    },
  };
}

/** Nodes whose parent is not in the list are roots; children keep the rows' order. */
function toTree<T>(rows: CmsNodeRow[], make: (row: CmsNodeRow, children: T[]) => T): T[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<number | null, CmsNodeRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: number | null, seen: Set<number>): T[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => make(row, build(row.id, new Set(seen).add(row.id))));
  return build(null, new Set());
}

/**
 * The menu and the footer are read on every page view; this process keeps them for as long
 * as the web app keeps labels (trade-area spec §9: 20000 ms). An editor's change drops them
 * at once, in every process (content/changes.ts).
 */
export const CMS_CACHE_TTL_MS = 20_000;

export class CmsService {
  private readonly menus = new TtlCache<OrganisationId, MenuItem[]>(CMS_CACHE_TTL_MS);
  private readonly footers = new TtlCache<OrganisationId, Footer>(CMS_CACHE_TTL_MS);

  constructor(
    private readonly repository: CmsRepository,
    private readonly options: CmsServiceOptions = { iframeHosts: DEFAULT_IFRAME_HOSTS },
  ) {}

  /** After an editor's change: the next menu and footer come from the database. */
  clearCaches(): void {
    this.menus.clear();
    this.footers.clear();
  }

  /** POST /api/djedi_pages/nodes/: nodes by path, namespace and type; optionally their children. */
  async nodes(organisation: OrganisationId, query: CmsPagesQuery): Promise<CmsNode[]> {
    const rows = await this.repository.find({ organisation, ...query });
    if (!query.children) return rows.map((row) => toCmsNode(row, this.options));
    const children = await this.repository.children(
      organisation,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toCmsNode(
        row,
        this.options,
        children
          .filter((child) => child.parentId === row.id)
          .map((child) => toCmsNode(child, this.options)),
      ),
    );
  }

  /** The CMS part of a menu; the web app adds 'Hem' and 'Sortiment' itself. */
  menu(organisation: OrganisationId, namespace: string): Promise<MenuItem[]> {
    // Only the main menu is kept: any other namespace a caller names would grow the cache.
    if (namespace !== 'main-menu') return this.loadMenu(organisation, namespace);
    return this.menus.get(organisation, () => this.loadMenu(organisation, namespace));
  }

  private async loadMenu(organisation: OrganisationId, namespace: string): Promise<MenuItem[]> {
    const rows = await this.repository.find({ organisation, namespace });
    return toTree<MenuItem>(rows, (row, children) => ({
      name: row.navigation?.label ?? row.title,
      href: row.navigation?.href ?? `/${row.path.replace(/^\/+/, '')}`,
      isAssortment: false,
      showIn: { header: row.navigation?.showIn.header ?? true },
      children,
      // Editors click a menu label to edit it (the overlay reads data-djedi-node); only a
      // menu node or one with navigation has an editable label (cms/editor-target.ts).
      ...(row.type === 'menu' || row.navigation ? { node: navigationLabelUri(row.id) } : {}),
    }));
  }

  footer(organisation: OrganisationId): Promise<Footer> {
    return this.footers.get(organisation, () => this.loadFooter(organisation));
  }

  private async loadFooter(organisation: OrganisationId): Promise<Footer> {
    const rows = await this.repository.find({ organisation, namespace: FOOTER_NAMESPACE });
    return footerFrom(rows);
  }
}

export const FOOTER_NAMESPACE = 'footer';

/**
 * Footer nodes: each root with children is a link column; the roots 'kontakt' and 'juridik'
 * carry the contact text and the legal line in their description.
 */
function footerFrom(rows: CmsNodeRow[]): Footer {
  const tree = toTree<{ row: CmsNodeRow; children: CmsNodeRow[] }>(rows, (row, children) => ({
    row,
    children: children.map((child) => child.row),
  }));
  const root = (path: string) =>
    tree.find((node) => node.row.path.replace(/^\/+|\/+$/g, '') === path)?.row;
  const contact = root('kontakt');
  const legal = root('juridik');
  return {
    columns: tree
      .filter((node) => node.children.length > 0)
      .map((node) => ({
        title: node.row.title,
        node: nodeTextUri(node.row.id, 'title'),
        links: node.children.map((child) => ({
          label: child.navigation?.label ?? child.title,
          href: child.navigation?.href ?? `/${child.path.replace(/^\/+/, '')}`,
          // Only a node with navigation has an editable label (cms/editor-target.ts).
          ...(child.navigation ? { node: navigationLabelUri(child.id) } : {}),
        })),
      })),
    contact: contact?.description ?? '',
    legal: legal?.description ?? '',
    // Editors change the contact text and the legal line from the footer (issue 22).
    ...(contact ? { contact_node: nodeTextUri(contact.id, 'description') } : {}),
    ...(legal ? { legal_node: nodeTextUri(legal.id, 'description') } : {}),
  };
}
