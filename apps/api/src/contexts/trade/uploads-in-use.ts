import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { textArray } from '../../lib/sql-values.ts';

/**
 * Which of these upload-storage keys a row of the trade area still refers to (project files,
 * order attachments, message attachments and their thumbnails, export files): the job runner
 * deletes only the others (lib/uploads/removals.ts, ADR 041).
 */
export async function storageKeysInUse(
  db: Database,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const wanted = textArray(keys);
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select k as key from unnest(${wanted}) as k where
      exists (select 1 from trade_project_files f where f.storage_key = k or f.thumbnail_key = k)
      or exists (select 1 from trade_order_attachments a where a.storage_key = k or a.thumbnail_key = k)
      or exists (select 1 from trade_message_attachments m where m.storage_key = k or m.thumbnail_key = k)
      or exists (select 1 from trade_export_jobs j where j.storage_key = k and j.purged_at is null)`,
  );
  return new Set(rows.map((r) => r.key));
}
