import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from '@bygg/db/orm';
import * as schema from '@bygg/db/schema/index';
import { NO_RIGHT_MESSAGE } from '@bygg/contracts/trade/common';
import {
  ConversationPageSchema,
  ConversationSchema,
  SentMessageSchema,
} from '@bygg/contracts/trade/conversations';
import {
  END_CUSTOMER_NOT_FOUND_MESSAGE,
  EndCustomerDetailSchema,
  EndCustomerFileListSchema,
  EndCustomerPageSchema,
  EndCustomerProjectViewSchema,
  INVITE_NO_EMAIL_MESSAGE,
  INVITE_NO_END_CUSTOMER_MESSAGE,
  PERSONAL_NUMBER_COMPANY_MESSAGE,
  PERSONAL_NUMBER_MESSAGE,
  PROJECT_TOKEN_MESSAGE,
  ProjectInviteReplySchema,
} from '@bygg/contracts/trade/end-customers';
import {
  PROJECT_END_CUSTOMER_MESSAGE,
  ProjectFileListSchema,
  ProjectSchema,
} from '@bygg/contracts/trade/projects';
import type { MailMessage } from '../../../lib/mail.ts';
import {
  createProject,
  createStore,
  createTradeCompany,
  createTradeUser,
  type TestStore,
} from '../../../../test/factories.ts';
import {
  createEndCustomer,
  setProjectEndCustomer,
} from '../../../../test/end-customer-factories.ts';
import {
  buildTestApp,
  sessionCookie,
  sessionHeaders,
  type TestApp,
} from '../../../../test/helper.ts';
import { multipartBody, pdfBytes, pngBytes } from '../../../../test/uploads.ts';

const PERSONAL_NUMBER = '19811218-9876';

