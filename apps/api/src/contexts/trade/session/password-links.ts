import { createHash, randomBytes } from 'node:crypto';
import {
  INVITATION_LINK_MAX_AGE_S,
  PASSWORD_LINK_INVALID_MESSAGE,
  RESET_LINK_MAX_AGE_S,
} from '@bygg/contracts/auth';
import type { Database } from '@bygg/db/client';
import { and, eq, gt, isNull, sql } from '@bygg/db/orm';
import { hashPassword } from '@bygg/db/passwords';
import { tradePasswordTokens, tradeUsers } from '@bygg/db/schema/index';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError } from '../../../kernel/errors.ts';
import type { Mailer } from '../../../lib/mail.ts';
import type { FailureCounters } from '../../../plugins/rate-limit.ts';

type Purpose = 'reset' | 'invitation';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mailed password links (tests wait for their mails with settle()). */
    passwordLinks: PasswordLinks;
  }
}

/** The page of the e-mailed links (trade-area §6 "/proffs/losenord"). */
export const PASSWORD_PAGE_PATH = '/proffs/losenord';

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export type LinkUser = { id: number; username: string; name: string };

/**
 * The e-mailed links that set a password (ADR 029): random 32-byte tokens, kept as their
 * SHA-256, single use, 1 hour for a reset and 7 days for an invitation. Setting the password
 * ends the user's sessions (the trigger of migration 0013) and every other open link.
 */
export class PasswordLinks {
  /** Mails under way, so tests and shutdown can wait for them (settle()). */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly options: {
      mailer: Mailer;
      publicUrl: string;
      /** Reset requests per address from all clients (null: unlimited). */
      failures: FailureCounters | null;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  /**
   * A reset link to the address when an active account of the organisation has it. The
   * caller answers the same whatever happens here: nothing tells which addresses exist, and
   * the mail is sent in the background so the answer takes as long either way.
   */
  async requestReset(organisationId: string, email: string): Promise<void> {
    const subject = `${organisationId}:${email}`;
    const { failures } = this.options;
    if (await failures?.blocked('passwordResetAddress', subject)) return;
    await failures?.fail('passwordResetAddress', subject);
    const [user] = await this.db
      .select({ id: tradeUsers.id, username: tradeUsers.username, name: tradeUsers.name })
      .from(tradeUsers)
      .where(
        and(
          sql`lower(${tradeUsers.username}) = ${email}`,
          eq(tradeUsers.organisationId, organisationId),
          eq(tradeUsers.isActive, true),
        ),
      );
    if (user) this.background(this.send(user, 'reset'));
  }

  /** The invitation of a user an administrator created (store-customer/user/ POST). */
  invite(user: LinkUser): void {
    this.background(this.send(user, 'invitation'));
  }

  /** Sets the password of the link's user; 400 for an unknown, used or expired link. */
  async setPassword(token: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const now = this.options.now();
    await this.db.transaction(async (tx) => {
      const [link] = await tx
        .update(tradePasswordTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(tradePasswordTokens.tokenHash, tokenHash(token)),
            isNull(tradePasswordTokens.usedAt),
            gt(tradePasswordTokens.expiresAt, now),
          ),
        )
        .returning({ userId: tradePasswordTokens.userId });
      if (!link) throw new BadRequestError(PASSWORD_LINK_INVALID_MESSAGE);
      const [user] = await tx
        .update(tradeUsers)
        .set({ passwordHash })
        .where(and(eq(tradeUsers.id, link.userId), eq(tradeUsers.isActive, true)))
        .returning({ id: tradeUsers.id });
      if (!user) throw new BadRequestError(PASSWORD_LINK_INVALID_MESSAGE);
      // The user's other open links are spent too: the newest password is the one chosen.
      await tx
        .update(tradePasswordTokens)
        .set({ usedAt: now })
        .where(
          and(eq(tradePasswordTokens.userId, link.userId), isNull(tradePasswordTokens.usedAt)),
        );
    });
  }

  /** Waits for the mails under way (tests; shutdown). */
  async settle(): Promise<void> {
    await Promise.all([...this.sending]);
  }

  private background(work: Promise<void>): void {
    const tracked = work
      .catch((err: unknown) => this.options.log.error({ err }, 'password link mail failed'))
      .finally(() => this.sending.delete(tracked));
    this.sending.add(tracked);
  }

  private async send(user: LinkUser, purpose: Purpose): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const now = this.options.now();
    const maxAge = purpose === 'reset' ? RESET_LINK_MAX_AGE_S : INVITATION_LINK_MAX_AGE_S;
    await this.db.insert(tradePasswordTokens).values({
      tokenHash: tokenHash(token),
      userId: user.id,
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + maxAge * 1000),
    });
    const link = `${this.options.publicUrl}${PASSWORD_PAGE_PATH}?token=${encodeURIComponent(token)}`;
    const lines =
      purpose === 'reset'
        ? {
            subject: 'Välj ett nytt lösenord',
            intro:
              'Någon, förhoppningsvis du, har bett om ett nytt lösenord till ditt proffskonto.',
            action:
              'Välj ett nytt lösenord här (länken gäller i en timme och kan användas en gång):',
            outro: 'Har du inte bett om det kan du bortse från det här meddelandet.',
          }
        : {
            subject: 'Välkommen som proffskund',
            intro: `Ett konto har skapats åt dig med användarnamnet ${user.username}.`,
            action: 'Välj ditt lösenord här (länken gäller i sju dagar och kan användas en gång):',
            outro: 'Efter det loggar du in med din e-postadress och ditt lösenord.',
          };
    const paragraphs = [`Hej ${user.name}!`, lines.intro, lines.action, link, lines.outro];
    await this.options.mailer.send({
      to: user.username,
      subject: lines.subject,
      text: paragraphs.join('\n\n'),
      html: paragraphs
        .map((p) =>
          p === link
            ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
            : `<p>${escapeHtml(p)}</p>`,
        )
        .join('\n'),
    });
  }
}
