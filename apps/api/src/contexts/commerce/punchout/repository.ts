import type { OrganisationId } from '@bygg/contracts/common';
import { type Database, queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import { timestamp } from '../../../lib/sql-values.ts';

export type PunchoutBuyerRow = {
  id: number;
  name: string;
  companyId: number | null;
  company: string | null;
  passwordHash: string;
  allowedHosts: string[];
  active: boolean;
};

export type PunchoutSessionRow = {
  id: number;
  buyer: string;
  company: string | null;
  companyId: number | null;
  hookUrl: string;
  expiresAt: Date;
};

/** The only code that reads punch-out buyers and sessions (issue 22). */
export class PunchoutRepository {
  constructor(private readonly db: Database) {}

  async buyer(organisation: OrganisationId, username: string): Promise<PunchoutBuyerRow | null> {
    const [row] = await queryRows<PunchoutBuyerRow>(
      this.db,
      sql`select b.id, b.name, b.company_id as "companyId", c.name as company,
          b.password_hash as "passwordHash", b.allowed_hosts as "allowedHosts", b.active
        from punchout_buyers b left join trade_companies c on c.id = b.company_id
        where b.organisation_id = ${organisation} and b.username = ${username}`,
    );
    return row ?? null;
  }

  async createSession(input: {
    tokenHash: string;
    buyerId: number;
    hookUrl: string;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db.execute(
      sql`insert into punchout_sessions (token_hash, buyer_id, hook_url, created_at, expires_at)
        values (${input.tokenHash}, ${input.buyerId}, ${input.hookUrl}, ${timestamp(input.now)},
          ${timestamp(input.expiresAt)})`,
    );
  }

  /** The open session of a token: not transferred, not expired, its buyer still active. */
  async openSession(
    organisation: OrganisationId,
    tokenHash: string,
    now: Date,
  ): Promise<PunchoutSessionRow | null> {
    const [row] = await queryRows<PunchoutSessionRow>(
      this.db,
      sql`select s.id, b.name as buyer, c.name as company, b.company_id as "companyId",
          s.hook_url as "hookUrl", s.expires_at as "expiresAt"
        from punchout_sessions s
        join punchout_buyers b on b.id = s.buyer_id
        left join trade_companies c on c.id = b.company_id
        where s.token_hash = ${tokenHash} and b.organisation_id = ${organisation}
          and b.active and s.transferred_at is null and s.expires_at > ${timestamp(now)}`,
    );
    return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null;
  }

  /** Ends the session; false when another request ended it first. */
  async markTransferred(sessionId: number, now: Date): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      this.db,
      sql`update punchout_sessions set transferred_at = ${timestamp(now)}
        where id = ${sessionId} and transferred_at is null returning id`,
    );
    return rows.length === 1;
  }

  /** The transferred cart is gone: the purchasing system owns the order now. */
  async deleteCart(cartToken: string): Promise<void> {
    await this.db.execute(sql`delete from carts where token = ${cartToken}`);
  }
}
