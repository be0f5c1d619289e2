import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_LINK_INVALID_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  ProffsUserSchema,
} from '@bygg/contracts/auth';
import { COOKIE_NAMES, CSRF_FAILED_MESSAGE } from '@bygg/contracts/cookies';
import { eq } from '@bygg/db/orm';
import { tradePasswordTokens } from '@bygg/db/schema/index';
import type { MailMessage } from '../../../lib/mail.ts';
import { DEFAULT_RATE_LIMITS, RATE_LIMIT_MESSAGE } from '../../../plugins/rate-limit.ts';
import { createStore, createTradeUser, type TestStore } from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

let t: TestApp;
let store: TestStore;
const mails: MailMessage[] = [];
const LIMITS = {
  ...DEFAULT_RATE_LIMITS,
  passwordReset: { max: 6, timeWindowMs: 10 * 60_000 },
  passwordResetAddress: { max: 2, timeWindowMs: 60 * 60_000 },
};

beforeAll(async () => {
  t = await buildTestApp({
    seeded: false,
    rateLimits: LIMITS,
    mailer: {
      async send(message) {
        mails.push(message);
      },
    },
  });
  store = await createStore(t.database.database.db);
});

afterAll(async () => {
  await t?.close();
});

let nextClient = 0;
/** A client address of its own, so the per-client limit of one test does not touch another. */
function clientIp(): string {
  nextClient += 1;
  return `10.17.${Math.floor(nextClient / 250)}.${(nextClient % 250) + 1}`;
}

function post(
  path: string,
  payload: object,
  headers: Record<string, string> = {},
  ip = clientIp(),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/proffs/user/${path}`,
    payload,
    headers,
    remoteAddress: ip,
  });
}

/** The mails sent to an address since the test began, once every mail under way is out. */
async function mailsTo(address: string, since: number): Promise<MailMessage[]> {
  await t.app.passwordLinks.settle();
  return mails.slice(since).filter((m) => m.to === address);
}

function tokenOf(mail: MailMessage | undefined): string {
  const match = /\/proffs\/losenord\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no link in ${mail?.text}`);
  return match[1];
}

async function newUser() {
  return createTradeUser(t.database.database.db, { stores: [store] });
}

