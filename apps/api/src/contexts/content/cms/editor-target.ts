import type { Database } from '@bygg/db/client';
import { and, eq, sql } from '@bygg/db/orm';
import { cmsNodes } from '@bygg/db/schema/index';
import { BadRequestError, NotFoundError } from '../../../kernel/errors.ts';
import type { ContentTarget, TargetValue } from '../content-service/targets.ts';
import type { NodeUri } from '../content-service/uri.ts';
import { parseBlockList } from './block-rules.ts';
import {
  CMS_SCHEME,
  editableFields,
  HERO_PARTS,
  parseCmsField,
  type CmsField,
} from './editor-uri.ts';

type CmsRow = typeof cmsNodes.$inferSelect;

/**
 * The overlay's writes to CMS pages and menus (issue 6: "editors … edit it … and publish it"):
 * a menu item's label and the text properties of page blocks, named by cms:// uris. The
 * content service calls read/write inside its publish transaction and keeps the versions.
 */
export class CmsEditorTarget implements ContentTarget {
  constructor(private readonly db: Database) {}

  handles(uri: NodeUri): boolean {
    return uri.scheme === CMS_SCHEME;
  }

  async read(
    organisation: string,
    uri: NodeUri,
    executor: Database = this.db,
  ): Promise<TargetValue | null> {
    const field = this.field(uri);
    const row = await this.row(organisation, field.nodeId, executor);
    if (!row) return null;
    const value = fieldValue(row, field, uri.ext);
    // The version is the content service's history; the CMS row keeps none of its own.
    return value === null ? null : { value, version: null };
  }

  /** A hero's image and link must be addresses the page may show (issue 22). */
  check(uri: NodeUri, value: string): void {
    const field = this.field(uri);
    if (field.kind !== 'hero') return;
    const bad = (message: string) =>
      new BadRequestError(message, [{ path: 'body.value', message }]);
    const text = value.trim();
    if (field.part === 'link-href' && !SITE_OR_HTTPS.test(text)) {
      throw bad('Länken ska börja med / (en sida på webbplatsen) eller https://');
    }
    if (field.part === 'image' && !IMAGE_ADDRESS.test(text)) {
      throw bad('Bilden ska vara en adress som börjar med /media/ eller https://');
    }
  }

  async write(
    organisation: string,
    uri: NodeUri,
    value: string,
    _version: number,
    executor: Database = this.db,
  ): Promise<void> {
    const field = this.field(uri);
    this.check(uri, value);
    const row = await this.row(organisation, field.nodeId, executor, true);
    if (!row || fieldValue(row, field, uri.ext) === null)
      throw new NotFoundError('Fältet finns inte');
    const changes =
      field.kind === 'node-text'
        ? { [field.prop]: value }
        : field.kind === 'hero'
          ? { hero: { ...row.hero, [HERO_PARTS[field.part]]: value.trim() } }
          : field.kind === 'page-blocks'
            ? { content: parseBlockList(value) }
            : field.kind === 'navigation-label'
              ? {
                  navigation: {
                    ...(row.navigation ?? {
                      href: `/${row.path.replace(/^\/+/, '')}`,
                      showIn: { header: true, footer: false },
                    }),
                    label: value,
                  },
                }
              : {
                  content: row.content.map((block) =>
                    block.id === field.blockId
                      ? { ...block, props: { ...block.props, [field.prop]: value } }
                      : block,
                  ),
                };
    await executor
      .update(cmsNodes)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, row.id)));
  }

  private field(uri: NodeUri): CmsField {
    const field = parseCmsField(uri.namespace, uri.path);
    if (!field) {
      const message = 'Ogiltig CMS-uri';
      throw new BadRequestError(message, [{ path: 'uri', message }]);
    }
    return field;
  }

  private async row(
    organisation: string,
    id: number,
    executor: Database,
    forUpdate = false,
  ): Promise<CmsRow | null> {
    const query = executor
      .select()
      .from(cmsNodes)
      .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }
}

/** A page of the site ('/kundservice', not '//host') or an https address. */
const SITE_OR_HTTPS = /^(\/(?![/\\])[^\s]*|https:\/\/[^\s]+)$/;
const IMAGE_ADDRESS = /^(\/media\/[^\s]+|https:\/\/[^\s]+)$/;
const PAGES_NAMESPACE = 'pages';

/** The field's current text; null when the node has no such field (or it is not editable). */
function fieldValue(row: CmsRow, field: CmsField, ext: string): string | null {
  if (field.kind === 'node-text') {
    if (ext !== 'txt') return null;
    return field.prop === 'title' ? row.title : (row.description ?? '');
  }
  if (field.kind === 'hero') {
    // Only pages have a hero; its parts start empty.
    if (ext !== 'txt' || row.namespace !== PAGES_NAMESPACE) return null;
    return row.hero?.[HERO_PARTS[field.part]] ?? '';
  }
  if (field.kind === 'page-blocks') return ext === 'json' ? JSON.stringify(row.content) : null;
  if (field.kind === 'navigation-label') {
    if (ext !== 'txt') return null;
    return row.type === 'menu' || row.navigation ? (row.navigation?.label ?? row.title) : null;
  }
  const block = row.content.find((candidate) => candidate.id === field.blockId);
  if (!block) return null;
  // The extension decides the sanitising, so it must be the one the field is edited with.
  const editable = editableFields(block.type).some((f) => f.prop === field.prop && f.ext === ext);
  const value = block.props[field.prop];
  return editable && typeof value === 'string' ? value : null;
}
