import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { textArray } from '../sql-values.ts';
import type { FileStorage } from './storage.ts';

/** An upload's files are orphans if no row refers to them this long after they were put. */
export const UPLOAD_GRACE_MS = 60 * 60_000;
/** At most this many files are removed per run. */
const BATCH = 200;

/**
 * Files to delete from the upload storage (table storage_removals, ADR 041). Keys come in as
 * upload intents (storeFiles, before the bytes are put: due after UPLOAD_GRACE_MS) and from
 * the delete trigger of every file table (a deleted file, project, order, message or company:
 * due at once). The job runner's task removeDue() deletes what is due and no row refers to
 * (`referenced` answers which keys are still in use: a committed upload's intent just goes).
 */
export class StorageRemovals {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    private readonly options: {
      now: () => Date;
      referenced: (keys: readonly string[]) => Promise<Set<string>>;
    },
  ) {}

  /** Keys about to be put: removed after the grace time unless a row refers to them. */
  async intend(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const after = new Date(this.options.now().getTime() + UPLOAD_GRACE_MS).toISOString();
    await this.db.execute(
      sql`insert into storage_removals (storage_key, remove_after, reason)
        select k, ${after}::timestamptz, 'upload' from unnest(${textArray(keys)}) as k
        on conflict (storage_key) do nothing`,
    );
  }

  /** Deletes the due files no row refers to; answers how many files were deleted. */
  async removeDue(): Promise<number> {
    const now = this.options.now().toISOString();
    const due = await queryRows<{ key: string }>(
      this.db,
      sql`select storage_key as key from storage_removals
        where remove_after <= ${now}::timestamptz order by remove_after limit ${BATCH}`,
    );
    if (due.length === 0) return 0;
    const inUse = await this.options.referenced(due.map((d) => d.key));
    let removed = 0;
    for (const { key } of due) {
      try {
        if (!inUse.has(key)) {
          await this.storage.remove(key);
          removed += 1;
        }
        await this.db.execute(sql`delete from storage_removals where storage_key = ${key}`);
      } catch {
        // The storage did not answer: again in ten minutes, at most five times.
        await this.db.execute(
          sql`update storage_removals set attempts = attempts + 1,
              remove_after = ${now}::timestamptz + interval '10 minutes'
            where storage_key = ${key} and attempts < 5`,
        );
        await this.db.execute(
          sql`delete from storage_removals where storage_key = ${key} and attempts >= 5`,
        );
      }
    }
    return removed;
  }
}