describe('end customers and their project view', () => {
  let t: TestApp;
  let store: TestStore;
  let company: { id: number; name: string };
  let rivalCompany: { id: number; name: string };
  const mails: MailMessage[] = [];
  const cookies = { admin: '', noProjects: '', rival: '' };
  /** A project of the company with an end customer, and another project of it. */
  let project = { id: 0, number: '', name: '' };
  let otherProject = { id: 0, number: '', name: '' };
  let rivalCustomerId = 0;

  beforeAll(async () => {
    t = await buildTestApp({
      seeded: false,
      now: new Date('2026-06-01T10:00:00Z'),
      mailer: {
        async send(message) {
          mails.push(message);
        },
      },
    });
    const db = t.database.database.db;
    store = await createStore(db);
    company = await createTradeCompany(db, { name: 'Snickar Nilsson AB' });
    rivalCompany = await createTradeCompany(db, { name: 'Rivalbygg AB' });
    const admin = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    const noProjects = await createTradeUser(db, {
      company,
      stores: [store],
      rights: { projects: false },
    });
    const rival = await createTradeUser(db, {
      role: 'admin',
      company: rivalCompany,
      stores: [store],
    });
    cookies.admin = await sessionCookie(t.app, admin.credentials);
    cookies.noProjects = await sessionCookie(t.app, noProjects.credentials);
    cookies.rival = await sessionCookie(t.app, rival.credentials);
    project = await createProject(db, { company, store, createdBy: admin, name: 'Altan Ek' });
    otherProject = await createProject(db, { company, store, createdBy: admin, name: 'Tak' });
    rivalCustomerId = (await createEndCustomer(db, { company: rivalCompany, store })).id;
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (path: string) => `/api/proffs/${store.externalId}/${path}`;
  const get = (cookie: string, path: string) =>
    t.app.inject({ url: url(path), headers: { cookie } });
  const send = (
    cookie: string,
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: url(path),
      headers: sessionHeaders(cookie),
      ...(payload ? { payload } : {}),
    });
  const asCustomer = (
    token: string | null,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/proffs/end-customer/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload } : {}),
    });

  /** The token of the last invitation mail to this address. */
  function tokenMailedTo(email: string): string {
    const mail = mails.filter((m) => m.to === email).at(-1);
    const match = /projekt\/(\d+)\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match?.[2]) throw new Error(`no invitation mailed to ${email}`);
    return match[2];
  }

  describe('the register', () => {
    let customerId = 0;

    it('creates a private customer; the personal identity number is sealed and shown masked', async () => {
      const response = await send(cookies.admin, 'POST', 'end-customer/', {
        name: '  Eva Ek ',
        email: 'Eva.Ek@Example.se',
        phone: '070-123 45 67',
        address: { street: 'Ekvägen 3', postcode: '123 45', city: 'Solna' },
        personal_number: PERSONAL_NUMBER,
        consent_contact: true,
      });
      expect(response.statusCode).toBe(201);
      const customer = EndCustomerDetailSchema.parse(response.json());
      customerId = customer.id;
      expect(customer).toMatchObject({
        kind: 'private',
        name: 'Eva Ek',
        email: 'eva.ek@example.se',
        address: { postcode: '12345' },
        personal_number_masked: '19811218-****',
        consent_contact: true,
        consent_at: '2026-06-01T10:00:00.000Z',
        projects: [],
      });
      expect(response.body).not.toContain('9876');
      const [row] = await t.database.database.db
        .select({ sealed: schema.endCustomers.personalNumberSealed })
        .from(schema.endCustomers)
        .where(eq(schema.endCustomers.id, customerId));
      expect(row?.sealed).toBeTruthy();
      expect(row?.sealed).not.toContain('198112');
    });

    it('refuses a wrong personal identity number, a company with one, no name, a bad e-mail (400)', async () => {
      const cases: [object, string][] = [
        [{ name: 'A', personal_number: '19811218-9875' }, PERSONAL_NUMBER_MESSAGE],
        [{ name: 'A', personal_number: '811218-9876' }, PERSONAL_NUMBER_MESSAGE],
        [
          { name: 'AB', kind: 'company', personal_number: PERSONAL_NUMBER },
          PERSONAL_NUMBER_COMPANY_MESSAGE,
        ],
        [{ name: '   ' }, 'Ange kundens namn'],
        [{ name: 'A', email: 'inte-en-adress' }, 'Ange en giltig e-postadress'],
      ];
      for (const [body, message] of cases) {
        const response = await send(cookies.admin, 'POST', 'end-customer/', body);
        expect(response.statusCode).toBe(400);
        expect(JSON.stringify(response.json())).toContain(message);
      }
    });

    it('lists by name with search and pages (the paginated helper’s next)', async () => {
      await send(cookies.admin, 'POST', 'end-customer/', {
        kind: 'company',
        name: 'Bostadsrättsföreningen Ängen',
        org_number: '769600-1234',
      });
      const page = EndCustomerPageSchema.parse(
        (await get(cookies.admin, 'end-customer/?page_size=1')).json(),
      );
      expect(page.count).toBe(2);
      expect(page.results.map((c) => c.name)).toEqual(['Bostadsrättsföreningen Ängen']);
      expect(page.next).toContain('page=2');
      const found = EndCustomerPageSchema.parse(
        (await get(cookies.admin, 'end-customer/?search=eva.ek')).json(),
      );
      expect(found.results.map((c) => c.id)).toEqual([customerId]);
      // The rival's customer is never listed.
      const rival = EndCustomerPageSchema.parse((await get(cookies.rival, 'end-customer/')).json());
      expect(rival.results.map((c) => c.id)).toEqual([rivalCustomerId]);
      expect((await get(cookies.admin, 'end-customer/?page=0')).statusCode).toBe(400);
    });

    it('changes fields; consent withdrawn clears its time; an empty number removes it', async () => {
      const response = await send(cookies.admin, 'PATCH', `end-customer/${customerId}/`, {
        phone: '08-123',
        consent_contact: false,
        personal_number: '',
      });
      expect(response.statusCode).toBe(200);
      expect(EndCustomerDetailSchema.parse(response.json())).toMatchObject({
        phone: '08-123',
        consent_contact: false,
        consent_at: null,
        personal_number_masked: null,
        name: 'Eva Ek',
      });
      expect(
        (await send(cookies.admin, 'PATCH', `end-customer/${customerId}/`, {})).statusCode,
      ).toBe(400);
      const back = await send(cookies.admin, 'PATCH', `end-customer/${customerId}/`, {
        personal_number: PERSONAL_NUMBER,
      });
      expect(back.json().personal_number_masked).toBe('19811218-****');
    });

    it("answers 404 for another company's customer, 403 without the projects right", async () => {
      const theirs = await get(cookies.admin, `end-customer/${rivalCustomerId}/`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().message).toBe(END_CUSTOMER_NOT_FOUND_MESSAGE);
      const patch = await send(cookies.admin, 'PATCH', `end-customer/${rivalCustomerId}/`, {
        name: 'Kapad',
      });
      expect(patch.statusCode).toBe(404);
      const denied = await get(cookies.noProjects, 'end-customer/');
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(NO_RIGHT_MESSAGE);
    });

    it('connects a project to a customer of the register (not to another company’s)', async () => {
      const response = await send(cookies.admin, 'PATCH', `project/${project.id}/`, {
        end_customer: { id: customerId },
      });
      expect(response.statusCode).toBe(200);
      expect(ProjectSchema.parse(response.json()).end_customer).toMatchObject({
        id: customerId,
        name: 'Eva Ek',
      });
      const theirs = await send(cookies.admin, 'PATCH', `project/${otherProject.id}/`, {
        end_customer: { id: rivalCustomerId },
      });
      expect(theirs.statusCode).toBe(400);
      expect(theirs.json().message).toBe(PROJECT_END_CUSTOMER_MESSAGE);
      const detail = EndCustomerDetailSchema.parse(
        (await get(cookies.admin, `end-customer/${customerId}/`)).json(),
      );
      expect(detail.projects.map((p) => p.id)).toEqual([project.id]);
      expect(detail.project_count).toBe(1);
    });
  });

  describe('the invitation and the project token', () => {
    let token = '';
    let imageId = 0;
    let documentId = 0;

    beforeAll(async () => {
      // An image and a document of the project, uploaded by the trade user.
      for (const [path, part] of [
        ['image', { name: 'altan.png', bytes: await pngBytes() }],
        ['attachments', { name: 'ritning.pdf', bytes: await pdfBytes() }],
      ] as const) {
        const body = await multipartBody([{ field: 'file', ...part }]);
        const response = await t.app.inject({
          method: 'POST',
          url: url(`project/${project.id}/${path}/`),
          payload: body.payload,
          headers: { ...sessionHeaders(cookies.admin), ...body.headers },
        });
        expect(response.statusCode).toBe(201);
        const id = ProjectFileListSchema.parse(response.json()).results[0]?.id ?? 0;
        if (path === 'image') imageId = id;
        else documentId = id;
      }
    });

    it('refuses to invite without an end customer, or one without e-mail (400)', async () => {
      const none = await send(cookies.admin, 'POST', `project/${otherProject.id}/invite/`);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(INVITE_NO_END_CUSTOMER_MESSAGE);
      const db = t.database.database.db;
      const mute = await createEndCustomer(db, { company, store, email: '' });
      await setProjectEndCustomer(db, otherProject, mute);
      const noMail = await send(cookies.admin, 'POST', `project/${otherProject.id}/invite/`);
      expect(noMail.statusCode).toBe(400);
      expect(noMail.json().message).toBe(INVITE_NO_EMAIL_MESSAGE);
    });

    it("answers 404 for another company's project", async () => {
      const response = await send(cookies.rival, 'POST', `project/${project.id}/invite/`);
      expect(response.statusCode).toBe(404);
    });

    it('mails the end customer the link with an unguessable token, stored hashed', async () => {
      const response = await send(cookies.admin, 'POST', `project/${project.id}/invite/`);
      expect(response.statusCode).toBe(201);
      const reply = ProjectInviteReplySchema.parse(response.json());
      expect(reply).toMatchObject({ email: 'eva.ek@example.se', end_customer: { name: 'Eva Ek' } });
      expect(reply.expires_at).toBe('2026-08-30T10:00:00.000Z');
      expect(response.body).not.toContain('token');
      token = tokenMailedTo('eva.ek@example.se');
      expect(token).toHaveLength(43);
      const mail = mails.at(-1);
      expect(mail?.text).toContain(`/kund/${store.slug}/dashboard/projekt/${project.id}?token=`);
      expect(mail?.subject).toContain('Snickar Nilsson AB');
      const rows = await t.database.database.db
        .select({ hash: schema.endCustomerProjectTokens.tokenHash })
        .from(schema.endCustomerProjectTokens);
      expect(rows.map((r) => r.hash)).not.toContain(token);
    });

    it('answers 401 without a token or with a wrong one, on every end-customer call', async () => {
      const paths: ['GET' | 'PUT' | 'POST', string][] = [
        ['GET', `project/${project.id}/`],
        ['GET', `project/${project.id}/images/`],
        ['GET', `project/${project.id}/attachments/`],
        ['GET', `project/${project.id}/file/${documentId}/`],
        ['GET', `project/${project.id}/file/${imageId}/thumbnail/`],
        ['PUT', `project/${project.id}/accept_terms/`],
        ['GET', 'conversation/'],
        ['POST', 'conversation/'],
        ['GET', 'conversation/1/'],
        ['GET', 'conversation/1/attachment/1/'],
        ['GET', 'conversation/1/attachment/1/thumbnail/'],
      ];
      for (const [method, path] of paths) {
        // Missing, made up, and the real one with its last character changed.
        const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
        for (const bad of [null, 'x'.repeat(43), tampered]) {
          const response = await asCustomer(bad, method, path);
          expect(response.statusCode, `${method} ${path}`).toBe(401);
          expect(response.json().message).toBe(PROJECT_TOKEN_MESSAGE);
        }
      }
      // A trade session is no token either.
      const session = await t.app.inject({
        url: `/api/proffs/end-customer/project/${project.id}/`,
        headers: { cookie: cookies.admin },
      });
      expect(session.statusCode).toBe(401);
    });

    it('shows the project, its logo and files — nothing of prices or other projects', async () => {
      const db = t.database.database.db;
      await db
        .update(schema.tradeCompanies)
        .set({ logoUrl: 'https://cdn.example/logo.png' })
        .where(eq(schema.tradeCompanies.id, company.id));
      const response = await asCustomer(token, 'GET', `project/${project.id}/`);
      expect(response.statusCode).toBe(200);
      const view = EndCustomerProjectViewSchema.parse(response.json());
      expect(view).toMatchObject({
        id: project.id,
        name: 'Altan Ek',
        end_customer: {
          name: 'Eva Ek',
          customer: { name: 'Snickar Nilsson AB', logo: { url: 'https://cdn.example/logo.png' } },
        },
        store: { slug: store.slug },
        terms_accepted_at: null,
      });
      expect(response.body).not.toMatch(/job_cost|net_ore|invoiced|users/);
      const images = EndCustomerFileListSchema.parse(
        (await asCustomer(token, 'GET', `project/${project.id}/images/`)).json(),
      );
      expect(images.results.map((f) => f.id)).toEqual([imageId]);
      expect(images.results[0]?.url).toBe(
        `/api/proffs/end-customer/project/${project.id}/file/${imageId}/`,
      );
      const docs = EndCustomerFileListSchema.parse(
        (await asCustomer(token, 'GET', `project/${project.id}/attachments/?search=RITN`)).json(),
      );
      expect(docs.results.map((f) => f.filename)).toEqual(['ritning.pdf']);
      const none = EndCustomerFileListSchema.parse(
        (
          await asCustomer(token, 'GET', `project/${project.id}/attachments/?search=faktura`)
        ).json(),
      );
      expect(none.count).toBe(0);
      const pdf = await asCustomer(token, 'GET', `project/${project.id}/file/${documentId}/`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain('attachment');
      const thumb = await asCustomer(
        token,
        'GET',
        `project/${project.id}/file/${imageId}/thumbnail/`,
      );
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      // A document has no thumbnail; an id that is no file of the project is 404.
      expect(
        (await asCustomer(token, 'GET', `project/${project.id}/file/${documentId}/thumbnail/`))
          .statusCode,
      ).toBe(404);
      expect(
        (await asCustomer(token, 'GET', `project/${project.id}/file/999999/`)).statusCode,
      ).toBe(404);
    });

    it('answers 404 for another project with this token, 400 for a bad id', async () => {
      for (const path of [
        `project/${otherProject.id}/`,
        `project/${otherProject.id}/images/`,
        `project/${otherProject.id}/attachments/`,
        `project/${otherProject.id}/file/${documentId}/`,
      ]) {
        expect((await asCustomer(token, 'GET', path)).statusCode, path).toBe(404);
      }
      expect(
        (await asCustomer(token, 'PUT', `project/${otherProject.id}/accept_terms/`)).statusCode,
      ).toBe(404);
      expect((await asCustomer(token, 'GET', 'project/abc/')).statusCode).toBe(400);
    });

    it('records the acceptance of the terms once, with its time', async () => {
      const first = await asCustomer(token, 'PUT', `project/${project.id}/accept_terms/`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ terms_accepted_at: '2026-06-01T10:00:00.000Z' });
      const again = await asCustomer(token, 'PUT', `project/${project.id}/accept_terms/`);
      expect(again.json()).toEqual(first.json());
      const view = (await asCustomer(token, 'GET', `project/${project.id}/`)).json();
      expect(view.terms_accepted_at).toBe('2026-06-01T10:00:00.000Z');
      const detail = EndCustomerDetailSchema.parse(
        (await get(cookies.admin, `end-customer/${view.end_customer.id}/`)).json(),
      );
      expect(detail.projects[0]).toMatchObject({
        invited: true,
        terms_accepted_at: '2026-06-01T10:00:00.000Z',
      });
    });

    describe('the conversation between the trade customer and the end customer', () => {
      let conversationId = 0;

      it('lets the end customer write; the trade user sees it, with an event', async () => {
        const empty = ConversationPageSchema.parse(
          (await asCustomer(token, 'GET', 'conversation/')).json(),
        );
        expect(empty.count).toBe(0);
        const nothing = await asCustomer(token, 'POST', 'conversation/', { text: '  ' });
        expect(nothing.statusCode).toBe(400);
        const response = await asCustomer(token, 'POST', 'conversation/', {
          text: 'När kommer ni?',
        });
        expect(response.statusCode).toBe(201);
        const sent = SentMessageSchema.parse(response.json());
        conversationId = sent.conversation_id;
        expect(sent.message).toMatchObject({
          side: 'end_customer',
          sender_name: 'Eva Ek',
          is_own: true,
          project_id: project.id,
        });
        const threads = ConversationPageSchema.parse(
          (await get(cookies.admin, `conversation/?project_id=${project.id}`)).json(),
        );
        expect(threads.results).toHaveLength(1);
        expect(threads.results[0]).toMatchObject({
          id: conversationId,
          name: 'Eva Ek',
          end_customer: { name: 'Eva Ek' },
          is_unread: true,
          last_message: { text: 'När kommer ni?', sent_from_proffs: false },
        });
        const events = (await get(cookies.admin, 'notification/')).json();
        expect(JSON.stringify(events)).toContain('Nytt meddelande från kund');
        // The rival company sees nothing of it.
        const rival = ConversationPageSchema.parse(
          (await get(cookies.rival, 'conversation/')).json(),
        );
        expect(rival.results.map((r) => r.id)).not.toContain(conversationId);
      });

      it('lets the trade user answer (a reply, or a new message naming the end customer)', async () => {
        const reply = await send(cookies.admin, 'POST', 'conversation/', {
          conversation_id: conversationId,
          text: 'På måndag.',
        });
        expect(reply.statusCode).toBe(201);
        const customerId = (await asCustomer(token, 'GET', `project/${project.id}/`)).json()
          .end_customer.id as number;
        const again = await send(cookies.admin, 'POST', 'conversation/', {
          project_id: project.id,
          end_customer_id: customerId,
          text: 'Klockan sju.',
        });
        expect(again.statusCode).toBe(201);
        expect(again.json().conversation_id).toBe(conversationId);
        const noProject = await send(cookies.admin, 'POST', 'conversation/', {
          end_customer_id: customerId,
          text: 'Hej',
        });
        expect(noProject.statusCode).toBe(400);
        const wrongProject = await send(cookies.admin, 'POST', 'conversation/', {
          project_id: otherProject.id,
          end_customer_id: customerId,
          text: 'Hej',
        });
        expect(wrongProject.statusCode).toBe(404);
        const thread = ConversationSchema.parse(
          (await asCustomer(token, 'GET', `conversation/${conversationId}/?size=2`)).json(),
        );
        expect(thread.name).toBe('Snickar Nilsson AB');
        expect(thread.messages.map((m) => m.text)).toEqual(['På måndag.', 'Klockan sju.']);
        expect(thread.has_older).toBe(true);
        const older = ConversationSchema.parse(
          (
            await asCustomer(
              token,
              'GET',
              `conversation/${conversationId}/?size=2&before=${thread.messages[0]?.id}`,
            )
          ).json(),
        );
        expect(older.messages.map((m) => m.text)).toEqual(['När kommer ni?']);
      });

      it("keeps the end customer out of store threads and other projects' threads (404)", async () => {
        const storeThread = await send(cookies.admin, 'POST', 'conversation/', {
          text: 'Till butiken',
        });
        const storeId = storeThread.json().conversation_id as number;
        expect((await asCustomer(token, 'GET', `conversation/${storeId}/`)).statusCode).toBe(404);
        const reply = await asCustomer(token, 'POST', 'conversation/', {
          conversation_id: storeId,
          text: 'Smyger in',
        });
        expect(reply.statusCode).toBe(404);
        const otherProjectMessage = await asCustomer(token, 'POST', 'conversation/', {
          project_id: otherProject.id,
          text: 'Fel projekt',
        });
        expect(otherProjectMessage.statusCode).toBe(404);
        const list = ConversationPageSchema.parse(
          (await asCustomer(token, 'GET', 'conversation/')).json(),
        );
        expect(list.results.map((r) => r.id)).toEqual([conversationId]);
      });

      it('e-mails the end customer a notice of an unread answer, with the project link', async () => {
        await t.database.database.db
          .update(schema.tradeConversationSides)
          .set({ notifyAfter: new Date('2026-06-01T09:00:00Z') })
          .where(eq(schema.tradeConversationSides.conversationId, conversationId));
        const before = mails.length;
        await t.app.messageNotices.sweep();
        const notice = mails.slice(before).find((m) => m.to === 'eva.ek@example.se');
        expect(notice?.subject).toBe('Nytt meddelande från Snickar Nilsson AB');
        expect(notice?.text).toContain(`/kund/${store.slug}/dashboard/projekt/${project.id}`);
      });
    });

    it('stops the old link on a new invitation, on revocation and at expiry', async () => {
      const old = token;
      expect((await send(cookies.admin, 'POST', `project/${project.id}/invite/`)).statusCode).toBe(
        201,
      );
      const fresh = tokenMailedTo('eva.ek@example.se');
      expect(fresh).not.toBe(old);
      expect((await asCustomer(old, 'GET', `project/${project.id}/`)).statusCode).toBe(401);
      expect((await asCustomer(fresh, 'GET', `project/${project.id}/`)).statusCode).toBe(200);
      const db = t.database.database.db;
      await db
        .update(schema.endCustomerProjectTokens)
        .set({ expiresAt: new Date('2026-06-01T09:59:59Z') })
        .where(eq(schema.endCustomerProjectTokens.projectId, project.id));
      expect((await asCustomer(fresh, 'GET', `project/${project.id}/`)).statusCode).toBe(401);
      await send(cookies.admin, 'POST', `project/${project.id}/invite/`);
      const third = tokenMailedTo('eva.ek@example.se');
      expect((await asCustomer(third, 'GET', `project/${project.id}/`)).statusCode).toBe(200);
      const revoked = await send(cookies.admin, 'DELETE', `project/${project.id}/invite/`);
      expect(revoked.json()).toEqual({ revoked: 1 });
      expect((await asCustomer(third, 'GET', `project/${project.id}/`)).statusCode).toBe(401);
    });

    it('stops the link when the project gets another end customer', async () => {
      await send(cookies.admin, 'POST', `project/${project.id}/invite/`);
      const current = tokenMailedTo('eva.ek@example.se');
      const db = t.database.database.db;
      const next = await createEndCustomer(db, { company, store });
      await setProjectEndCustomer(db, project, next);
      expect((await asCustomer(current, 'GET', `project/${project.id}/`)).statusCode).toBe(401);
    });
  });
});
