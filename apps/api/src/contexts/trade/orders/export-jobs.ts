import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Database } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { EXPORT_EXPIRED_MESSAGE } from '@bygg/contracts/trade/orders';
import { orderNumber } from '@bygg/domain/checkout';
import { NotFoundError } from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import type { ProjectViewer } from '../quotes/project-scope.ts';
import { viewerOf } from '../quotes/service.ts';
import type { TradeAccess } from '../store-access/guard.ts';
import type { OrderFilter, OrderListRow, TradeOrderRepository } from './repository.ts';

/** How long the e-mailed link works. */
export const EXPORT_LINK_DAYS = 7;
/** At most this many orders in one export file. */
export const EXPORT_MAX_ORDERS = 10_000;
const MAX_ATTEMPTS = 5;

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

/**
 * The order export as a background job (ADR 034): POST order/export/ writes a row of
 * trade_export_jobs; the server polls the table (`runPending`), claims a job with
 * `for update skip locked` (one server runs it), writes the CSV into the row, and e-mails the
 * user a link that works for EXPORT_LINK_DAYS days (only the token's hash is stored).
 */
export class ExportJobs {
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Database,
    private readonly orders: TradeOrderRepository,
    private readonly options: {
      mailer: Mailer;
      publicUrl: string;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

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

  /** Runs the queued jobs one at a time until none is left; answers how many ran. */
  runPending(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Waits for a run in progress (tests, shutdown). */
  async settle(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await this.claim();
      if (!job) return ran;
      ran += 1;
      try {
        await this.run(job);
      } catch (err) {
        this.options.log.error({ err, job: job.id }, 'export job failed');
        const failed = job.attempts >= MAX_ATTEMPTS;
        await this.db.execute(
          sql`update trade_export_jobs set status = ${failed ? 'failed' : 'queued'},
            error = ${String(err)}, run_after = now() + make_interval(mins => ${job.attempts})
            where id = ${job.id}`,
        );
      }
    }
  }

  private async claim(): Promise<JobRow | null> {
    const now = this.options.now().toISOString();
    const [row] = await queryRows<JobRow>(
      this.db,
      sql`update trade_export_jobs j set status = 'running', attempts = j.attempts + 1
        from trade_users u
        where u.id = j.user_id and j.id = (select id from trade_export_jobs
          where status = 'queued' and run_after <= ${now}::timestamptz
          order by id limit 1 for update skip locked)
        returning j.id, j.store_id as "storeId", j.user_id as "userId", j.params, j.attempts,
          u.username as email, u.name`,
    );
    return row
      ? { ...row, id: Number(row.id), storeId: Number(row.storeId), attempts: Number(row.attempts) }
      : null;
  }

  private async run(job: JobRow): Promise<void> {
    const { viewer, storeExternalId, filter } = job.params;
    const rows = await this.orders.all(viewer, job.storeId, filter, EXPORT_MAX_ORDERS);
    const token = randomBytes(24).toString('base64url');
    const now = this.options.now();
    const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * 86_400_000);
    const fileName = `ordrar-${now.toISOString().slice(0, 10)}.csv`;
    await this.db.execute(
      sql`update trade_export_jobs set status = 'done', token_hash = ${hashOf(token)},
        file_name = ${fileName}, content = ${ordersCsv(rows)}, error = null,
        expires_at = ${expiresAt.toISOString()}::timestamptz, finished_at = ${now.toISOString()}::timestamptz
        where id = ${job.id}`,
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

  /** The finished file of the caller's own export, while its link works; else 404. */
  async download(
    access: TradeAccess,
    token: string,
  ): Promise<{ fileName: string; content: string }> {
    const [row] = await queryRows<{ fileName: string; content: string }>(
      this.db,
      sql`select file_name as "fileName", content from trade_export_jobs
        where token_hash = ${hashOf(token)} and user_id = ${access.user.id}
          and store_id = ${access.store.id} and status = 'done'
          and expires_at > ${this.options.now().toISOString()}::timestamptz`,
    );
    if (!row) throw new NotFoundError(EXPORT_EXPIRED_MESSAGE);
    return row;
  }
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );
}