describe('POST user/reset_password/', () => {
  it('answers a known and an unknown address alike, and mails only the known one a link', async () => {
    const user = await newUser();
    const since = mails.length;
    const known = await post('reset_password/', { email: user.username.toUpperCase() });
    const unknown = await post('reset_password/', { email: 'ingen.alls@test.example' });
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['cache-control']).toBe(known.headers['cache-control']);
    expect(unknown.cookies).toEqual(known.cookies);
    const sent = await mailsTo(user.username, since);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Välj ett nytt lösenord');
    // PUBLIC_URL (the test config's http://localhost:<PORT>), never a request header.
    expect(sent[0]?.text).toMatch(/^http:\/\/localhost:\d+\/proffs\/losenord\?token=[\w-]{43}$/m);
    expect(sent[0]?.html).toContain('href="');
    expect(await mailsTo('ingen.alls@test.example', since)).toHaveLength(0);
  });

  it('keeps the link for an hour, stored only as a hash', async () => {
    const user = await newUser();
    const since = mails.length;
    await post('reset_password/', { email: user.username });
    const token = tokenOf((await mailsTo(user.username, since))[0]);
    const rows = await t.database.database.db
      .select()
      .from(tradePasswordTokens)
      .where(eq(tradePasswordTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.purpose).toBe('reset');
    expect(row?.tokenHash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(3_600_000);
  });

  it('sends no more than the limit of mails to one address, with the same answer', async () => {
    const user = await newUser();
    const since = mails.length;
    for (let i = 0; i < 4; i += 1) {
      expect((await post('reset_password/', { email: user.username })).statusCode).toBe(204);
    }
    expect(await mailsTo(user.username, since)).toHaveLength(LIMITS.passwordResetAddress.max);
  });

  it('answers 428 to a client over its limit', async () => {
    const ip = clientIp();
    for (let i = 0; i < LIMITS.passwordReset.max; i += 1) {
      await post('reset_password/', { email: `x${i}@test.example` }, {}, ip);
    }
    const over = await post('reset_password/', { email: 'y@test.example' }, {}, ip);
    expect(over.statusCode).toBe(428);
    expect(over.json().message).toBe(RATE_LIMIT_MESSAGE);
  });

  it('answers 400 with a Swedish message to something that is not an e-mail address', async () => {
    const response = await post('reset_password/', { email: 'inte en adress' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Ange en giltig e-postadress');
  });
});

describe('POST user/set_user_password/', () => {
  async function resetLink(user: { username: string }): Promise<string> {
    const since = mails.length;
    await post('reset_password/', { email: user.username });
    return tokenOf((await mailsTo(user.username, since))[0]);
  }

  it('sets the password once, ends the sessions, and the new password logs in', async () => {
    const user = await newUser();
    const before = await sessionCookie(t.app, user.credentials);
    const token = await resetLink(user);
    const set = await post('set_user_password/', { token, password: 'Nytt lösen 2026' });
    expect(set.statusCode).toBe(204);
    const me = await t.app.inject({ url: '/api/proffs/user/me/', headers: { cookie: before } });
    expect(me.statusCode).toBe(204);
    const login = await post('login/', { username: user.username, password: 'Nytt lösen 2026' });
    expect(login.statusCode).toBe(200);
    expect(ProffsUserSchema.parse(login.json()).id).toBe(user.id);
    const old = await post('login/', user.credentials);
    expect(old.statusCode).toBe(400);

    const again = await post('set_user_password/', { token, password: 'Ett tredje lösen' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_LINK_INVALID_MESSAGE);
  });

  it('refuses an expired link, and a link after another one of the user was used', async () => {
    const user = await newUser();
    const first = await resetLink(user);
    const second = await resetLink(user);
    const db = t.database.database.db;
    await db
      .update(tradePasswordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tradePasswordTokens.userId, user.id));
    const expired = await post('set_user_password/', { token: first, password: 'Nytt lösen 2026' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(PASSWORD_LINK_INVALID_MESSAGE);

    await db
      .update(tradePasswordTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(tradePasswordTokens.userId, user.id));
    expect(
      (await post('set_user_password/', { token: first, password: 'Nytt lösen 2026' })).statusCode,
    ).toBe(204);
    const spent = await post('set_user_password/', { token: second, password: 'Annat lösen 2026' });
    expect(spent.statusCode).toBe(400);
  });

  it('refuses an unknown token and a short password with Swedish messages', async () => {
    const unknown = await post('set_user_password/', {
      token: 'x'.repeat(43),
      password: 'Nytt lösen 2026',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(PASSWORD_LINK_INVALID_MESSAGE);
    const user = await newUser();
    const token = await resetLink(user);
    const short = await post('set_user_password/', { token, password: 'kort' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain(PASSWORD_TOO_SHORT_MESSAGE);
    // The refused try did not spend the link.
    expect(
      (await post('set_user_password/', { token, password: 'Nytt lösen 2026' })).statusCode,
    ).toBe(204);
  });

  it('needs the CSRF header when a logged-in browser calls it', async () => {
    const user = await newUser();
    const cookie = await sessionCookie(t.app, user.credentials);
    const token = await resetLink(await newUser());
    const refused = await post(
      'set_user_password/',
      { token, password: 'Nytt lösen 2026' },
      {
        cookie,
      },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CSRF_FAILED_MESSAGE);
    const allowed = await post(
      'set_user_password/',
      { token, password: 'Nytt lösen 2026' },
      sessionHeaders(cookie),
    );
    expect(allowed.statusCode).toBe(204);
  });
});

describe('the invitation of a user an administrator creates', () => {
  it('mails a 7-day link with which the new user chooses a password and logs in', async () => {
    const admin = await createTradeUser(t.database.database.db, { role: 'admin', stores: [store] });
    const cookie = await sessionCookie(t.app, admin.credentials);
    const since = mails.length;
    const username = `inbjuden-${process.pid}@test.example`;
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/proffs/${store.externalId}/store-customer/user/`,
      headers: sessionHeaders(cookie),
      payload: { username, name: 'Inbjuden Användare' },
    });
    expect(created.statusCode).toBe(201);
    const [mail] = await mailsTo(username, since);
    expect(mail?.subject).toBe('Välkommen som proffskund');
    const [row] = await t.database.database.db
      .select()
      .from(tradePasswordTokens)
      .where(eq(tradePasswordTokens.userId, created.json().id));
    expect(row?.purpose).toBe('invitation');
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(
      7 * 24 * 3_600_000,
    );
    const set = await post('set_user_password/', {
      token: tokenOf(mail),
      password: 'Mitt eget lösen',
    });
    expect(set.statusCode).toBe(204);
    const login = await post('login/', { username, password: 'Mitt eget lösen' });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.some((c) => c.name === COOKIE_NAMES.csrf)).toBe(true);
  });
});
