import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
  CONVERSATION_DEFAULT_SIZE,
  ConversationPageSchema,
  ConversationSchema,
  MESSAGE_EMPTY_MESSAGE,
  SentMessageSchema,
} from '@bygg/contracts/trade/conversations';
import type { MailMessage } from '../../../lib/mail.ts';
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
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '@bygg/contracts/uploads';

/** A multipart body as a browser sends it, for inject(). */
async function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; bytes: Uint8Array; type?: string }> = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append(
      'attachments',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const request = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('conversations between a trade customer and the store', () => {
  let t: TestApp;
  let home: TestStore;
  let ownProject = 0;
  let theirProject = 0;
  let other: TestStore;
  let mails: MailMessage[] = [];
  let now = new Date('2026-06-01T10:00:00Z');
  const cookies = { anna: '', olle: '', rival: '', staff: '', otherStaff: '' };

  beforeAll(async () => {
    t = await buildTestApp({
      seeded: false,
      now,
      mailer: {
        async send(message) {
          mails.push(message);
        },
      },
    });
    const db = t.database.database.db;
    home = await createStore(db);
    other = await createStore(db);
    const company = await createTradeCompany(db);
    const anna = await createTradeUser(db, { role: 'admin', company, stores: [home, other] });
    const olle = await createTradeUser(db, {
      company,
      stores: [home],
      rights: { projects: false, offers: false, orders: false, invoices: false },
    });
    const rival = await createTradeUser(db, { role: 'admin', stores: [home] });
    ownProject = (await createProject(db, { company, store: home, createdBy: anna })).id;
    theirProject = (await createProject(db, { company: { id: rival.companyId ?? 0 }, store: home }))
      .id;
    const staff = await createStaffUser(db, { stores: [home] });
    const otherStaff = await createStaffUser(db, { stores: [other] });
    cookies.anna = await sessionCookie(t.app, anna.credentials);
    cookies.olle = await sessionCookie(t.app, olle.credentials);
    cookies.rival = await sessionCookie(t.app, rival.credentials);
    cookies.staff = await sessionCookie(t.app, staff.credentials);
    cookies.otherStaff = await sessionCookie(t.app, otherStaff.credentials);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function send(
    cookie: string,
    store: TestStore,
    fields: Record<string, string>,
    files: Array<{ name: string; bytes: Uint8Array }> = [],
    staffSide = false,
  ) {
    const body = await multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url: `/api/proffs/${store.externalId}/${staffSide ? 'staff/' : ''}conversation/`,
      headers: { ...sessionHeaders(cookie), ...body.headers },
      payload: body.payload,
    });
  }

  function get(cookie: string, url: string) {
    return t.app.inject({ method: 'GET', url, headers: sessionHeaders(cookie) });
  }

  let threadId = 0;

  it('starts a thread with the store: 201 with conversation_id, a PDF attached', async () => {
    const response = await send(
      cookies.anna,
      home,
      { store_id: home.externalId, text: 'Hej! Har ni 45x95 hemma?' },
      [{ name: 'ritning.pdf', bytes: PDF }],
    );
    expect(response.statusCode).toBe(201);
    const sent = SentMessageSchema.parse(response.json());
    threadId = sent.conversation_id;
    expect(sent.message.text).toBe('Hej! Har ni 45x95 hemma?');
    expect(sent.message.sent_from_proffs).toBe(true);
    expect(sent.message.attachments).toHaveLength(1);
    const [file] = sent.message.attachments;
    expect(file?.filename).toBe('ritning.pdf');
    expect(file?.image_attachment).toBeNull();
    expect(file?.file_attachment).toBe(
      `/api/proffs/${home.externalId}/conversation/${threadId}/attachment/${file?.id}/`,
    );
    // The file, to a participant: a download of the same bytes.
    const download = await get(cookies.anna, file?.file_attachment ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(
      /^attachment; filename="ritning.pdf"/,
    );
    expect(download.rawPayload.equals(Buffer.from(PDF))).toBe(true);
  });

  it('joins the same thread for the next message to the store; replies name conversation_id', async () => {
    const again = await send(cookies.olle, home, { text: 'En sak till' });
    expect(again.statusCode).toBe(201);
    expect(again.json().conversation_id).toBe(threadId);
    const reply = await send(cookies.anna, home, {
      conversation_id: String(threadId),
      text: 'Och en tredje',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().conversation_id).toBe(threadId);
  });

  it("keeps a project's thread apart, and refuses another company's project (404)", async () => {
    const own = await send(cookies.anna, home, {
      project_id: String(ownProject),
      text: 'Om projektet',
    });
    expect(own.statusCode).toBe(201);
    expect(own.json().conversation_id).not.toBe(threadId);
    expect(own.json().message.project_id).toBe(ownProject);
    const filtered = ConversationPageSchema.parse(
      (
        await get(
          cookies.anna,
          `/api/proffs/${home.externalId}/conversation/?project_id=${ownProject}`,
        )
      ).json(),
    );
    expect(filtered.results.map((r) => r.project_id)).toEqual([ownProject]);
    const theirs = await send(cookies.anna, home, {
      project_id: String(theirProject),
      text: 'Gissat',
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('lists the threads (page_size 200) with the last message; the customer has read their own', async () => {
    const response = await get(cookies.anna, `/api/proffs/${home.externalId}/conversation/`);
    expect(response.statusCode).toBe(200);
    const page = ConversationPageSchema.parse(response.json());
    expect(page.count).toBe(2);
    const storeThread = page.results.find((r) => r.id === threadId);
    expect(storeThread?.last_message?.text).toBe('Och en tredje');
    expect(storeThread?.is_unread).toBe(false);
    expect(storeThread?.name).toBe(home.name);
    expect(storeThread?.store_customer_login?.name).toMatch(/^Test /);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('answers 400 naming the problem for an empty message and for a bad query', async () => {
    const empty = await send(cookies.anna, home, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGE_EMPTY_MESSAGE);
    const bad = await get(
      cookies.anna,
      `/api/proffs/${home.externalId}/conversation/${threadId}/?size=0`,
    );
    expect(bad.statusCode).toBe(400);
    const pageSize = await get(
      cookies.anna,
      `/api/proffs/${home.externalId}/conversation/?page_size=201`,
    );
    expect(pageSize.statusCode).toBe(400);
    const wrongStore = await send(cookies.anna, home, { store_id: other.externalId, text: 'x' });
    expect(wrongStore.statusCode).toBe(400);
  });

  it('refuses a file whose bytes are not an allowed type, whatever its name says', async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    const response = await send(cookies.anna, home, { text: 'Se bifogat' }, [
      { name: 'offert.pdf', bytes: exe },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`offert.pdf: ${UPLOAD_MESSAGES.notAllowed}`);
  });

  it('refuses a file over the size limit with 413, and more than ten files', async () => {
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1).fill(0x61);
    const response = await send(cookies.anna, home, { text: 'Stor' }, [
      { name: 'stor.txt', bytes: big },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    const many = Array.from({ length: 11 }, (_, i) => ({
      name: `rad-${i}.txt`,
      bytes: new TextEncoder().encode(`rad ${i}\n`),
    }));
    const tooMany = await send(cookies.anna, home, { text: 'Många' }, many);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(UPLOAD_MESSAGES.tooMany);
  });

  it('keeps the name of a file safe: no folders, no control characters', async () => {
    const response = await send(cookies.anna, home, { conversation_id: String(threadId) }, [
      { name: '../../etc/passwd\u0007.txt', bytes: new TextEncoder().encode('rad 1\nrad 2\n') },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().message.attachments[0].filename).toBe('passwd.txt');
    expect(response.json().message.text).toBe('');
  });

  it("hides another company's thread (404) and the staff of another store (404)", async () => {
    const rival = await get(
      cookies.rival,
      `/api/proffs/${home.externalId}/conversation/${threadId}/`,
    );
    expect(rival.statusCode).toBe(404);
    const rivalList = ConversationPageSchema.parse(
      (await get(cookies.rival, `/api/proffs/${home.externalId}/conversation/`)).json(),
    );
    expect(rivalList.count).toBe(0);
    const rivalReply = await send(cookies.rival, home, {
      conversation_id: String(threadId),
      text: 'Gissat',
    });
    expect(rivalReply.statusCode).toBe(404);
    // Anna's thread with the home store is not hers in the other store either.
    const elsewhere = await get(
      cookies.anna,
      `/api/proffs/${other.externalId}/conversation/${threadId}/`,
    );
    expect(elsewhere.statusCode).toBe(404);
    const otherStaff = await get(
      cookies.otherStaff,
      `/api/proffs/${other.externalId}/staff/conversation/${threadId}/`,
    );
    expect(otherStaff.statusCode).toBe(404);
    const otherStaffHome = await get(
      cookies.otherStaff,
      `/api/proffs/${home.externalId}/staff/conversation/${threadId}/`,
    );
    expect(otherStaffHome.statusCode).toBe(403);
    // A customer cannot use the staff's side, nor staff the customer's.
    expect(
      (await get(cookies.anna, `/api/proffs/${home.externalId}/staff/conversation/`)).statusCode,
    ).toBe(403);
    expect(
      (await get(cookies.staff, `/api/proffs/${home.externalId}/conversation/`)).statusCode,
    ).toBe(403);
  });

  it('shows the thread unread in the store inbox; the staff read it, answer with an image and mark it handled', async () => {
    const inbox = ConversationPageSchema.parse(
      (await get(cookies.staff, `/api/proffs/${home.externalId}/staff/conversation/`)).json(),
    );
    expect(inbox.unread_count).toBe(2);
    const inStore = inbox.results.find((r) => r.id === threadId);
    expect(inStore?.is_unread).toBe(true);
    expect(inStore?.name).toMatch(/^Testbygg/i);

    const read = await get(
      cookies.staff,
      `/api/proffs/${home.externalId}/staff/conversation/${threadId}/`,
    );
    expect(read.statusCode).toBe(200);
    const thread = ConversationSchema.parse(read.json());
    expect(thread.messages.map((m) => m.text).slice(0, 3)).toEqual([
      'Hej! Har ni 45x95 hemma?',
      'En sak till',
      'Och en tredje',
    ]);
    expect(thread.messages.every((m) => !m.is_own)).toBe(true);

    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#c85a1e' },
    })
      .png()
      .toBuffer();
    const answer = await send(
      cookies.staff,
      home,
      { conversation_id: String(threadId), text: 'Ja, 200 st i lager.' },
      [{ name: 'hylla.png', bytes: png }],
      true,
    );
    expect(answer.statusCode).toBe(201);
    const sent = SentMessageSchema.parse(answer.json());
    expect(sent.message.sent_from_proffs).toBe(false);
    const image = sent.message.attachments[0]?.image_attachment;
    expect(image?.thumbnails[0]?.url).toMatch(
      /\/staff\/conversation\/\d+\/attachment\/\d+\/thumbnail\/$/,
    );
    const thumb = await get(cookies.staff, image?.thumbnails[0]?.url ?? '');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);

    const handled = await t.app.inject({
      method: 'PUT',
      url: `/api/proffs/${home.externalId}/staff/conversation/${threadId}/handled/`,
      headers: sessionHeaders(cookies.staff),
      payload: { handled: true },
    });
    expect(handled.statusCode).toBe(204);
    const open = ConversationPageSchema.parse(
      (
        await get(cookies.staff, `/api/proffs/${home.externalId}/staff/conversation/?status=open`)
      ).json(),
    );
    expect(open.results.map((r) => r.id)).not.toContain(threadId);
    expect(open.count).toBe(1);
    const otherHandled = await t.app.inject({
      method: 'PUT',
      url: `/api/proffs/${other.externalId}/staff/conversation/${threadId}/handled/`,
      headers: sessionHeaders(cookies.otherStaff),
      payload: { handled: true },
    });
    expect(otherHandled.statusCode).toBe(404);
  });

  it("gives the customer the store's answer unread, its image through the customer's path, and an event", async () => {
    const page = ConversationPageSchema.parse(
      (await get(cookies.anna, `/api/proffs/${home.externalId}/conversation/`)).json(),
    );
    const mine = page.results.find((r) => r.id === threadId);
    expect(mine?.is_unread).toBe(true);
    expect(mine?.handled).toBe(true);
    const thread = ConversationSchema.parse(
      (await get(cookies.anna, `/api/proffs/${home.externalId}/conversation/${threadId}/`)).json(),
    );
    const last = thread.messages.at(-1);
    expect(last?.text).toBe('Ja, 200 st i lager.');
    const url = last?.attachments[0]?.image_attachment?.url ?? '';
    expect(url).toBe(
      `/api/proffs/${home.externalId}/conversation/${threadId}/attachment/${last?.attachments[0]?.id}/`,
    );
    expect((await get(cookies.anna, url)).statusCode).toBe(200);
    expect((await get(cookies.rival, url)).statusCode).toBe(404);
    const after = ConversationPageSchema.parse(
      (await get(cookies.anna, `/api/proffs/${home.externalId}/conversation/`)).json(),
    );
    expect(after.results.find((r) => r.id === threadId)?.is_unread).toBe(false);
    const events = (await get(cookies.anna, `/api/proffs/${home.externalId}/notification/`)).json();
    expect(events.results[0]).toMatchObject({
      type: 'message_received',
      target: { kind: 'conversation', id: String(threadId) },
    });
  });

  it('pages older messages with size and before', async () => {
    for (let i = 1; i <= 16; i++) {
      expect(
        (await send(cookies.anna, home, { conversation_id: String(threadId), text: `Rad ${i}` }))
          .statusCode,
      ).toBe(201);
    }
    const first = ConversationSchema.parse(
      (await get(cookies.anna, `/api/proffs/${home.externalId}/conversation/${threadId}/`)).json(),
    );
    expect(first.messages).toHaveLength(CONVERSATION_DEFAULT_SIZE);
    expect(first.messages.at(-1)?.text).toBe('Rad 16');
    expect(first.has_older).toBe(true);
    const before = first.messages[0]?.id;
    const older = ConversationSchema.parse(
      (
        await get(
          cookies.anna,
          `/api/proffs/${home.externalId}/conversation/${threadId}/?size=100&before=${before}`,
        )
      ).json(),
    );
    expect(older.has_older).toBe(false);
    expect(older.messages.at(-1)?.id).toBeLessThan(before ?? 0);
    expect(older.messages[0]?.text).toBe('Hej! Har ni 45x95 hemma?');
  });

  it('sends one e-mail notice per thread for messages not read within five minutes', async () => {
    mails = [];
    // The customer's 16 messages above are unread by the store: nothing is due yet.
    expect(await t.app.messageNotices.sweep()).toBe(0);
    now = new Date(now.getTime() + 6 * 60_000);
    // The clock the app was built with is fixed; move the due time back instead.
    await queryRows(
      t.database.database.db,
      sql`update trade_conversation_sides set notify_after = notify_after - interval '6 minutes'
        where conversation_id = ${threadId}`,
    );
    const sent = await t.app.messageNotices.sweep();
    expect(sent).toBe(1);
    expect(mails[0]?.subject).toMatch(/^Nytt meddelande från /);
    expect(mails[0]?.text).toContain(`/meddelanden?konversation=${threadId}`);
    // Claimed once: a second sweep sends nothing.
    expect(await t.app.messageNotices.sweep()).toBe(0);
  });
});
