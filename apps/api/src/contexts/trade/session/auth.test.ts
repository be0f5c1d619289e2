import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProffsUser } from '@bygg/contracts/auth';
import { LOGIN_FAILED_MESSAGE } from '@bygg/contracts/auth';
import { CLIENT_ADDRESS_HEADER } from '@bygg/contracts/common';
import {
  COOKIE_NAMES,
  CSRF_FAILED_MESSAGE,
  CSRF_HEADER,
  DEV_SESSION_SECRET,
} from '@bygg/contracts/cookies';
import { encodeSession } from '@bygg/domain/session-cookie.server';
import { eq, sql } from '@bygg/db/orm';
import { tradeSessions, tradeUsers } from '@bygg/db/schema/index';
import { signClientAddress } from '../../../lib/client-address.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../../../plugins/rate-limit.ts';
import { buildTestApp, sessionHeaders, type TestApp } from '../../../../test/helper.ts';

let t: TestApp;
/** Small limits keep the tests short (each wrong password costs a scrypt hash). */
const LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  login: { max: 4, timeWindowMs: 10 * 60_000 },
  loginAccount: { max: 3, timeWindowMs: 15 * 60_000 },
  loginClient: { max: 3, timeWindowMs: 10 * 60_000 },
};

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: LIMITS });
});

afterAll(async () => {
  await t?.close();
});

const ERIK = { username: 'erik.nordin@nordinssnickeri.example', password: 'Proffs2026!' };

let nextClient = 0;
/** A client address of its own, so the limits of one test or call do not touch another. */
function clientIp(): string {
  nextClient += 1;
  return `10.15.${Math.floor(nextClient / 250)}.${(nextClient % 250) + 1}`;
}

/** A login from a client of its own unless one is given (the per-client limit is small). */
async function login(
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = clientIp(),
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/proffs/user/login/',
    payload: body as object,
    headers,
    remoteAddress,
  });
}

