import type { Database } from '@bygg/db/client';
import { and, eq, inArray } from '@bygg/db/orm';
import { djediNodes } from '@bygg/db/schema/index';

export type StoredNode = { value: string; version: number };

export class ContentRepository {
  constructor(private readonly db: Database) {}

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
}
