import { createHash, randomBytes } from 'node:crypto';
import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { EXPORT_EXPIRED_MESSAGE } from '@bygg/contracts/trade/orders';
import { orderNumber } from '@bygg/domain/checkout';
import { NotFoundError } from '../../../kernel/errors.ts';
import type { JobRunner } from '../../../lib/jobs/runner.ts';
import type { Mailer } from '../../../lib/mail.ts';
import { readAll, storageKey, type FileStorage } from '../../../lib/uploads/storage.ts';
import type { ProjectViewer } from '../quotes/project-scope.ts';
import { viewerOf } from '../quotes/service.ts';
import type { TradeAccess } from '../store-access/guard.ts';
import type { OrderFilter, OrderListRow, TradeOrderRepository } from './repository.ts';

/** How long the e-mailed link works. */
export const EXPORT_LINK_DAYS = 7;
/** At most this many orders in one export file. */
export const EXPORT_MAX_ORDERS = 10_000;
const MAX_ATTEMPTS = 5;
/** How often the runner looks for queued exports. */
const EXPORT_POLL_MS = 5_000;
/** A claim's lease: longer than any export takes; past it another process takes over. */
const EXPORT_LEASE_MS = 10 * 60_000;

type JobParams = {
  viewer: ProjectViewer;
  storeExternalId: string;
  filter: OrderFilter;
};

type JobRow = {
  id: number;
  storeId: number;
  userId: number;
  params: JobParams;
  attempts: number;
  storageKey: string | null;
  email: string;
  name: string;
};

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A CSV field: quoted, quotes doubled; a leading =+-@ neutralised (spreadsheet formulas). */
function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

const kronor = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');

export function ordersCsv(rows: readonly OrderListRow[]): string {
  const header = [
    'Ordernummer',
    'Datum',
    'Butik',
    'Projekt',
    'Status',
    'Leverans',
    'Beställd av',
    'Rader',
    'Belopp exkl. moms (kr)',
    'Moms (kr)',
    'Belopp inkl. moms (kr)',
  ];
  const lines = rows.map((r) =>
    [
      orderNumber(r.id),
      r.createdAt.toISOString().slice(0, 10),
      r.storeName,
      r.project ? `${r.project.number} ${r.project.name}` : '',
      r.status,
      r.shippingType === 2 ? 'Leverans' : 'Hämtas i butik',
      r.placedBy,
      r.lineCount,
      kronor(r.totalOre - r.vatOre),
      kronor(r.vatOre),
      kronor(r.totalOre),
    ]
      .map(csvField)
      .join(';'),
  );
  // A byte-order mark so that spreadsheet programs read the file as UTF-8.
  return `\uFEFF${[header.map(csvField).join(';'), ...lines].join('\r\n')}\r\n`;
}

/** The job runner's queue of exports (ADR 041). */
export const EXPORT_QUEUE = 'order-export';
/** The hourly task that deletes expired export files. */
export const EXPORT_PURGE_TASK = 'order-export-purge';

/**
 * The order export as a background job (ADR 034, 041): POST order/export/ writes a row of
 * trade_export_jobs; the API's job runner (lib/jobs) claims it with `for update skip locked`
 * under a lease (one process runs it; a crashed one's job is taken over when the lease ends),
 * writes the CSV into the upload storage and e-mails the user a link that works for
 * EXPORT_LINK_DAYS days (only the token's hash is stored). Expired files are deleted from the
 * storage by a periodic task and their rows marked purged.
 */
export class ExportJobs {
  constructor(
    private readonly db: Database,
    private readonly orders: TradeOrderRepository,
    private readonly options: {
      mailer: Mailer;
      storage: FileStorage;
      jobs: JobRunner;
      publicUrl: string;
      now: () => Date;
    },
  ) {
    options.jobs.queue({
      name: EXPORT_QUEUE,
      table: 'trade_export_jobs',
      pollMs: EXPORT_POLL_MS,
      leaseMs: EXPORT_LEASE_MS,
      maxAttempts: MAX_ATTEMPTS,
      run: (job) => this.run(job.id),
    });
    options.jobs.every({
      name: EXPORT_PURGE_TASK,
      everyMs: 60 * 60_000,
      atStart: true,
      run: () => this.purgeExpired(),
    });
  }

