import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversationPageSchema } from '@bygg/contracts/trade/conversations';
import {
  createProject,
  createStaffUser,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';

/**
 * Unread state per participant (issue 20, ADR 042): one colleague reading a thread does not
 * mark it read for another. A message in a project's thread reaches, as an event, the
 * company's users with access to the project (not the writer), never those without.
 */
describe('conversations per participant', () => {
  let t: TestApp;
  let home: TestStore;
  let projectId = 0;
  let storeThread = 0;
  const cookies = { anna: '', karin: '', bo: '', lisa: '', staff: '' };

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, now: new Date('2026-06-01T10:00:00Z') });
    const db = t.database.database.db;
    home = await createStore(db);
    const company = await createTradeCompany(db);
    const anna = await createTradeUser(db, { role: 'admin', company, stores: [home] });
    const karin = await createTradeUser(db, { role: 'admin', company, stores: [home] });
    const bo = await createTradeUser(db, { company, stores: [home] });
    const lisa = await createTradeUser(db, { company, stores: [home] });
    projectId = (await createProject(db, { company, store: home, createdBy: anna, users: [lisa] }))
      .id;
    cookies.anna = await sessionCookie(t.app, anna.credentials);
    cookies.karin = await sessionCookie(t.app, karin.credentials);
    cookies.bo = await sessionCookie(t.app, bo.credentials);
    cookies.lisa = await sessionCookie(t.app, lisa.credentials);
    cookies.staff = await sessionCookie(
      t.app,
      (await createStaffUser(db, { stores: [home] })).credentials,
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST', cookie: string, path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/proffs/${home.externalId}/${path}`,
      headers: sessionHeaders(cookie),
      ...(payload ? { payload } : {}),
    });

  async function unread(cookie: string, prefix = '') {
    const response = await call('GET', cookie, `${prefix}conversation/`);
    expect(response.statusCode).toBe(200);
    return ConversationPageSchema.parse(response.json());
  }

  async function eventsOf(cookie: string) {
    const response = await call('GET', cookie, 'notification/');
    expect(response.statusCode).toBe(200);
    return response.json().results as Array<{ type: string; target: { id: string } | null }>;
  }

  it('keeps the unread state of each person: a colleague reading does not read for you', async () => {
    const started = await call('POST', cookies.anna, 'conversation/', {
      text: 'Har ni 45x95?',
      store_id: home.externalId,
    });
    expect(started.statusCode).toBe(201);
    storeThread = started.json().conversation_id as number;
    expect(
      (
        await call('POST', cookies.staff, 'staff/conversation/', {
          conversation_id: storeThread,
          text: 'Ja, 200 st.',
        })
      ).statusCode,
    ).toBe(201);
    const annaBefore = await unread(cookies.anna);
    expect(annaBefore.results.find((r) => r.id === storeThread)?.is_unread).toBe(true);
    // Anna reads the thread.
    expect((await call('GET', cookies.anna, `conversation/${storeThread}/`)).statusCode).toBe(200);
    expect((await unread(cookies.anna)).results.find((r) => r.id === storeThread)?.is_unread).toBe(
      false,
    );
    // Karin has not read it: still unread for her.
    expect((await unread(cookies.karin)).results.find((r) => r.id === storeThread)?.is_unread).toBe(
      true,
    );
    // Writing marks the thread read for the writer.
    await call('POST', cookies.karin, 'conversation/', {
      conversation_id: storeThread,
      text: 'Tack, vi hämtar i morgon.',
    });
    expect((await unread(cookies.karin)).results.find((r) => r.id === storeThread)?.is_unread).toBe(
      false,
    );
  });

  it("tells the project's users of a new message in its thread, never those without access", async () => {
    const sent = await call('POST', cookies.anna, 'conversation/', {
      text: 'Ritningen är uppdaterad.',
      store_id: home.externalId,
      project_id: projectId,
    });
    expect(sent.statusCode).toBe(201);
    const thread = String(sent.json().conversation_id);
    const hits = async (cookie: string) =>
      (await eventsOf(cookie)).filter(
        (e) => e.type === 'message_received' && e.target?.id === thread,
      ).length;
    // Karin (administrator) and Lisa (given access) are told; Bo (no access) is not; nor Anna,
    // who wrote it.
    expect(await hits(cookies.karin)).toBe(1);
    expect(await hits(cookies.lisa)).toBe(1);
    expect(await hits(cookies.bo)).toBe(0);
    expect(await hits(cookies.anna)).toBe(0);
    // The store's answer in the project's thread: the same audience, Anna included now.
    await call('POST', cookies.staff, 'staff/conversation/', {
      conversation_id: Number(thread),
      text: 'Vi räknar om.',
    });
    expect(await hits(cookies.anna)).toBe(1);
    expect(await hits(cookies.lisa)).toBe(2);
    expect(await hits(cookies.bo)).toBe(0);
  });
});
