import type { DjediNode, DjediRevision } from '@bygg/contracts/cms';
import type { Database } from '@bygg/db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../../kernel/errors.ts';
import type { ContentRepository } from './repository.ts';
import { sanitiseNodeValue } from './sanitise.ts';
import type { ContentTarget } from './targets.ts';
import { formatNodeUri, parseNodeUri, type NodeUri } from './uri.ts';

/** The editor overlay edits these three kinds of text (issue 6). */
export const EDITABLE_EXTENSIONS = ['txt', 'md', 'html'] as const;

export type Editor = { username: string };

/** A concurrent publish of the same node took the version number first. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The editor's use cases: load a node, list its versions, publish a value, restore a version.
 * Every publish (a restore too) appends a version, so the history is never rewritten. The
 * value itself is written by the node's target (labels: djedi_nodes; CMS fields: cms_nodes),
 * in the same transaction as its version row.
 */
export class ContentEditing {
  private readonly targets: ContentTarget[];

  constructor(
    private readonly repository: ContentRepository,
    extraTargets: ContentTarget[] = [],
    /** Told after every publish (caches of every process are dropped: changes.ts). */
    private readonly onPublished?: (organisation: string, uri: string) => void,
  ) {
    this.targets = [...extraTargets, repository];
  }

  async load(organisation: string, rawUri: string): Promise<DjediNode> {
    const { uri, key, target } = this.resolve(rawUri);
    const current = await target.read(organisation, uri);
    if (!current && target !== this.repository) throw new NotFoundError('Noden finns inte');
    const version = current
      ? (current.version ?? (await this.repository.latestVersion(organisation, key)) ?? 1)
      : null;
    const draft = await this.repository.draft(organisation, key);
    return {
      uri: key,
      ext: uri.ext,
      value: current?.value ?? null,
      version,
      draft: draft
        ? { value: draft.value, author: draft.author, updated_at: draft.updatedAt.toISOString() }
        : null,
    };
  }

  /**
   * Saves an editor's unpublished value (issue 22, ADR 047): sanitised and checked as a
   * publish would be, stored beside the live value, seen only by editors until published.
   */
  async saveDraft(
    organisation: string,
    rawUri: string,
    value: string,
    editor: Editor,
  ): Promise<DjediNode> {
    const { uri, key, target } = this.resolve(rawUri);
    if (uri.ext === 'json') {
      const message = 'En sidas blocklista publiceras direkt och har inget utkast';
      throw new BadRequestError(message, [{ path: 'body.uri', message }]);
    }
    const clean = sanitiseNodeValue(uri.ext, value);
    this.checkNotEmpty(target, clean);
    target.check?.(uri, clean);
    if (!(await target.read(organisation, uri)) && target !== this.repository) {
      throw new NotFoundError('Noden finns inte');
    }
    await this.repository.saveDraft(organisation, {
      uri: key,
      value: clean,
      author: editor.username,
    });
    return this.load(organisation, key);
  }

  /** Publishes the node's draft as its next version; the publish removes the draft. */
  async publishDraft(organisation: string, rawUri: string, editor: Editor): Promise<DjediNode> {
    const { key } = this.resolve(rawUri);
    return this.publishComputed(
      organisation,
      key,
      async (_current, db) => {
        const draft = await this.repository.draft(organisation, key, db);
        if (!draft) throw new NotFoundError('Det finns inget utkast att publicera');
        return draft.value;
      },
      editor,
    );
  }

  /** Throws the draft away; the live value is untouched. */
  async discardDraft(organisation: string, rawUri: string): Promise<DjediNode> {
    const { key } = this.resolve(rawUri);
    if (!(await this.repository.deleteDraft(organisation, key))) {
      throw new NotFoundError('Det finns inget utkast att kasta');
    }
    return this.load(organisation, key);
  }

  /** Every draft with its extension: what the editor's preview shows instead of the live text. */
  async drafts(organisation: string): Promise<Array<{ uri: string; ext: string; value: string }>> {
    const rows = await this.repository.drafts(organisation);
    return rows.map((row) => ({
      uri: row.uri,
      ext: parseNodeUri(row.uri)?.ext ?? 'txt',
      value: row.value,
    }));
  }

