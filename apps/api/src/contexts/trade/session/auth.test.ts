import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProffsUser } from '@bygg/contracts/auth';
import { LOGIN_FAILED_MESSAGE } from '@bygg/contracts/auth';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import { eq, sql } from '@bygg/db/orm';
import { tradeUsers } from '@bygg/db/schema/index';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../../../plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const ERIK = { username: 'erik.nordin@nordinssnickeri.example', password: 'Proffs2026!' };

async function login(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/proffs/user/login/',
    payload: body as object,
    headers,
  });
}

function sessionCookie(response: Awaited<ReturnType<typeof login>>): string {
  const cookie = response.cookies.find((c) => c.name === COOKIE_NAMES.session);
  if (!cookie) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}`;
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
    const client = { 'x-forwarded-for': '203.0.113.77' };
    const { max } = DEFAULT_RATE_LIMITS.login;
    for (let i = 0; i < max; i++) {
      expect((await login({ ...ERIK, password: `gissning-${i}` }, client)).statusCode).toBe(400);
    }
    const limited = await login(ERIK, client);
    expect(limited.statusCode).toBe(428);
    expect(limited.json().message).toBe(RATE_LIMIT_MESSAGE);
    expect((await login(ERIK, { 'x-forwarded-for': '203.0.113.78' })).statusCode).toBe(200);
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

  it('treats a tampered cookie as no session', async () => {
    const cookie = sessionCookie(await login(ERIK));
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

  it('clears the cookie on logout', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/proffs/user/logout/' });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === COOKIE_NAMES.session);
    expect(cleared?.value).toBe('');
  });
});
