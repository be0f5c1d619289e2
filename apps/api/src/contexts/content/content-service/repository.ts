import type { Database } from '@bygg/db/client';
import { and, desc, eq, inArray, max, or, sql } from '@bygg/db/orm';
import { contentDrafts, contentVersions, djediNodes } from '@bygg/db/schema/index';
import type { ContentTarget, TargetValue } from './targets.ts';
import { formatNodeUri, type NodeUri } from './uri.ts';

export type StoredNode = { value: string; version: number };

export type DraftRow = { uri: string; value: string; author: string; updatedAt: Date };

export type VersionRow = {
  version: number;
  value: string;
  author: string | null;
  createdAt: Date;
};

const DRAFT_COLUMNS = {
  uri: contentDrafts.uri,
  value: contentDrafts.value,
  author: contentDrafts.author,
  updatedAt: contentDrafts.updatedAt,
};

/** Schemes whose nodes are content-service labels stored in djedi_nodes. */
const LABEL_SCHEMES = new Set(['i18n', 'l10n', 'g11n']);

export class ContentRepository implements ContentTarget {
  constructor(readonly db: Database) {}

  /** Stored label values by canonical uri (see uri.ts), in one query. */
  async nodes(
    organisation: string,
    uris: string[],
    executor: Database = this.db,
  ): Promise<Map<string, StoredNode>> {
    if (uris.length === 0) return new Map();
    const rows = await executor
      .select({ uri: djediNodes.uri, value: djediNodes.value, version: djediNodes.version })
      .from(djediNodes)
      .where(and(eq(djediNodes.organisationId, organisation), inArray(djediNodes.uri, uris)));
    return new Map(rows.map((row) => [row.uri, { value: row.value, version: row.version }]));
  }

  /**
   * Stores callers' defaults for labels nobody stored yet, as version 1 (issue 6: "a default
   * given by a caller is stored the first time it is seen"). A concurrent first sight of the
   * same uri is a no-op, never an error.
   */
  async storeDefaults(
    organisation: string,
    defaults: Array<{ uri: string; value: string }>,
    executor: Database = this.db,
  ): Promise<void> {
    if (defaults.length === 0) return;
    await executor.transaction(async (tx) => {
      const inserted = await tx
        .insert(djediNodes)
        .values(defaults.map((d) => ({ organisationId: organisation, uri: d.uri, value: d.value })))
        .onConflictDoNothing()
        .returning({ uri: djediNodes.uri, value: djediNodes.value });
      if (inserted.length === 0) return;
      await tx
        .insert(contentVersions)
        .values(
          inserted.map((row) => ({
            organisationId: organisation,
            uri: row.uri,
            version: 1,
            value: row.value,
            author: null,
          })),
        )
        .onConflictDoNothing();
    });
  }

  /** Values of older versions, `uri#n` reads (one query for the whole batch). */
  async versionValues(
    organisation: string,
    wanted: Array<{ uri: string; version: number }>,
    executor: Database = this.db,
  ): Promise<Map<string, string>> {
    if (wanted.length === 0) return new Map();
    const rows = await executor
      .select({
        uri: contentVersions.uri,
        version: contentVersions.version,
        value: contentVersions.value,
      })
      .from(contentVersions)
      .where(
        and(
          eq(contentVersions.organisationId, organisation),
          or(
            ...wanted.map((w) =>
              and(eq(contentVersions.uri, w.uri), eq(contentVersions.version, w.version)),
            ),
          ),
        ),
      );
    return new Map(rows.map((row) => [`${row.uri}#${row.version}`, row.value]));
  }

  /** A node's history, newest first. */
  async versions(
    organisation: string,
    uri: string,
    executor: Database = this.db,
  ): Promise<VersionRow[]> {
    return executor
      .select({
        version: contentVersions.version,
        value: contentVersions.value,
        author: contentVersions.author,
        createdAt: contentVersions.createdAt,
      })
      .from(contentVersions)
      .where(and(eq(contentVersions.organisationId, organisation), eq(contentVersions.uri, uri)))
      .orderBy(desc(contentVersions.version));
  }

  async latestVersion(
    organisation: string,
    uri: string,
    executor: Database = this.db,
  ): Promise<number | null> {
    const [row] = await executor
      .select({ latest: max(contentVersions.version) })
      .from(contentVersions)
      .where(and(eq(contentVersions.organisationId, organisation), eq(contentVersions.uri, uri)));
    return row?.latest ?? null;
  }

  async appendVersion(
    organisation: string,
    entry: { uri: string; version: number; value: string; author: string | null },
    executor: Database = this.db,
  ): Promise<void> {
    await executor.insert(contentVersions).values({ organisationId: organisation, ...entry });
  }

  /** An editor's draft of a node (ADR 047); null when there is none. */
  async draft(
    organisation: string,
    uri: string,
    executor: Database = this.db,
  ): Promise<DraftRow | null> {
    const [row] = await executor
      .select(DRAFT_COLUMNS)
      .from(contentDrafts)
      .where(and(eq(contentDrafts.organisationId, organisation), eq(contentDrafts.uri, uri)));
    return row ?? null;
  }

  /** Every draft of the organisation, newest first (the editor's preview). */
  async drafts(organisation: string): Promise<DraftRow[]> {
    return this.db
      .select(DRAFT_COLUMNS)
      .from(contentDrafts)
      .where(eq(contentDrafts.organisationId, organisation))
      .orderBy(desc(contentDrafts.updatedAt));
  }

  async saveDraft(
    organisation: string,
    entry: { uri: string; value: string; author: string },
  ): Promise<void> {
    await this.db
      .insert(contentDrafts)
      .values({ organisationId: organisation, ...entry })
      .onConflictDoUpdate({
        target: [contentDrafts.organisationId, contentDrafts.uri],
        set: { value: entry.value, author: entry.author, updatedAt: sql`now()` },
      });
  }

  /** Removes a draft; false when there was none. */
  async deleteDraft(
    organisation: string,
    uri: string,
    executor: Database = this.db,
  ): Promise<boolean> {
    const removed = await executor
      .delete(contentDrafts)
      .where(and(eq(contentDrafts.organisationId, organisation), eq(contentDrafts.uri, uri)))
      .returning({ uri: contentDrafts.uri });
    return removed.length > 0;
  }

  // ContentTarget for labels: the published value lives in djedi_nodes.

  handles(uri: NodeUri): boolean {
    return LABEL_SCHEMES.has(uri.scheme);
  }

  async read(
    organisation: string,
    uri: NodeUri,
    executor: Database = this.db,
  ): Promise<TargetValue | null> {
    const key = formatNodeUri(uri);
    return (await this.nodes(organisation, [key], executor)).get(key) ?? null;
  }

  async write(
    organisation: string,
    uri: NodeUri,
    value: string,
    version: number,
    executor: Database = this.db,
  ): Promise<void> {
    await executor
      .insert(djediNodes)
      .values({ organisationId: organisation, uri: formatNodeUri(uri), value, version })
      .onConflictDoUpdate({
        target: [djediNodes.organisationId, djediNodes.uri],
        set: { value, version, updatedAt: sql`now()` },
      });
  }
}