  async revisions(
    organisation: string,
    rawUri: string,
  ): Promise<{ uri: string; revisions: DjediRevision[] }> {
    const node = await this.load(organisation, rawUri);
    const rows = await this.repository.versions(organisation, node.uri);
    if (rows.length === 0) {
      // A seeded value that nobody has published over yet: its one version has no history row.
      return {
        uri: node.uri,
        revisions:
          node.value === null || node.version === null
            ? []
            : [
                {
                  version: node.version,
                  author: null,
                  created_at: null,
                  published: true,
                  value: node.value,
                },
              ],
      };
    }
    return {
      uri: node.uri,
      revisions: rows.map((row) => ({
        version: row.version,
        author: row.author,
        created_at: row.createdAt.toISOString(),
        published: row.version === node.version,
        value: row.value,
      })),
    };
  }

  /** Publishes a value as the node's next version; answers the node as it is now. */
  async publish(
    organisation: string,
    rawUri: string,
    value: string,
    editor: Editor,
  ): Promise<DjediNode> {
    const { uri, target } = this.resolve(rawUri);
    // An empty menu label or block text is refused before anything is looked up.
    this.checkNotEmpty(target, sanitiseNodeValue(uri.ext, value));
    return this.publishComputed(organisation, rawUri, () => value, editor);
  }

  private checkNotEmpty(target: ContentTarget, clean: string): void {
    if (target !== this.repository && clean.trim() === '') {
      // A menu label or block text left empty would break the page; labels may be blank.
      throw new BadRequestError('Texten får inte vara tom', [
        { path: 'body.value', message: 'Texten får inte vara tom' },
      ]);
    }
  }

  /**
   * Publishes the value `compute` makes from the node's current value, read inside the
   * publish transaction (a CMS page's block list: add, move, remove a block). Two editors
   * changing one node at once cannot both win: the second takes the same version number and
   * gets 409. Whatever `compute` throws (400, 404) rolls back, so nothing saved is lost.
   */
  async publishComputed(
    organisation: string,
    rawUri: string,
    compute: (current: string | null, db: Database) => string | Promise<string>,
    editor: Editor,
  ): Promise<DjediNode> {
    const { uri, key, target } = this.resolve(rawUri);
    try {
      await this.repository.db.transaction(async (tx) => {
        const db = tx as unknown as Database;
        const current = await target.read(organisation, uri, db);
        if (!current && target !== this.repository) throw new NotFoundError('Noden finns inte');
        const clean = sanitiseNodeValue(uri.ext, await compute(current?.value ?? null, db));
        this.checkNotEmpty(target, clean);
        let latest = await this.repository.latestVersion(organisation, key, db);
        if (latest === null && current) {
          // The value from before the history (seed or CMS) becomes a version, so it can be
          // restored after the first publish.
          latest = current.version ?? 1;
          await this.repository.appendVersion(
            organisation,
            { uri: key, version: latest, value: current.value, author: null },
            db,
          );
        }
        const next = Math.max(latest ?? 0, current?.version ?? 0) + 1;
        await target.write(organisation, uri, clean, next, db);
        await this.repository.appendVersion(
          organisation,
          { uri: key, version: next, value: clean, author: editor.username },
          db,
        );
        // What is live now supersedes an unpublished draft (ADR 047).
        await this.repository.deleteDraft(organisation, key, db);
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictError('Någon annan publicerade samtidigt. Ladda om och försök igen.');
      }
      throw error;
    }
    this.onPublished?.(organisation, key);
    return this.load(organisation, key);
  }

  /** Publishes an older version's value again, as a new version. */
  async restore(
    organisation: string,
    rawUri: string,
    version: number,
    editor: Editor,
  ): Promise<DjediNode> {
    const { revisions } = await this.revisions(organisation, rawUri);
    const wanted = revisions.find((revision) => revision.version === version);
    if (!wanted) throw new NotFoundError(`Version ${version} finns inte`);
    return this.publish(organisation, rawUri, wanted.value, editor);
  }

  /** A uri the editor may work on: parsable, no version part, an editable extension. */
  private resolve(rawUri: string): { uri: NodeUri; key: string; target: ContentTarget } {
    const bad = (message: string) => new BadRequestError(message, [{ path: 'uri', message }]);
    const uri = parseNodeUri(rawUri);
    if (!uri) throw bad('Ogiltig nod-uri: sökvägen saknas');
    if (uri.version !== null) throw bad('Ange nod-uri utan version');
    // A CMS page's block list is a JSON document (cms://node@{id}/blocks.json).
    const cmsJson = uri.scheme === 'cms' && uri.ext === 'json';
    if (!cmsJson && !(EDITABLE_EXTENSIONS as readonly string[]).includes(uri.ext)) {
      throw bad('Bara txt, md och html kan redigeras');
    }
    const target = this.targets.find((candidate) => candidate.handles(uri));
    if (!target) throw bad(`Okänt schema: ${uri.scheme}`);
    return { uri, key: formatNodeUri(uri), target };
  }
}
