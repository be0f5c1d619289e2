/**
 * The overlay's names for CMS fields, as content-service uris so they share publish, version
 * history and restore with the labels (content/editing.ts):
 *   cms://node@{id}/navigation/label.txt          a menu item's label
 *   cms://node@{id}/blocks/{blockId}/{prop}.{ext} one text property of a page block
 *   cms://node@{id}/blocks.json                   the page's whole block list (add, move,
 *                                                 remove and edit blocks; restore a layout)
 *   cms://node@{id}/title.txt, …/description.txt  a node's title and description (a page's
 *                                                 hero heading and text, a footer column's
 *                                                 heading, the footer's contact and legal text)
 *   cms://node@{id}/hero/{part}.txt               a page hero's image, image text and link
 * The node id, not the path, names the page: a page keeps its history when it is moved.
 */
export const CMS_SCHEME = 'cms';
export const CMS_NAMESPACE = 'node';

export type CmsField =
  | { nodeId: number; kind: 'navigation-label' }
  | { nodeId: number; kind: 'block'; blockId: string; prop: string }
  | { nodeId: number; kind: 'page-blocks' }
  | { nodeId: number; kind: 'node-text'; prop: NodeTextProp }
  | { nodeId: number; kind: 'hero'; part: HeroPart };

export const NODE_TEXT_PROPS = ['title', 'description'] as const;
export type NodeTextProp = (typeof NODE_TEXT_PROPS)[number];
/** The hero's parts and their cms_nodes.hero keys. */
export const HERO_PARTS = {
  image: 'image',
  'image-alt': 'imageAlt',
  'link-label': 'linkLabel',
  'link-href': 'linkHref',
} as const;
export type HeroPart = keyof typeof HERO_PARTS;

export function nodeTextUri(nodeId: number, prop: NodeTextProp): string {
  return `${CMS_SCHEME}://${CMS_NAMESPACE}@${nodeId}/${prop}.txt`;
}

export function heroUri(nodeId: number, part: HeroPart): string {
  return `${CMS_SCHEME}://${CMS_NAMESPACE}@${nodeId}/hero/${part}.txt`;
}

export function navigationLabelUri(nodeId: number): string {
  return `${CMS_SCHEME}://${CMS_NAMESPACE}@${nodeId}/navigation/label.txt`;
}

export function blockFieldUri(nodeId: number, blockId: string, prop: string, ext: string): string {
  return `${CMS_SCHEME}://${CMS_NAMESPACE}@${nodeId}/blocks/${blockId}/${prop}.${ext}`;
}

export function pageBlocksUri(nodeId: number): string {
  return `${CMS_SCHEME}://${CMS_NAMESPACE}@${nodeId}/blocks.json`;
}

const BLOCK_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Reads the path part of a cms:// uri (see uri.ts in the content module); null when malformed. */
export function parseCmsField(namespace: string, path: string): CmsField | null {
  if (namespace !== CMS_NAMESPACE) return null;
  const parts = path.split('/');
  const nodeId = Number(parts[0]);
  if (!Number.isSafeInteger(nodeId) || nodeId <= 0) return null;
  if (parts.length === 3 && parts[1] === 'navigation' && parts[2] === 'label') {
    return { nodeId, kind: 'navigation-label' };
  }
  if (parts.length === 2 && parts[1] === 'blocks') return { nodeId, kind: 'page-blocks' };
  const prop = NODE_TEXT_PROPS.find((candidate) => candidate === parts[1]);
  if (parts.length === 2 && prop) return { nodeId, kind: 'node-text', prop };
  const part = parts[2];
  if (parts.length === 3 && parts[1] === 'hero' && part && Object.hasOwn(HERO_PARTS, part)) {
    return { nodeId, kind: 'hero', part: part as HeroPart };
  }
  const [, blocks, blockId, blockProp] = parts;
  if (parts.length === 4 && blocks === 'blocks' && blockId && blockProp && BLOCK_ID.test(blockId)) {
    return { nodeId, kind: 'block', blockId, prop: blockProp };
  }
  return null;
}

/** The block types the overlay edits and which of their props, with the editor each needs. */
const EDITABLE_BLOCK_FIELDS: Record<
  string,
  Array<{ prop: string; label: string; ext: 'txt' | 'md' | 'html' }>
> = {
  richtext: [{ prop: 'text', label: 'Text', ext: 'html' }],
  buttonlink: [{ prop: 'label', label: 'Knapptext', ext: 'txt' }],
  image: [{ prop: 'caption', label: 'Bildtext', ext: 'txt' }],
};

/** 'rich-text', 'rich_text' and 'richText' name the same block type. */
export function blockKind(type: string): string {
  return type.toLowerCase().replace(/[-_\s]/g, '');
}

export function editableFields(type: string) {
  return EDITABLE_BLOCK_FIELDS[blockKind(type)] ?? [];
}
