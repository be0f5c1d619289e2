import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  ConversationPageSchema,
  ConversationSchema,
  PROJECT_NOT_FOUND_MESSAGE,
  SentMessageSchema,
} from '@bygg/contracts/trade/conversations';
import {
  createProject,
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
import { multipartBody } from '../../../../test/uploads.ts';

/**
 * A project's thread follows the project's access (the projects module's `visibleTo`): an
 * ordinary user without access to the project finds neither the thread nor the project (404,
 * not listed); with access, or as an administrator, it is there.
 */
describe("a project's conversation respects project access", () => {
  let t: TestApp;
  let home: TestStore;
  let projectId = 0;
  let bo = { id: 0 };
  let threadId = 0;
  const cookies = { anna: '', bo: '', karin: '' };

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, now: new Date('2026-06-01T10:00:00Z') });
    const db = t.database.database.db;
    home = await createStore(db);
    const company = await createTradeCompany(db);
    const anna = await createTradeUser(db, { role: 'admin', company, stores: [home] });
    const karin = await createTradeUser(db, { role: 'admin', company, stores: [home] });
    const boUser = await createTradeUser(db, { company, stores: [home] });
    bo = { id: boUser.id };
    // Only Anna, who created it, has access to the project.
    projectId = (await createProject(db, { company, store: home, createdBy: anna })).id;
    cookies.anna = await sessionCookie(t.app, anna.credentials);
    cookies.karin = await sessionCookie(t.app, karin.credentials);
    cookies.bo = await sessionCookie(t.app, boUser.credentials);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function send(cookie: string, fields: Record<string, string>) {
    const body = await multipartBody([], fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/proffs/${home.externalId}/conversation/`,
      headers: { ...sessionHeaders(cookie), ...body.headers },
      payload: body.payload,
    });
  }

  function get(cookie: string, path: string) {
    return t.app.inject({
      method: 'GET',
      url: `/api/proffs/${home.externalId}/${path}`,
      headers: sessionHeaders(cookie),
    });
  }

  async function list(cookie: string, query = '') {
    const response = await get(cookie, `conversation/${query}`);
    expect(response.statusCode).toBe(200);
    return ConversationPageSchema.parse(response.json());
  }

  it('refuses a new message about the project from a user without access (404)', async () => {
    const refused = await send(cookies.bo, { project_id: String(projectId), text: 'Får jag?' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PROJECT_NOT_FOUND_MESSAGE);
    // The same rule as the project itself.
    expect((await get(cookies.bo, `project/${projectId}/`)).statusCode).toBe(404);

    const sent = await send(cookies.anna, { project_id: String(projectId), text: 'Om bygget' });
    expect(sent.statusCode).toBe(201);
    threadId = SentMessageSchema.parse(sent.json()).conversation_id;
  });

  it('hides the thread from that user: GET 404, reply 404, not listed', async () => {
    const thread = await get(cookies.bo, `conversation/${threadId}/`);
    expect(thread.statusCode).toBe(404);
    expect(thread.json().message).toBe(CONVERSATION_NOT_FOUND_MESSAGE);
    const reply = await send(cookies.bo, { conversation_id: String(threadId), text: 'Hej' });
    expect(reply.statusCode).toBe(404);
    const byProject = await list(cookies.bo, `?project_id=${projectId}`);
    expect(byProject.count).toBe(0);
    expect(byProject.results).toEqual([]);
    const all = await list(cookies.bo);
    expect(all.results.map((r) => r.id)).not.toContain(threadId);
    expect(all.unread_count).toBe(0);
  });

  it("shows it to an administrator without explicit access (all the company's projects)", async () => {
    const thread = await get(cookies.karin, `conversation/${threadId}/`);
    expect(thread.statusCode).toBe(200);
    expect(ConversationSchema.parse(thread.json()).project_id).toBe(projectId);
    const byProject = await list(cookies.karin, `?project_id=${projectId}`);
    expect(byProject.results.map((r) => r.id)).toEqual([threadId]);
  });

  it('shows it to the user once given access: GET, list and a message in the same thread', async () => {
    await queryRows(
      t.database.database.db,
      sql`insert into trade_project_users (project_id, user_id) values (${projectId}, ${bo.id})`,
    );
    const thread = await get(cookies.bo, `conversation/${threadId}/`);
    expect(thread.statusCode).toBe(200);
    expect(ConversationSchema.parse(thread.json()).messages.map((m) => m.text)).toEqual([
      'Om bygget',
    ]);
    const byProject = await list(cookies.bo, `?project_id=${projectId}`);
    expect(byProject.results.map((r) => r.id)).toEqual([threadId]);
    const sent = await send(cookies.bo, { project_id: String(projectId), text: 'Nu får jag' });
    expect(sent.statusCode).toBe(201);
    expect(SentMessageSchema.parse(sent.json()).conversation_id).toBe(threadId);
  });
});
