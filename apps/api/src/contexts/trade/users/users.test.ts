import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@bygg/contracts/trade/users';
import { tradeUsers } from '@bygg/db/schema/index';
import {
  createStore,
  ensureOrganisation,
  createTradeCompany,
  createTradeUser,
  type TestStore,
  type TestTradeUser,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

describe('api/proffs/{eid}/store-customer/user/', () => {
  let t: TestApp;
  let store: TestStore;
  let company: { id: number; name: string };
  let admin: TestTradeUser;
  let adminCookie: string;
  let stranger: TestTradeUser;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    store = await createStore(db);
    company = await createTradeCompany(db);
    admin = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    adminCookie = await sessionCookie(t.app, admin.credentials);
    stranger = await createTradeUser(db, { stores: [store] });
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    cookie = adminCookie,
  ) =>
    t.app.inject({
      method,
      url: `/api/proffs/${store.externalId}/store-customer/user/${path}`,
      headers: sessionHeaders(cookie),
      ...(payload ? { payload } : {}),
    });

  it('creates an ordinary user with limited rights and a region; they can log in', async () => {
    const response = await call('POST', '', {
      username: 'Ny.Anvandare@Test.example',
      name: 'Ny Användare',
      role: 'user',
      rights: { orders: true },
      region_id: 4,
      password: 'Hemligt2026!',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: 'ny.anvandare@test.example',
      role: 'user',
      rights: { projects: false, offers: false, orders: true, invoices: false },
      region_id: 4,
      is_active: true,
    });
    await sessionCookie(t.app, { username: user.username, password: 'Hemligt2026!' });
    const again = await call('POST', '', { username: 'NY.ANVANDARE@test.example', name: 'X' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(USERNAME_TAKEN_MESSAGE);
  });

  it('keeps user names unique per organisation, not across them', async () => {
    const db = t.database.database.db;
    await ensureOrganisation(db, 'building-supply');
    const row = (organisationId: string) => ({
      organisationId,
      username: admin.username.toUpperCase(),
      name: 'Samma e-post',
      passwordHash: 'x',
      role: 'user',
    });
    await expect(db.insert(tradeUsers).values(row('building-supply'))).resolves.toBeDefined();
    await expect(db.insert(tradeUsers).values(row('store-chain'))).rejects.toThrow();
  });

  it('lists the company users only, searched by name or e-mail, paginated', async () => {
    const all = await call('GET', '?page_size=1');
    expect(all.statusCode).toBe(200);
    const page = all.json();
    expect(page.count).toBe(2);
    expect(page.results).toHaveLength(1);
    expect(page.next).toContain('page=2');
    const found = await call('GET', '?search=ny.anv');
    expect(found.json().results.map((u: { name: string }) => u.name)).toEqual(['Ny Användare']);
    const ids = (await call('GET', '?page_size=100'))
      .json()
      .results.map((u: { id: number }) => u.id);
    expect(ids).not.toContain(stranger.id);
  });

  it('reads and changes a user; another company user is 404', async () => {
    const list = (await call('GET', '?search=ny.anv')).json().results;
    const id = list[0].id;
    expect((await call('GET', `${id}/`)).json().name).toBe('Ny Användare');
    const patched = await call('PATCH', `${id}/`, {
      rights: { invoices: true },
      region_id: null,
      name: 'Nytt Namn',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Nytt Namn',
      region_id: null,
      rights: { orders: true, invoices: true, projects: false },
    });
    expect((await call('GET', `${stranger.id}/`)).statusCode).toBe(404);
    expect((await call('PATCH', `${stranger.id}/`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `${stranger.id}/`)).statusCode).toBe(404);
    expect((await call('GET', '999999/')).statusCode).toBe(404);
  });

  it('400s bad input: a region outside 1–7, a bad e-mail, a non-numeric id', async () => {
    expect(
      (await call('POST', '', { username: 'a@b.se', name: 'A', region_id: 8 })).statusCode,
    ).toBe(400);
    expect((await call('POST', '', { username: 'inte-epost', name: 'A' })).statusCode).toBe(400);
    expect((await call('GET', 'abc/')).statusCode).toBe(400);
  });

  it('never leaves the company without an administrator', async () => {
    const demote = await call('PATCH', `${admin.id}/`, { role: 'user' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().message).toBe(LAST_ADMIN_MESSAGE);
    expect((await call('PATCH', `${admin.id}/`, { is_active: false })).statusCode).toBe(400);
    expect((await call('DELETE', `${admin.id}/`)).statusCode).toBe(400);

    // With a second administrator the first may step down.
    const second = await call('POST', '', {
      username: 'admin2@test.example',
      name: 'Två',
      role: 'admin',
    });
    expect(second.json().rights).toEqual({
      projects: true,
      offers: true,
      orders: true,
      invoices: true,
    });
    expect((await call('PATCH', `${admin.id}/`, { role: 'user' })).statusCode).toBe(200);
    // Now the caller is no administrator: the user calls answer 403.
    expect((await call('GET', '')).statusCode).toBe(403);
  });

  it('deletes a user (204); ordinary users may not manage users (403)', async () => {
    const db = t.database.database.db;
    const boss = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    const cookie = await sessionCookie(t.app, boss.credentials);
    const victim = await createTradeUser(db, { company, stores: [store] });
    const victimCookie = await sessionCookie(t.app, victim.credentials);
    expect((await call('GET', '', undefined, victimCookie)).statusCode).toBe(403);
    expect(
      (await call('POST', '', { username: 'x@y.se', name: 'X' }, victimCookie)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `${victim.id}/`, undefined, cookie)).statusCode).toBe(204);
    expect((await call('GET', `${victim.id}/`, undefined, cookie)).statusCode).toBe(404);
  });

  it("changes a user's login e-mail: the new one logs in, a taken one is a 400 naming the field", async () => {
    const db = t.database.database.db;
    const boss = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    const cookie = await sessionCookie(t.app, boss.credentials);
    const mover = await createTradeUser(db, { company, stores: [store] });
    const fresh = `flyttad-${mover.id}@test.example`;
    const moved = await call(
      'PATCH',
      `${mover.id}/`,
      { username: ` ${fresh.toUpperCase()} ` },
      cookie,
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().username).toBe(fresh);
    await sessionCookie(t.app, { username: fresh, password: mover.credentials.password });
    // Keeping one's own name (in another case) is no clash.
    expect(
      (await call('PATCH', `${mover.id}/`, { username: fresh.toUpperCase() }, cookie)).statusCode,
    ).toBe(200);
    // Another user's name, of this company or any other of the organisation, is taken.
    for (const other of [boss.username, stranger.username]) {
      const clash = await call('PATCH', `${mover.id}/`, { username: other }, cookie);
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toMatchObject({
        message: USERNAME_TAKEN_MESSAGE,
        fields: [{ path: 'username', message: USERNAME_TAKEN_MESSAGE }],
      });
    }
    expect(
      (await call('PATCH', `${mover.id}/`, { username: 'inte-epost' }, cookie)).statusCode,
    ).toBe(400);
    expect((await call('GET', `${mover.id}/`, undefined, cookie)).json().username).toBe(fresh);
  });
});
