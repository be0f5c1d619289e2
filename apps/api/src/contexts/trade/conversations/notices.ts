import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../lib/mail.ts';
import type { ConversationRepository, DueNotice } from './repository.ts';

/** How often the sweep looks for due notices (it also runs once at startup). */
export const NOTICE_SWEEP_INTERVAL_MS = 60_000;

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** Where the recipient reads the thread: the customer's messages page, or the store's inbox. */
function link(publicUrl: string, notice: DueNotice): string {
  if (notice.side === 'end_customer') {
    // The project view; the browser keeps the invitation's token (else the mailed link).
    return `${publicUrl}/kund/${encodeURIComponent(notice.storeSlug)}/dashboard/projekt/${notice.projectId ?? ''}`;
  }
  if (notice.side === 'store') {
    return `${publicUrl}/butik/${encodeURIComponent(notice.storeSlug)}/meddelanden?konversation=${notice.conversationId}`;
  }
  const root = notice.isCentral
    ? '/rikskund/dashboard'
    : `/butiker/${encodeURIComponent(notice.storeSlug)}/dashboard`;
  return `${publicUrl}${root}/meddelanden/?konversation=${notice.conversationId}`;
}

/**
 * The e-mail notice of a message not read within a few minutes (issue 20, ADR 035): one per
 * thread and side, however many messages came, until that side reads the thread again. The
 * state is the column trade_conversation_sides.notify_after, so a restart loses nothing; the
 * sweep runs at startup and every minute, and the claim is one UPDATE, so several API
 * processes never send the same notice twice.
 */
export class MessageNotices {
  private running: Promise<number> | null = null;

  constructor(
    private readonly repository: ConversationRepository,
    private readonly options: {
      mailer: Mailer;
      publicUrl: string;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Sends the notices that are due; returns how many e-mails went out. */
  sweep(): Promise<number> {
    this.running ??= this.sendDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendDue(): Promise<number> {
    const notices = await this.repository.claimDueNotices(this.options.now());
    let sent = 0;
    for (const notice of notices) {
      const from =
        notice.side === 'store' || notice.side === 'end_customer'
          ? notice.companyName
          : (notice.endCustomerName ?? notice.storeName);
      const href = link(this.options.publicUrl, notice);
      for (const to of notice.recipients) {
        try {
          await this.options.mailer.send({
            to,
            subject: `Nytt meddelande från ${from}`,
            text: `Du har ett oläst meddelande från ${from}.\n\nLäs och svara: ${href}\n`,
            html: `<p>Du har ett oläst meddelande från ${escapeHtml(from)}.</p><p><a href="${escapeHtml(href)}">Läs och svara</a></p>`,
          });
          sent += 1;
        } catch (err) {
          this.options.log.error(
            { err, conversationId: notice.conversationId },
            'could not send a message notice',
          );
        }
      }
    }
    return sent;
  }
}
