import type { ProffsUser } from '@bygg/contracts/auth';
import type { SessionPayload } from '@bygg/domain/session-cookie';
import { hashPassword, verifyPassword } from '@bygg/db/passwords';
import type { SessionUser } from './plugin.ts';
import type { AuthRepository } from './repository.ts';

export type LoginResult = { user: ProffsUser; session: SessionPayload };

export class AuthService {
  /** Verified against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password. */
  private readonly decoyHash: Promise<string>;

  constructor(private readonly users: AuthRepository) {
    this.decoyHash = hashPassword('decoy password that no account has');
    // Unhandled until the first failed login otherwise; hashing cannot fail in practice.
    this.decoyHash.catch(() => undefined);
  }

  /** null for a wrong e-mail or password (the caller answers both the same way). */
  async login(
    organisationId: string,
    username: string,
    password: string,
  ): Promise<LoginResult | null> {
    const candidate = await this.users.loginCandidate(organisationId, username);
    if (!candidate) {
      await verifyPassword(password, await this.decoyHash);
      return null;
    }
    if (!(await verifyPassword(password, candidate.passwordHash))) return null;
    const { passwordHash: _ignored, ...user } = candidate;
    const profile = await this.profile(user);
    return {
      user: profile,
      // The spec's session payload: proffs_stores and stores hold store external ids.
      session: {
        user_id: user.id,
        username: user.username,
        name: user.name,
        proffs_stores: profile.stores.filter((s) => s.proffs_enabled).map((s) => s.external_id),
        stores: profile.stores.map((s) => ({ external_id: s.external_id })),
      },
    };
  }

  async profile(user: SessionUser): Promise<ProffsUser> {
    const [stores, company] = await Promise.all([
      this.users.stores(user.id),
      user.companyId === null ? null : this.users.company(user.companyId),
    ]);
    return {
      id: user.id,
      username: user.username,
      name: user.name,
      role: user.role,
      company,
      stores: stores.map((s) => ({
        id: s.id,
        external_id: s.externalId,
        slug: s.slug,
        name: s.name,
        is_central: s.isCentral,
        proffs_enabled: s.proffsEnabled,
      })),
    };
  }
}
