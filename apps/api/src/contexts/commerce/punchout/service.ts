import { createHash, randomBytes } from 'node:crypto';
import type { OrganisationId } from '@bygg/contracts/common';
import type {
  PunchoutSession,
  PunchoutSetupBody,
  PunchoutTransfer,
} from '@bygg/contracts/punchout';
import { verifyPassword } from '@bygg/db/passwords';
import { hookUrlProblem, ociFields } from '@bygg/domain/oci';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  UnauthorizedError,
} from '../../../kernel/errors.ts';
import type { CartIdentity } from '../cart/identity.ts';
import type { CartService } from '../cart/service.ts';
import type { PunchoutRepository, PunchoutSessionRow } from './repository.ts';

/** A punch-out session lives a working day at most (OCI sessions are short in practice). */
export const PUNCHOUT_SESSION_HOURS = 8;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const WRONG_LOGIN_MESSAGE = 'Fel användarnamn eller lösenord från inköpssystemet';
export const CHECKOUT_CLOSED_MESSAGE =
  'Kassan är stängd i punch-out-läge: varukorgen skickas tillbaka till ditt inköpssystem.';

function sha256(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isPunchoutToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/**
 * OCI punch-out (issue 22, ADR 043): a purchasing system logs in with USERNAME and PASSWORD
 * and names its HOOK_URL; the buyer then shops with a cart of the session's own, and the cart
 * goes back to HOOK_URL as OCI fields instead of through the checkout.
 */
export class PunchoutService {
  constructor(
    private readonly repository: PunchoutRepository,
    private readonly carts: CartService,
    private readonly now: () => Date,
  ) {}

  /** Opens a session: 401 for a wrong login, 403 for an inactive buyer or a foreign HOOK_URL. */
  async setup(
    organisation: OrganisationId,
    body: PunchoutSetupBody,
  ): Promise<{ token: string; session: PunchoutSession }> {
    const buyer = await this.repository.buyer(organisation, body.USERNAME);
    // A missing buyer costs a hash check too, so the reply time does not tell names apart.
    const ok = await verifyPassword(body.PASSWORD, buyer?.passwordHash ?? DUMMY_HASH);
    if (!buyer || !ok) throw new UnauthorizedError(WRONG_LOGIN_MESSAGE);
    if (!buyer.active)
      throw new ForbiddenError('Inköpssystemet är inte längre anslutet till butiken');
    const problem = hookUrlProblem(body.HOOK_URL, buyer.allowedHosts);
    if (problem) {
      if (problem.includes('inte är godkänd')) throw new ForbiddenError(problem);
      throw new BadRequestError(problem, [{ path: 'body.HOOK_URL', message: problem }]);
    }
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = new Date(now.getTime() + PUNCHOUT_SESSION_HOURS * 3_600_000);
    await this.repository.createSession({
      tokenHash: sha256(token),
      buyerId: buyer.id,
      hookUrl: body.HOOK_URL,
      now,
      expiresAt,
    });
    return {
      token,
      session: {
        buyer: buyer.name,
        company: buyer.company,
        hook_url: body.HOOK_URL,
        expires_at: expiresAt.toISOString(),
      },
    };
  }

  private async open(
    organisation: OrganisationId,
    token: string | null,
  ): Promise<PunchoutSessionRow | null> {
    if (!isPunchoutToken(token)) return null;
    return this.repository.openSession(organisation, sha256(token), this.now());
  }

  /** The open session of the browser's token, or null. */
  async session(
    organisation: OrganisationId,
    token: string | null,
  ): Promise<PunchoutSession | null> {
    const row = await this.open(organisation, token);
    return row
      ? {
          buyer: row.buyer,
          company: row.company,
          hook_url: row.hookUrl,
          expires_at: row.expiresAt.toISOString(),
        }
      : null;
  }

  /** Whether the request is in punch-out mode (the checkout refuses it). */
  async isOpen(organisation: OrganisationId, token: string | null): Promise<boolean> {
    return (await this.open(organisation, token)) !== null;
  }

  /**
   * The cart as OCI fields for HOOK_URL, priced by the server as the cart is; the session
   * ends and the cart is deleted (the purchasing system orders from here on).
   */
  async transfer(identity: CartIdentity, token: string | null): Promise<PunchoutTransfer> {
    const session = await this.open(identity.organisation, token);
    if (!session) {
      throw new UnauthorizedError(
        'Punch-out-sessionen har gått ut. Öppna butiken från ditt inköpssystem igen.',
      );
    }
    const current = await this.carts.current(identity);
    const lines = current?.cart.items ?? [];
    if (!current || lines.length === 0) {
      throw new ConflictError('Varukorgen är tom. Lägg varor i varukorgen innan du överför den.');
    }
    const fields = ociFields(
      lines.map((line) => ({
        articleId: line.article_id,
        title: line.title,
        quantity: line.quantity,
        unit: line.unit,
        unitPriceExclVatOre: line.price_excl_vat,
        vatRate: line.vat_rate,
        category: line.category,
        leadTimeDays: null,
      })),
    );
    if (!(await this.repository.markTransferred(session.id, this.now()))) {
      throw new ConflictError('Varukorgen är redan överförd till inköpssystemet.');
    }
    await this.repository.deleteCart(current.token);
    return { hook_url: session.hookUrl, fields, lines: lines.length };
  }
}

/**
 * A well-formed scrypt hash (packages/db/passwords.ts format) no password matches: checked
 * when the USERNAME is unknown, so both cases take one scrypt's time.
 */
const DUMMY_HASH = `scrypt$${2 ** 17}$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`;
