import { randomBytes } from 'node:crypto';
import type {
  CreateCmsPageBody,
  EditorNodeSummary,
  EditorPageDetail,
  UpdateCmsPageBody,
} from '@bygg/contracts/cms';
import type { Database } from '@bygg/db/client';
import { and, asc, eq, isNull, like, sql } from '@bygg/db/orm';
import { cmsNodes, type CmsBlock } from '@bygg/db/schema/index';
import { canonicalBlockType } from '@bygg/domain/cms-blocks';
import { BadRequestError, ConflictError, NotFoundError } from '../../../kernel/errors.ts';
import type { ContentEditing, Editor } from '../content-service/editing.ts';
import { checkBlock, checkUniqueIds } from './block-rules.ts';
import { pageBlocksUri } from './editor-uri.ts';

type CmsRow = typeof cmsNodes.$inferSelect;

/** Told after every change, so caches of CMS content are dropped (content/changes.ts). */
export type OnCmsChange = (organisation: string, uris: string[]) => void;

function summary(row: CmsRow): EditorNodeSummary {
  return {
    id: row.id,
    title: row.title,
    path: row.path,
    namespace: row.namespace,
    type: row.type,
    published: row.published,
    position: row.position,
    parentId: row.parentId,
  };
}

const joinPath = (parent: string, slug: string) =>
  `${parent === '/' ? '' : parent.replace(/\/+$/, '')}/${slug}`;
const lastSegment = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? '';
const parentOf = (path: string) => path.replace(/\/[^/]*\/?$/, '') || '/';

