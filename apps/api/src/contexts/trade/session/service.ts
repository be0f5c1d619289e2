import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { UserKindSchema, type ProffsUser } from '@bygg/contracts/auth';
import { RegionIdSchema, type TradeRights } from '@bygg/contracts/trade/common';
import { SESSION_MAX_AGE_S } from '@bygg/contracts/cookies';
import type { SessionPayload } from '@bygg/domain/session-cookie';
import { hashPassword, verifyPassword } from '@bygg/db/passwords';
import type { FailureCounters } from '../../../plugins/rate-limit.ts';
import type { SessionUser } from './plugin.ts';
import type { AuthRepository } from './repository.ts';
import { newSessionId, sessionIdHash } from './session-id.ts';
import { effectiveRights } from '@bygg/domain/trade-rights';

const NO_RIGHTS: TradeRights = { projects: false, offers: false, orders: false, invoices: false };

export type LoginResult = {
  user: ProffsUser;
  session: SessionPayload;
  /** The value of the known-login cookie for this account (COOKIE_NAMES.knownLogin). */
  knownLogin: string;
  /** The hash of the new session's id (its CSRF token is derived from it). */
  sessionHash: string;
};

export type LoginAttempt = {
  organisationId: string;
  username: string;
  password: string;
  /** The hash of the session the browser had: a login always starts a new one. */
  previousSession: string | null;
  /** The browser's known-login cookie, if any. */
  knownLogin: string | undefined;
  /** The client's address, for the count of wrong passwords per client. */
  clientAddress: string;
};

export class AuthService {
  private readonly failures: FailureCounters | null;

  /** Verified against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password. */
  private readonly decoyHash: Promise<string>;

  private readonly knownLoginKey: Buffer;

  constructor(
    private readonly users: AuthRepository,
    options: {
      secret: string;
      /** Wrong passwords per account from all clients (null: unlimited, benchmarks). */
      failures: FailureCounters | null;
    },
  ) {
    this.failures = options.failures;
    this.knownLoginKey = createHash('sha256')
      .update(`bygg known login\0${options.secret}`)
      .digest();
    this.decoyHash = hashPassword('decoy password that no account has');
    // Unhandled until the first failed login otherwise; hashing cannot fail in practice.
    this.decoyHash.catch(() => undefined);
  }

  /**
   * null for a wrong e-mail or password (the caller answers both the same way); 428 when the
   * account had too many wrong passwords lately and this browser never logged into it (ADR 021).
   */
  async login(attempt: LoginAttempt): Promise<LoginResult | null> {
    const { organisationId, username, password } = attempt;
    // Unknown e-mails count like known ones: the limit must not tell which accounts exist.
    const account = `${organisationId}:${username.trim().toLowerCase()}`;
    const knownLogin = this.knownLoginToken(account);
    await this.failures?.check('loginClient', attempt.clientAddress);
    if (!this.isKnownLogin(attempt.knownLogin, knownLogin)) {
      await this.failures?.check('loginAccount', account);
    }
    const candidate = await this.users.loginCandidate(organisationId, username);
    const valid = candidate
      ? await verifyPassword(password, candidate.passwordHash)
      : await verifyPassword(password, await this.decoyHash).then(() => false);
    if (!candidate || !valid) {
      await this.failures?.fail('loginAccount', account);
      await this.failures?.fail('loginClient', attempt.clientAddress);
      return null;
    }
    const { passwordHash: _ignored, ...user } = candidate;
    const profile = await this.profile(user);
    const sessionId = await this.startSession(user.id, attempt.previousSession);
    return {
      user: profile,
      // The spec's session payload: proffs_stores and stores hold store external ids.
      session: {
        session_id: sessionId,
        user_id: user.id,
        username: user.username,
        name: user.name,
        proffs_stores: profile.proffs_stores,
        stores: profile.stores.map((s) => ({ external_id: s.external_id })),
      },
      knownLogin,
      sessionHash: sessionIdHash(sessionId),
    };
  }

  /** HMAC of the account under a key of its own: the cookie names the account to us only. */
  private knownLoginToken(account: string): string {
    return createHmac('sha256', this.knownLoginKey).update(account).digest('base64url');
  }

  private isKnownLogin(given: string | undefined, expected: string): boolean {
    if (!given || given.length !== expected.length) return false;
    return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  }

  /** A new random session id (rotated at every login); the one it replaces is revoked. */
  private async startSession(userId: number, previousSession: string | null): Promise<string> {
    const now = new Date();
    if (previousSession) await this.users.revokeSession(previousSession, now);
    const id = newSessionId();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_AGE_S * 1000);
    await this.users.createSession(sessionIdHash(id), userId, now, expiresAt);
    return id;
  }

  /** Logout: the session ends at once, wherever its cookie still is. */
  async logout(sessionHash: string | null): Promise<void> {
    if (sessionHash) await this.users.revokeSession(sessionHash, new Date());
  }

  /** The user as me/ and login/ answer: the session's user, account, stores (ADR 026). */
  async profile(user: SessionUser): Promise<ProffsUser> {
    const [stores, account] = await Promise.all([
      this.users.stores(user.id),
      this.users.account(user.id),
    ]);
    const kind = UserKindSchema.catch('editor').parse(account?.kind);
    // Only a customer with a company has a company role and rights; an unknown kind none.
    const company =
      account?.companyId != null && account.companyName !== null
        ? { id: account.companyId, name: account.companyName }
        : null;
    const customer = kind === 'customer' && company !== null && account !== null;
    const { role: companyRole, rights } = customer
      ? effectiveRights(account)
      : { role: null, rights: NO_RIGHTS };
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      role: user.role,
      kind,
      company_role: companyRole,
      may_projects: rights.projects,
      may_offers: rights.offers,
      may_orders: rights.orders,
      may_invoices: rights.invoices,
      region_id: RegionIdSchema.nullable()
        .catch(null)
        .parse(account?.regionId ?? null),
      company,
      stores: stores.map((s) => ({
        id: s.id,
        external_id: s.externalId,
        slug: s.slug,
        name: s.name,
        is_central: s.isCentral,
        proffs_enabled: s.proffsEnabled,
      })),
      // A customer's stores with trade accounts enabled (spec §3 session payload, §6).
      proffs_stores: customer ? stores.filter((s) => s.proffsEnabled).map((s) => s.externalId) : [],
    };
  }
}
