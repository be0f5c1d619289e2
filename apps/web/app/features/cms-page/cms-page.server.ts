import type { CmsNode } from '@bygg/contracts/cms';
import type { CmsBlockData } from '~/components/cms-blocks/block-data.ts';
import { pageHref } from '~/components/cms-blocks/block-data.ts';
import { apiFor } from '~/lib/api.server.ts';
import { loadBlockData } from '~/lib/cms-block-data.server.ts';
import { ancestorPaths } from './cms-path.ts';

export type Crumb = { name: string; href: string };
/** The side tree: the page's top section and its pages, with the open branch's children. */
export type SectionTree = { name: string; href: string; children: SectionTree[] };

export type CmsPageData = {
  path: string;
  title: string;
  description: string | null;
  blocks: CmsNode['values']['content']['blocks'];
  blockData: CmsBlockData;
  breadcrumbs: Crumb[];
  section: SectionTree | null;
};

function crumb(node: CmsNode): Crumb {
  return { name: node.values.content.title, href: pageHref(node) };
}

/** The top ancestor with its children; the children on the way to the page open. */
function sectionTree(chain: CmsNode[], currentPath: string): SectionTree | null {
  const [top] = chain;
  if (!top) return null;
  const byHref = new Map(chain.map((node) => [pageHref(node), node]));
  const build = (node: CmsNode, depth: number): SectionTree => {
    const href = pageHref(node);
    const open = depth === 0 || currentPath === href || currentPath.startsWith(`${href}/`);
    const source = byHref.get(href) ?? node;
    return {
      name: node.values.content.title,
      href,
      children:
        open && depth < 2
          ? source.values.content.children.map((child) => build(child, depth + 1))
          : [],
    };
  };
  const tree = build(top, 0);
  return tree.children.length > 0 ? tree : null;
}

/**
 * A CMS page by path with what it shows besides its blocks: the breadcrumb and the section
 * tree from its ancestors (missing ancestors are skipped), and the blocks' data. One round of
 * parallel calls; null when no page has the path.
 */
export async function loadCmsPage(request: Request, path: string): Promise<CmsPageData | null> {
  const api = apiFor(request);
  const fetchPage = (pagePath: string) =>
    api
      .cmsPages({ path: pagePath, namespace: 'pages', type: 'page', children: true })
      .then((reply) => reply.nodes[0] ?? null);
  const [page, ...ancestors] = await Promise.all([
    fetchPage(path),
    // An ancestor that fails to load only costs its crumb.
    ...ancestorPaths(path).map((ancestor) => fetchPage(ancestor).catch(() => null)),
  ]);
  if (!page) return null;
  const chain = [...ancestors.filter((node): node is CmsNode => node !== null), page];
  const blockData = await loadBlockData(request, page, { pageSlug: path.slice(1) });
  return {
    path,
    title: page.values.content.title,
    description: page.values.content.description,
    blocks: page.values.content.blocks,
    blockData,
    breadcrumbs: [{ name: 'Hem', href: '/' }, ...chain.map(crumb)],
    section: sectionTree(chain, path),
  };
}