/** A new block id: short, unique enough on one page, valid in cms:// uris and as an anchor. */
function newBlockId(): string {
  return `b${randomBytes(5).toString('hex')}`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Issue 6: editors create and arrange pages and their blocks. Page structure (title, path,
 * parent, order, published) is written here; the block list is published through the content
 * service as `cms://node@{id}/blocks.json`, so every block change is a new version and any
 * older layout can be restored (/djedi/cms/restore/). Every block is checked with its type's
 * rules before it is saved; a bad request changes nothing.
 */
export class CmsPageEditing {
  constructor(
    private readonly db: Database,
    private readonly editing: ContentEditing,
    private readonly onChange: OnCmsChange = () => {},
  ) {}

  async detail(organisation: string, id: number): Promise<EditorPageDetail> {
    const row = await this.row(organisation, id);
    const children = await this.db
      .select()
      .from(cmsNodes)
      .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.parentId, row.id)))
      .orderBy(asc(cmsNodes.position), asc(cmsNodes.id));
    return {
      page: summary(row),
      blocks: row.content,
      children: children.map(summary),
      blocksUri: pageBlocksUri(row.id),
    };
  }

  async create(organisation: string, body: CreateCmsPageBody): Promise<EditorPageDetail> {
    const parent =
      body.parentPath === '/'
        ? null
        : await this.byPath(organisation, body.namespace, body.parentPath);
    if (body.parentPath !== '/' && !parent) {
      const message = `Det finns ingen sida ${body.parentPath} att lägga undersidan under`;
      throw new BadRequestError(message, [{ path: 'body.parentPath', message }]);
    }
    const path = joinPath(body.parentPath, body.slug);
    const id = await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [last] = await db
        .select({ position: sql<number>`coalesce(max(${cmsNodes.position}), -1)` })
        .from(cmsNodes)
        .where(this.siblingsOf(organisation, body.namespace, parent?.id ?? null));
      try {
        const [created] = await db
          .insert(cmsNodes)
          .values({
            organisationId: organisation,
            uri: `${body.namespace}:${path}`,
            namespace: body.namespace,
            path,
            type:
              body.namespace === 'main-menu'
                ? 'menu'
                : body.namespace === 'footer'
                  ? 'footer'
                  : 'page',
            parentId: parent?.id ?? null,
            position: Number(last?.position ?? -1) + 1,
            title: body.title,
            description: null,
            content: [],
            navigation: parent
              ? { label: body.title, href: path, showIn: { header: true, footer: false } }
              : null,
            published: body.published,
          })
          .returning({ id: cmsNodes.id });
        return created!.id;
      } catch (error) {
        throw this.pathTaken(error, path, 'body.slug');
      }
    });
    this.onChange(organisation, []);
    return this.detail(organisation, id);
  }

  /** Rename, move under another parent or to another address, publish or unpublish. */
  async update(
    organisation: string,
    id: number,
    body: UpdateCmsPageBody,
  ): Promise<EditorPageDetail> {
    const row = await this.row(organisation, id);
    const parentPath = body.parentPath ?? parentOf(row.path);
    const slug = body.slug ?? lastSegment(row.path);
    const path =
      row.path === '/' && body.slug === undefined && body.parentPath === undefined
        ? '/'
        : joinPath(parentPath, slug);
    const moving = path !== row.path;
    if (moving && row.path === '/') {
      const message = 'Startsidan kan inte flyttas';
      throw new BadRequestError(message, [
        { path: body.slug ? 'body.slug' : 'body.parentPath', message },
      ]);
    }
    let parent: CmsRow | null | undefined;
    if (body.parentPath !== undefined) {
      parent =
        parentPath === '/' ? null : await this.byPath(organisation, row.namespace, parentPath);
      if (parentPath !== '/' && !parent) {
        const message = `Det finns ingen sida ${parentPath}`;
        throw new BadRequestError(message, [{ path: 'body.parentPath', message }]);
      }
    }
    if (parent && (parent.id === row.id || `${parent.path}/`.startsWith(`${row.path}/`))) {
      const message = 'En sida kan inte flyttas under sig själv';
      throw new BadRequestError(message, [{ path: 'body.parentPath', message }]);
    }
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const changes: Partial<typeof cmsNodes.$inferInsert> = { updatedAt: new Date() };
      if (body.title !== undefined) {
        changes.title = body.title;
        // The menu label follows the title unless an editor gave it its own text.
        if (row.navigation && row.navigation.label === row.title) {
          changes.navigation = { ...row.navigation, label: body.title };
        }
      }
      if (body.published !== undefined) changes.published = body.published;
      if (parent !== undefined) {
        changes.parentId = parent?.id ?? null;
        const [last] = await db
          .select({ position: sql<number>`coalesce(max(${cmsNodes.position}), -1)` })
          .from(cmsNodes)
          .where(this.siblingsOf(organisation, row.namespace, parent?.id ?? null));
        changes.position = Number(last?.position ?? -1) + 1;
      }
      try {
        if (moving) {
          changes.path = path;
          changes.uri = `${row.namespace}:${path}`;
          const navigation = changes.navigation ?? row.navigation;
          if (navigation && navigation.href === row.path)
            changes.navigation = { ...navigation, href: path };
          await this.moveDescendants(db, organisation, row, path);
        }
        await db
          .update(cmsNodes)
          .set(changes)
          .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, row.id)));
      } catch (error) {
        throw this.pathTaken(
          error,
          path,
          body.slug !== undefined ? 'body.slug' : 'body.parentPath',
        );
      }
      if (parent !== undefined) await this.renumber(db, organisation, row.namespace, row.parentId);
    });
    this.onChange(organisation, []);
    return this.detail(organisation, id);
  }

  /** Puts the node at an index among its siblings; the others keep their order. */
  async reorder(organisation: string, id: number, position: number): Promise<EditorPageDetail> {
    const row = await this.row(organisation, id);
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const siblings = await db
        .select({ id: cmsNodes.id })
        .from(cmsNodes)
        .where(this.siblingsOf(organisation, row.namespace, row.parentId))
        .orderBy(asc(cmsNodes.position), asc(cmsNodes.id))
        .for('update');
      const order = siblings.map((s) => s.id).filter((sibling) => sibling !== row.id);
      order.splice(Math.min(position, order.length), 0, row.id);
      await this.setPositions(db, organisation, order);
    });
    this.onChange(organisation, []);
    return this.detail(organisation, id);
  }

  /** Removes a node without children (its subpages would lose their parent: 409). */
  async remove(organisation: string, id: number): Promise<void> {
    const row = await this.row(organisation, id);
    if (row.path === '/' && row.namespace === 'pages') {
      throw new ConflictError('Startsidan kan inte tas bort');
    }
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Database;
      const [child] = await db
        .select({ id: cmsNodes.id })
        .from(cmsNodes)
        .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.parentId, row.id)))
        .limit(1);
      if (child) {
        throw new ConflictError('Sidan har undersidor. Flytta eller ta bort dem först.');
      }
      await db
        .delete(cmsNodes)
        .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, row.id)));
      await this.renumber(db, organisation, row.namespace, row.parentId);
    });
    this.onChange(organisation, []);
  }

  async addBlock(
    organisation: string,
    id: number,
    input: { type: string; props: Record<string, unknown>; position?: number | undefined },
    editor: Editor,
  ): Promise<{ detail: EditorPageDetail; blockId: string }> {
    const block: CmsBlock = {
      type: canonicalBlockType(input.type) ?? input.type,
      id: newBlockId(),
      props: input.props,
    };
    checkBlock(block);
    await this.changeBlocks(organisation, id, editor, (blocks) => {
      const next = [...blocks];
      next.splice(Math.min(input.position ?? next.length, next.length), 0, block);
      return next;
    });
    return { detail: await this.detail(organisation, id), blockId: block.id };
  }

  async updateBlock(
    organisation: string,
    id: number,
    blockId: string,
    props: Record<string, unknown>,
    editor: Editor,
  ): Promise<EditorPageDetail> {
    await this.changeBlocks(organisation, id, editor, (blocks) => {
      const index = indexOf(blocks, blockId);
      const block = { ...blocks[index]!, props };
      checkBlock(block);
      return blocks.map((candidate, i) => (i === index ? block : candidate));
    });
    return this.detail(organisation, id);
  }

  async moveBlock(
    organisation: string,
    id: number,
    blockId: string,
    direction: 'up' | 'down',
    editor: Editor,
  ): Promise<EditorPageDetail> {
    await this.changeBlocks(organisation, id, editor, (blocks) => {
      const index = indexOf(blocks, blockId);
      const target = direction === 'up' ? index - 1 : index + 1;
      if (target < 0 || target >= blocks.length) {
        const message =
          direction === 'up' ? 'Blocket är redan först på sidan' : 'Blocket är redan sist på sidan';
        throw new BadRequestError(message, [{ path: 'body.direction', message }]);
      }
      const next = [...blocks];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
    return this.detail(organisation, id);
  }

  async removeBlock(
    organisation: string,
    id: number,
    blockId: string,
    editor: Editor,
  ): Promise<EditorPageDetail> {
    await this.changeBlocks(organisation, id, editor, (blocks) => {
      const index = indexOf(blocks, blockId);
      return blocks.filter((_, i) => i !== index);
    });
    return this.detail(organisation, id);
  }

  /** One block change = one publish of the block list (a new version), checked as a whole. */
  private async changeBlocks(
    organisation: string,
    id: number,
    editor: Editor,
    change: (blocks: CmsBlock[]) => CmsBlock[],
  ): Promise<void> {
    await this.row(organisation, id);
    await this.editing.publishComputed(
      organisation,
      pageBlocksUri(id),
      (current) => {
        const blocks = current === null ? [] : (JSON.parse(current) as CmsBlock[]);
        const next = change(blocks);
        checkUniqueIds(next);
        return JSON.stringify(next);
      },
      editor,
    );
    // publishComputed told the caches already (ContentEditing's onPublished).
  }

  private async row(organisation: string, id: number): Promise<CmsRow> {
    const [row] = await this.db
      .select()
      .from(cmsNodes)
      .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, id)));
    if (!row) throw new NotFoundError('Sidan finns inte');
    return row;
  }

  private async byPath(
    organisation: string,
    namespace: string,
    path: string,
  ): Promise<CmsRow | null> {
    const [row] = await this.db
      .select()
      .from(cmsNodes)
      .where(
        and(
          eq(cmsNodes.organisationId, organisation),
          eq(cmsNodes.namespace, namespace),
          sql`trim(both '/' from ${cmsNodes.path}) = ${path.replace(/^\/+|\/+$/g, '')}`,
        ),
      )
      .limit(1);
    return row ?? null;
  }

  private siblingsOf(organisation: string, namespace: string, parentId: number | null) {
    return and(
      eq(cmsNodes.organisationId, organisation),
      eq(cmsNodes.namespace, namespace),
      parentId === null ? isNull(cmsNodes.parentId) : eq(cmsNodes.parentId, parentId),
    );
  }

  private async setPositions(db: Database, organisation: string, ids: number[]): Promise<void> {
    for (const [position, id] of ids.entries()) {
      await db
        .update(cmsNodes)
        .set({ position })
        .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, id)));
    }
  }

  /** Closes the gap a node leaves among its former siblings. */
  private async renumber(
    db: Database,
    organisation: string,
    namespace: string,
    parentId: number | null,
  ): Promise<void> {
    const siblings = await db
      .select({ id: cmsNodes.id })
      .from(cmsNodes)
      .where(this.siblingsOf(organisation, namespace, parentId))
      .orderBy(asc(cmsNodes.position), asc(cmsNodes.id));
    await this.setPositions(
      db,
      organisation,
      siblings.map((s) => s.id),
    );
  }

  /** Subpages keep their place under a moved page: their paths (and uris, hrefs) follow it. */
  private async moveDescendants(db: Database, organisation: string, row: CmsRow, path: string) {
    const descendants = await db
      .select()
      .from(cmsNodes)
      .where(
        and(
          eq(cmsNodes.organisationId, organisation),
          eq(cmsNodes.namespace, row.namespace),
          like(cmsNodes.path, `${row.path.replace(/[\\%_]/g, '\\$&')}/%`),
        ),
      );
    for (const descendant of descendants) {
      const next = `${path}${descendant.path.slice(row.path.length)}`;
      const navigation =
        descendant.navigation && descendant.navigation.href === descendant.path
          ? { ...descendant.navigation, href: next }
          : descendant.navigation;
      await db
        .update(cmsNodes)
        .set({ path: next, uri: `${descendant.namespace}:${next}`, navigation })
        .where(and(eq(cmsNodes.organisationId, organisation), eq(cmsNodes.id, descendant.id)));
    }
  }

  private pathTaken(error: unknown, path: string, field: string): unknown {
    if (!isUniqueViolation(error)) return error;
    const message = `Det finns redan en sida med adressen ${path}`;
    return new BadRequestError(message, [{ path: field, message }]);
  }
}

function indexOf(blocks: readonly CmsBlock[], blockId: string): number {
  const index = blocks.findIndex((block) => block.id === blockId);
  if (index === -1) throw new NotFoundError('Blocket finns inte på sidan');
  return index;
}