/** The session and CSRF token cookies a login set, as one Cookie header value. */
function sessionCookie(response: Awaited<ReturnType<typeof login>>): string {
  const cookie = response.cookies.find((c) => c.name === COOKIE_NAMES.session);
  const csrf = response.cookies.find((c) => c.name === COOKIE_NAMES.csrf);
  if (!cookie || !csrf) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}; ${csrf.name}=${csrf.value}`;
}

function logout(headers: Record<string, string>) {
  return t.app.inject({ method: 'DELETE', url: '/api/proffs/user/logout/', headers });
}

async function me(cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    url: '/api/proffs/user/me/',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

describe('POST /api/proffs/user/login/', () => {
  it('logs in with the right password, case-insensitive e-mail, and sets an HttpOnly session cookie', async () => {
    const response = await login({ ...ERIK, username: ' Erik.Nordin@NordinsSnickeri.example ' });
    expect(response.statusCode).toBe(200);
    const user = response.json() as ProffsUser;
    expect(user.username).toBe(ERIK.username);
    expect(user.role).toBe('user');
    expect(user.company?.name).toBeTruthy();
    expect(user.stores.length).toBeGreaterThan(0);
    const cookie = response.cookies.find((c) => c.name === COOKIE_NAMES.session);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('answers a wrong password and an unknown e-mail with the same Swedish 400 and no cookie', async () => {
    for (const body of [
      { ...ERIK, password: 'fel-lösenord' },
      { username: 'ingen@example.se', password: 'Proffs2026!' },
    ]) {
      const response = await login(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LOGIN_FAILED_MESSAGE);
      expect(response.cookies.find((c) => c.name === COOKIE_NAMES.session)).toBeUndefined();
    }
  });

  it('names the missing field in a 400', async () => {
    const response = await login({ username: ERIK.username });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('password');
  });

  it('does not log a user into the other organisation', async () => {
    const response = await login(ERIK, { 'x-organisation': 'building-supply' });
    expect(response.statusCode).toBe(400);
  });
});

describe('login attempts per client', () => {
  it('answers 428 once a client has tried too often; other clients may still log in', async () => {
    const client = clientIp();
    const { max } = LIMITS.login;
    // Successful logins count here too: this limit is on every call.
    for (let i = 0; i < max; i++) {
      expect((await login(ERIK, {}, client)).statusCode).toBe(200);
    }
    const limited = await login(ERIK, {}, client);
    expect(limited.statusCode).toBe(428);
    expect(limited.json().message).toBe(RATE_LIMIT_MESSAGE);
    expect((await login(ERIK, {}, clientIp())).statusCode).toBe(200);
  });

  it("counts the visitor the web server names in a signed header, not the web server's address", async () => {
    const webServer = clientIp();
    const visitor = (address: string) => ({
      [CLIENT_ADDRESS_HEADER]: signClientAddress(address, DEV_SESSION_SECRET),
    });
    const { max } = LIMITS.login;
    const busy = clientIp();
    for (let i = 0; i < max; i++) {
      await login({ username: `web${i}@example.se`, password: 'x' }, visitor(busy), webServer);
    }
    expect((await login(ERIK, visitor(busy), webServer)).statusCode).toBe(428);
    // Another visitor of the same web server is not locked out by the first one (finding 3).
    expect((await login(ERIK, visitor(clientIp()), webServer)).statusCode).toBe(200);
    // A header signed with another secret, or too old, names nobody: the connection counts.
    const forged = signClientAddress(clientIp(), 'a'.repeat(40));
    const stale = signClientAddress(clientIp(), DEV_SESSION_SECRET, Date.now() - 10 * 60_000);
    for (const header of [forged, stale]) {
      const response = await login(ERIK, { [CLIENT_ADDRESS_HEADER]: header }, busy);
      expect(response.statusCode).toBe(428);
    }
  });
});

describe('wrong passwords per client', () => {
  it('stops a client that tries many accounts, but successful logins from one address never count', async () => {
    const office = clientIp();
    // More successful logins than the failure limit, from one address (colleagues behind NAT).
    // (LIMITS.login.max > LIMITS.loginClient.max: the last ones would be refused if they counted.)
    for (let i = 0; i < LIMITS.login.max; i++) {
      expect((await login(ERIK, {}, office)).statusCode).toBe(200);
    }
    const stuffer = clientIp();
    for (let i = 0; i < LIMITS.loginClient.max; i++) {
      const response = await login(
        { username: `lista${i}@example.se`, password: 'x' },
        {},
        stuffer,
      );
      expect(response.statusCode).toBe(400);
    }
    // Even the right password is refused from that client now; another client is not touched.
    const blocked = await login(ERIK, {}, stuffer);
    expect(blocked.statusCode).toBe(428);
    expect(blocked.json().message).toBe(RATE_LIMIT_MESSAGE);
    expect((await login(ERIK, {}, clientIp())).statusCode).toBe(200);
  });
});

describe('wrong passwords per account', () => {
  const MARIA = { username: 'maria.ekholm@ekholmsfastighet.example', password: 'Rikskund2026!' };

  it('locks the account for new browsers after too many wrong passwords from any clients, but not a browser that logged in before', async () => {
    const known = await login(MARIA, {}, clientIp());
    expect(known.statusCode).toBe(200);
    const knownCookie = known.cookies.find((c) => c.name === COOKIE_NAMES.knownLogin);
    expect(knownCookie?.httpOnly).toBe(true);
    const { max } = LIMITS.loginAccount;
    for (let i = 0; i < max; i++) {
      // Every try from another address: the per-client limit never sees more than one.
      const response = await login({ ...MARIA, password: `gissning-${i}` }, {}, clientIp());
      expect(response.statusCode).toBe(400);
    }
    const stranger = await login(MARIA, {}, clientIp());
    expect(stranger.statusCode).toBe(428);
    expect(stranger.json().message).toBe(RATE_LIMIT_MESSAGE);
    const owner = await login(
      MARIA,
      { cookie: `${COOKIE_NAMES.knownLogin}=${knownCookie?.value}` },
      clientIp(),
    );
    expect(owner.statusCode).toBe(200);
    // The known-login cookie of another account does not open this one.
    const other = await login(ERIK, {}, clientIp());
    const otherCookie = other.cookies.find((c) => c.name === COOKIE_NAMES.knownLogin);
    const wrongKey = await login(
      MARIA,
      { cookie: `${COOKIE_NAMES.knownLogin}=${otherCookie?.value}` },
      clientIp(),
    );
    expect(wrongKey.statusCode).toBe(428);
  });
});

describe('GET /api/proffs/user/me/ and DELETE logout/', () => {
  it('answers 204 without a session and 200 with the user after login', async () => {
    expect((await me()).statusCode).toBe(204);
    const cookie = sessionCookie(await login(ERIK));
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect((response.json() as ProffsUser).username).toBe(ERIK.username);
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('refuses a cookie signed with the development secret that names a user but no live session', async () => {
    // Finding 1: the old server accepted any cookie with a valid signature; the signing secret
    // is in the repository, so anyone could be the administrator.
    const [admin] = await t.database.database.db
      .select({ id: tradeUsers.id })
      .from(tradeUsers)
      .where(eq(tradeUsers.role, 'admin'));
    for (const session_id of [undefined, 'x'.repeat(43)]) {
      const forged = encodeSession(
        {
          user_id: admin!.id,
          ...(session_id ? { session_id } : {}),
          proffs_stores: [],
          stores: [],
        },
        DEV_SESSION_SECRET,
      );
      expect((await me(`${COOKIE_NAMES.session}=${forged}`)).statusCode).toBe(204);
    }
  });

  it('ends the session on logout: the old cookie answers me/ with 204', async () => {
    const cookie = sessionCookie(await login(ERIK));
    expect((await me(cookie)).statusCode).toBe(200);
    const response = await logout(sessionHeaders(cookie));
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === COOKIE_NAMES.csrf)?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(204);
  });

  it('starts a new session id at login and ends the one the browser had', async () => {
    const first = sessionCookie(await login(ERIK));
    const second = sessionCookie(await login(ERIK, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(204);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('ends every session of the user when the password changes', async () => {
    const anna = { username: 'anna.lindqvist@lindqvistbygg.example', password: 'Admin2026!' };
    const cookie = sessionCookie(await login(anna));
    const db = t.database.database.db;
    const [user] = await db
      .select({ id: tradeUsers.id, hash: tradeUsers.passwordHash })
      .from(tradeUsers)
      .where(eq(sql`lower(${tradeUsers.username})`, anna.username));
    // The same password hashed again: a new hash is what any password change writes.
    await db
      .update(tradeUsers)
      .set({ passwordHash: `${user!.hash}` })
      .where(eq(tradeUsers.id, user!.id));
    expect((await me(cookie)).statusCode).toBe(200);
    await db
      .update(tradeUsers)
      .set({ passwordHash: `${user!.hash}-changed` })
      .where(eq(tradeUsers.id, user!.id));
    try {
      expect((await me(cookie)).statusCode).toBe(204);
      const sessions = await db
        .select({ revokedAt: tradeSessions.revokedAt })
        .from(tradeSessions)
        .where(eq(tradeSessions.userId, user!.id));
      expect(sessions.every((row) => row.revokedAt !== null)).toBe(true);
    } finally {
      await db
        .update(tradeUsers)
        .set({ passwordHash: user!.hash })
        .where(eq(tradeUsers.id, user!.id));
    }
  });

  it('treats a tampered cookie as no session', async () => {
    const cookie = sessionCookie(await login(ERIK)).split(';', 1)[0] ?? '';
    const tampered = cookie.slice(0, -3) + (cookie.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await me(tampered)).statusCode).toBe(204);
  });

  it('does not accept the session in the other organisation', async () => {
    const cookie = sessionCookie(await login(ERIK));
    expect((await me(cookie, { 'x-organisation': 'building-supply' })).statusCode).toBe(204);
  });

  it('ends access at once when the account is deactivated', async () => {
    const cookie = sessionCookie(await login(ERIK));
    const db = t.database.database.db;
    await db
      .update(tradeUsers)
      .set({ isActive: false })
      .where(eq(sql`lower(${tradeUsers.username})`, ERIK.username));
    try {
      expect((await me(cookie)).statusCode).toBe(204);
    } finally {
      await db
        .update(tradeUsers)
        .set({ isActive: true })
        .where(eq(sql`lower(${tradeUsers.username})`, ERIK.username));
    }
  });

  it("refuses logout without the CSRF header, with a wrong one, or with another session's token (403)", async () => {
    const cookie = sessionCookie(await login(ERIK));
    const other = sessionHeaders(sessionCookie(await login(ERIK)));
    const token = sessionHeaders(cookie)[CSRF_HEADER.toLowerCase()] ?? '';
    const session = cookie.split(';', 1)[0] ?? '';
    const otherToken = other[CSRF_HEADER.toLowerCase()] ?? '';
    const refused = [
      { cookie },
      { cookie, [CSRF_HEADER.toLowerCase()]: `${token.slice(0, -1)}x` },
      // Header and cookie agree, but on a token a sibling subdomain could plant: not this session's.
      {
        cookie: `${session}; ${COOKIE_NAMES.csrf}=${otherToken}`,
        [CSRF_HEADER.toLowerCase()]: otherToken,
      },
      // The header alone, without the cookie.
      { cookie: session, [CSRF_HEADER.toLowerCase()]: token },
    ];
    for (const headers of refused) {
      const response = await logout(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(CSRF_FAILED_MESSAGE);
    }
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await logout(sessionHeaders(cookie))).statusCode).toBe(204);
  });

  it('gives a live session without the token cookie a script-readable, Lax token cookie', async () => {
    const response = await login(ERIK);
    const set = response.cookies.find((c) => c.name === COOKIE_NAMES.csrf);
    expect(set?.httpOnly).toBeFalsy();
    expect(set?.sameSite).toBe('Lax');
    expect(set?.path).toBe('/');
    const session = sessionCookie(response).split(';', 1)[0] ?? '';
    const again = (await me(session)).cookies.find((c) => c.name === COOKIE_NAMES.csrf);
    expect(again?.value).toBe(set?.value);
    // A browser that already has it is not sent it again.
    const withToken = await me(sessionCookie(response));
    expect(withToken.cookies.find((c) => c.name === COOKIE_NAMES.csrf)).toBeUndefined();
  });

  it('clears the cookie on logout', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/proffs/user/logout/' });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === COOKIE_NAMES.session);
    expect(cleared?.value).toBe('');
  });
});