  async enqueue(access: TradeAccess, filter: OrderFilter): Promise<number> {
    const params: JobParams = {
      viewer: viewerOf(access),
      storeExternalId: access.store.externalId,
      filter,
    };
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`insert into trade_export_jobs (organisation_id, company_id, store_id, user_id, kind, params)
        values (${access.user.organisationId}, ${params.viewer.companyId}, ${access.store.id},
          ${access.user.id}, 'orders', ${JSON.stringify(params)}::jsonb)
        returning id`,
    );
    if (!row) throw new Error('no export job inserted');
    return Number(row.id);
  }

  /** Runs the queued exports now (tests); answers how many ran. */
  runPending(): Promise<number> {
    return this.options.jobs.runQueue(EXPORT_QUEUE);
  }

  /** Waits for a run in progress (tests). */
  settle(): Promise<void> {
    return this.options.jobs.settle();
  }

  private async run(jobId: number): Promise<void> {
    const [job] = await queryRows<JobRow>(
      this.db,
      sql`select j.id, j.store_id as "storeId", j.user_id as "userId", j.params, j.attempts,
          j.storage_key as "storageKey", u.username as email, u.name
        from trade_export_jobs j join trade_users u on u.id = j.user_id where j.id = ${jobId}`,
    );
    if (!job) throw new Error(`export job ${jobId} not found`);
    const { viewer, storeExternalId, filter } = job.params;
    const rows = await this.orders.all(viewer, Number(job.storeId), filter, EXPORT_MAX_ORDERS);
    const token = randomBytes(24).toString('base64url');
    const now = this.options.now();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * 86_400_000);
    const fileName = `ordrar-${now.toISOString().slice(0, 10)}.csv`;
    const key = storageKey('exports', 'csv');
    await this.options.storage.put(key, Buffer.from(ordersCsv(rows), 'utf8'), 'text/csv');
    // A file of an earlier attempt that was taken over (its link was never valid).
    if (job.storageKey) await this.options.storage.remove(job.storageKey).catch(() => undefined);
    await this.db.execute(
      sql`update trade_export_jobs set token_hash = ${hashOf(token)}, file_name = ${fileName},
        storage_key = ${key}, content = null, error = null,
        expires_at = ${expiresAt.toISOString()}::timestamptz, finished_at = ${now.toISOString()}::timestamptz
        where id = ${jobId}`,
    );
    const url = `${this.options.publicUrl}/api/proffs/${encodeURIComponent(storeExternalId)}/order/export/${token}/`;
    const until = expiresAt.toISOString().slice(0, 10);
    await this.options.mailer.send({
      to: job.email,
      subject: 'Din export av ordrar är klar',
      text: `Hej ${job.name}!\n\nDin export av ordrar (${rows.length} st) är klar. Hämta filen här (länken gäller till ${until}):\n${url}\n`,
      html: `<p>Hej ${escapeHtml(job.name)}!</p><p>Din export av ordrar (${rows.length} st) är klar. <a href="${escapeHtml(url)}">Hämta filen</a> (länken gäller till ${until}).</p>`,
    });
  }

  /**
   * Expired export files are deleted from the storage (and older rows' CSV from the row); the
   * row stays, marked purged_at, so the link answers "expired". Answers how many.
   */
  async purgeExpired(): Promise<number> {
    const now = this.options.now().toISOString();
    const rows = await queryRows<{ id: number; storageKey: string | null }>(
      this.db,
      sql`select id, storage_key as "storageKey" from trade_export_jobs
        where status = 'done' and purged_at is null and expires_at <= ${now}::timestamptz
        order by id limit 500`,
    );
    for (const row of rows) {
      if (row.storageKey) await this.options.storage.remove(row.storageKey);
      await this.db.execute(
        sql`update trade_export_jobs set purged_at = ${now}::timestamptz, content = null
          where id = ${row.id}`,
      );
    }
    return rows.length;
  }

  /** The finished file of the caller's own export, while its link works; else 404. */
  async download(
    access: TradeAccess,
    token: string,
  ): Promise<{ fileName: string; content: string | Buffer }> {
    const [row] = await queryRows<{
      fileName: string;
      content: string | null;
      storageKey: string | null;
    }>(
      this.db,
      sql`select file_name as "fileName", content, storage_key as "storageKey"
        from trade_export_jobs
        where token_hash = ${hashOf(token)} and user_id = ${access.user.id}
          and store_id = ${access.store.id} and status = 'done' and purged_at is null
          and expires_at > ${this.options.now().toISOString()}::timestamptz`,
    );
    if (!row) throw new NotFoundError(EXPORT_EXPIRED_MESSAGE);
    if (row.storageKey) {
      const bytes = await readAll(await this.options.storage.read(row.storageKey));
      return { fileName: row.fileName, content: bytes };
    }
    if (row.content === null) throw new NotFoundError(EXPORT_EXPIRED_MESSAGE);
    return { fileName: row.fileName, content: row.content };
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}
