import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationPageSchema } from '@bygg/contracts/trade/events';
import {
  PROJECT_NOT_FOUND_MESSAGE,
  PROJECT_USERS_MESSAGE,
  ProjectFileListSchema,
  ProjectPageSchema,
  ProjectSchema,
} from '@bygg/contracts/trade/projects';
import { NO_RIGHT_MESSAGE } from '@bygg/contracts/trade/common';
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from '@bygg/contracts/uploads';
import {
  createInvoice,
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
import { multipartBody, pdfBytes, pngBytes, type UploadPart } from '../../../../test/uploads.ts';

describe('api/proffs/{eid}/project/', () => {
  let t: TestApp;
  let store: TestStore;
  let otherStore: TestStore;
  let company: { id: number; name: string };
  /** Cookies: the administrator, an ordinary user with the projects right (Olle), a second
   * such user (Pia), a user without it, one without the invoices right. */
  const cookies = { admin: '', olle: '', pia: '', noProjects: '', noInvoices: '' };
  const users = { admin: 0, olle: 0, pia: 0, noInvoices: 0, outsider: 0 };

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false });
    const db = t.database.database.db;
    store = await createStore(db);
    otherStore = await createStore(db);
    company = await createTradeCompany(db, { name: 'Projektbygg AB' });
    const stores = [store, otherStore];
    const admin = await createTradeUser(db, { role: 'admin', company, stores });
    const olle = await createTradeUser(db, { company, stores, rights: { invoices: false } });
    const pia = await createTradeUser(db, { company, stores });
    const noProjects = await createTradeUser(db, { company, stores, rights: { projects: false } });
    const noInvoices = await createTradeUser(db, { company, stores, rights: { invoices: false } });
    const outsider = await createTradeUser(db, { role: 'admin', stores: [store] });
    users.admin = admin.id;
    users.olle = olle.id;
    users.pia = pia.id;
    users.noInvoices = noInvoices.id;
    users.outsider = outsider.id;
    cookies.admin = await sessionCookie(t.app, admin.credentials);
    cookies.olle = await sessionCookie(t.app, olle.credentials);
    cookies.pia = await sessionCookie(t.app, pia.credentials);
    cookies.noProjects = await sessionCookie(t.app, noProjects.credentials);
    cookies.noInvoices = await sessionCookie(t.app, noInvoices.credentials);
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (path: string, at: TestStore = store) => `/api/proffs/${at.externalId}/${path}`;
  const get = (cookie: string, path: string, at?: TestStore) =>
    t.app.inject({ url: url(path, at), headers: { cookie } });
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
  const upload = async (cookie: string, path: string, parts: UploadPart[]) => {
    const body = await multipartBody(parts);
    return t.app.inject({
      method: 'POST',
      url: url(path),
      payload: body.payload,
      headers: { ...sessionHeaders(cookie), ...body.headers },
    });
  };

  async function create(cookie: string, body: object) {
    const response = await send(cookie, 'POST', 'project/', body);
    expect(response.statusCode).toBe(201);
    return ProjectSchema.parse(response.json());
  }

  describe('create, read, change', () => {
    it('creates a project with the next number; the creator has access', async () => {
      const project = await create(cookies.olle, {
        name: '  Köksrenovering Ek  ',
        description: 'Nytt kök, våning 2',
        end_customer: { name: 'Familjen Ek', reference: 'EK-12' },
        address: { street: 'Ekvägen 3', postcode: '123 45', city: 'Solna' },
      });
      expect(project).toMatchObject({
        number: 'P-1001',
        name: 'Köksrenovering Ek',
        status: 'active',
        end_customer: { name: 'Familjen Ek', reference: 'EK-12' },
        address: { street: 'Ekvägen 3', postcode: '12345', city: 'Solna' },
        store: { external_id: store.externalId },
        created_by: { id: users.olle },
        users: [{ id: users.olle }],
        image_count: 0,
        document_count: 0,
        can_assign_users: false,
        // Olle lacks the invoices right: no invoiced amount; nothing ordered or quoted yet.
        job_cost: {
          invoiced: null,
          ordered: { count: 0, net_ore: 0 },
          quoted: { count: 0, net_ore: 0 },
        },
      });
      const second = await create(cookies.admin, { name: 'Tak Villa Berg' });
      expect(second.number).toBe('P-1002');
      expect(second.can_assign_users).toBe(true);
    });

    it('answers 400 with the Swedish message for a missing name or a bad postcode', async () => {
      const noName = await send(cookies.olle, 'POST', 'project/', { name: '   ' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().fields).toEqual([
        { path: 'body.name', message: 'Ange projektets namn' },
      ]);
      const badPostcode = await send(cookies.olle, 'POST', 'project/', {
        name: 'X',
        address: { postcode: '1234' },
      });
      expect(badPostcode.statusCode).toBe(400);
      expect(badPostcode.json().fields).toEqual([
        { path: 'body.address.postcode', message: 'Postnumret ska vara fem siffror' },
      ]);
      const unknownStatus = await send(cookies.olle, 'POST', 'project/', {
        name: 'X',
        status: 'paused',
      });
      expect(unknownStatus.statusCode).toBe(400);
    });

    it('replaces the fields with PUT and changes some with PATCH', async () => {
      const project = await create(cookies.olle, { name: 'Altan', address: { city: 'Täby' } });
      const put = await send(cookies.olle, 'PUT', `project/${project.id}/`, {
        name: 'Altan och plank',
        end_customer: { name: 'Nils' },
      });
      expect(put.statusCode).toBe(200);
      expect(ProjectSchema.parse(put.json())).toMatchObject({
        name: 'Altan och plank',
        end_customer: { name: 'Nils', reference: '' },
        // PUT replaces: the city left out is empty now.
        address: { city: '' },
      });
      const patch = await send(cookies.olle, 'PATCH', `project/${project.id}/`, {
        status: 'finished',
        address: { city: 'Vallentuna' },
      });
      expect(patch.statusCode).toBe(200);
      expect(ProjectSchema.parse(patch.json())).toMatchObject({
        name: 'Altan och plank',
        status: 'finished',
        address: { city: 'Vallentuna' },
      });
      const empty = await send(cookies.olle, 'PATCH', `project/${project.id}/`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toContain('Ange minst ett fält att ändra');
    });

    it('answers 403 without the projects right, with the Swedish message', async () => {
      const response = await get(cookies.noProjects, 'project/');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(NO_RIGHT_MESSAGE);
    });
  });

  describe('access', () => {
    it('hides a project from users without access: not in the list, its count or search, and 404', async () => {
      const hidden = await create(cookies.olle, { name: 'Hemligt badrum' });
      const list = ProjectPageSchema.parse((await get(cookies.pia, 'project/')).json());
      expect(list.results.map((p) => p.id)).not.toContain(hidden.id);
      const search = ProjectPageSchema.parse(
        (await get(cookies.pia, 'project/?search=badrum')).json(),
      );
      expect(search.count).toBe(0);
      for (const path of [
        `project/${hidden.id}/`,
        `project/${hidden.id}/image/`,
        `project/${hidden.id}/attachments/`,
      ]) {
        const response = await get(cookies.pia, path);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(PROJECT_NOT_FOUND_MESSAGE);
      }
      const patch = await send(cookies.pia, 'PATCH', `project/${hidden.id}/`, { name: 'Mitt' });
      expect(patch.statusCode).toBe(404);
      // The administrator sees every project of the company.
      const admin = ProjectPageSchema.parse(
        (await get(cookies.admin, 'project/?search=badrum')).json(),
      );
      expect(admin.results.map((p) => p.id)).toEqual([hidden.id]);
    });

    it('lets an administrator assign access; the new user gets an event only they see', async () => {
      const project = await create(cookies.olle, { name: 'Fasadmålning' });
      const response = await send(cookies.admin, 'PUT', `project/${project.id}/users/`, {
        user_ids: [users.olle, users.pia],
      });
      expect(response.statusCode).toBe(200);
      expect(
        ProjectSchema.parse(response.json())
          .users.map((u) => u.id)
          .sort((a, b) => a - b),
      ).toEqual([users.olle, users.pia].sort((a, b) => a - b));
      expect((await get(cookies.pia, `project/${project.id}/`)).statusCode).toBe(200);
      const events = NotificationPageSchema.parse((await get(cookies.pia, 'notification/')).json());
      expect(events.results[0]).toMatchObject({
        type: 'project_access',
        title: 'Du har fått tillgång till ett projekt',
        text: `${project.number} Fasadmålning`,
        target: { kind: 'project', id: String(project.id) },
      });
      const others = NotificationPageSchema.parse(
        (await get(cookies.noInvoices, 'notification/')).json(),
      );
      expect(others.results.some((e) => e.type === 'project_access')).toBe(false);

      // Taking access away hides the project again.
      await send(cookies.admin, 'PUT', `project/${project.id}/users/`, { user_ids: [] });
      expect((await get(cookies.pia, `project/${project.id}/`)).statusCode).toBe(404);
    });

    it('refuses access for a user of another company (400) and to an ordinary user (403)', async () => {
      const project = await create(cookies.admin, { name: 'Garage' });
      const foreign = await send(cookies.admin, 'PUT', `project/${project.id}/users/`, {
        user_ids: [users.pia, users.outsider],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fields).toEqual([
        { path: 'body.user_ids.1', message: PROJECT_USERS_MESSAGE },
      ]);
      const ordinary = await send(cookies.olle, 'PUT', `project/${project.id}/users/`, {
        user_ids: [users.olle],
      });
      expect(ordinary.statusCode).toBe(403);
    });

    it("is per store: another store's project is 404 there and not listed", async () => {
      const project = await create(cookies.admin, { name: 'Butiksbunden' });
      expect((await get(cookies.admin, `project/${project.id}/`, otherStore)).statusCode).toBe(404);
      const list = ProjectPageSchema.parse(
        (await get(cookies.admin, 'project/', otherStore)).json(),
      );
      expect(list.count).toBe(0);
    });
  });

  describe('list', () => {
    it('searches number, name, end customer and city, filters by status, pages and orders', async () => {
      const db = t.database.database.db;
      const mine = await createTradeCompany(db);
      const admin = await createTradeUser(db, { role: 'admin', company: mine, stores: [store] });
      const cookie = await sessionCookie(t.app, admin.credentials);
      await createProject(db, { company: mine, store, name: 'Bastu', endCustomerName: 'Lind' });
      await createProject(db, { company: mine, store, name: 'Carport', city: 'Nacka' });
      await createProject(db, { company: mine, store, name: 'Altan', status: 'finished' });
      const names = async (query: string) =>
        ProjectPageSchema.parse((await get(cookie, `project/?${query}`)).json()).results.map(
          (p) => p.name,
        );
      expect(await names('ordering=name')).toEqual(['Altan', 'Bastu', 'Carport']);
      expect(await names('search=lind')).toEqual(['Bastu']);
      expect(await names('search=NACKA')).toEqual(['Carport']);
      expect(await names('status=finished')).toEqual(['Altan']);
      expect(await names('search=%25')).toEqual([]);
      const page = ProjectPageSchema.parse(
        (await get(cookie, 'project/?ordering=name&page_size=2&page=2')).json(),
      );
      expect(page).toMatchObject({ count: 3, next: null });
      expect(page.previous).toContain('page=1');
      expect(page.results.map((p) => p.name)).toEqual(['Carport']);
      expect((await get(cookie, 'project/?status=paused')).statusCode).toBe(400);
    });
  });

  describe('images and documents', () => {
    let projectId = 0;

    beforeAll(async () => {
      projectId = (await create(cookies.olle, { name: 'Badrum med bilder' })).id;
    });

    it('uploads an image, makes a thumbnail, lists it and serves it inline', async () => {
      const response = await upload(cookies.olle, `project/${projectId}/image/`, [
        { name: 'före.png', bytes: await pngBytes(960, 720), type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(201);
      const [image] = ProjectFileListSchema.parse(response.json()).results;
      expect(image).toMatchObject({ filename: 'före.png', isImage: true, width: 960, height: 720 });
      const list = ProjectFileListSchema.parse(
        (await get(cookies.olle, `project/${projectId}/image/`)).json(),
      );
      expect(list.results.map((f) => f.id)).toEqual([image?.id]);

      const file = await t.app.inject({ url: image?.url ?? '', headers: { cookie: cookies.olle } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^inline; /);
      const download = await t.app.inject({
        url: `${image?.url}?download=1`,
        headers: { cookie: cookies.olle },
      });
      expect(download.headers['content-disposition']).toMatch(/^attachment; /);
      const thumbnail = await t.app.inject({
        url: image?.thumbnail ?? '',
        headers: { cookie: cookies.olle },
      });
      expect(thumbnail.headers['content-type']).toBe('image/webp');
      expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480);

      const project = ProjectSchema.parse(
        (await get(cookies.olle, `project/${projectId}/`)).json(),
      );
      expect(project).toMatchObject({ image_count: 1, thumbnail: image?.thumbnail });
    });

    it('takes only images as images', async () => {
      const response = await upload(cookies.olle, `project/${projectId}/image/`, [
        { name: 'bild.jpg', bytes: await pdfBytes(), type: 'image/jpeg' },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`bild.jpg: ${UPLOAD_MESSAGES.notImage}`);
    });

    it('uploads documents (PDF, CSV) and serves them as attachments with the detected type', async () => {
      const response = await upload(cookies.olle, `project/${projectId}/attachments/`, [
        { name: 'Ritning kök.pdf', bytes: await pdfBytes(), type: 'application/pdf' },
        { name: 'material.csv', bytes: Buffer.from('artikel;antal\nRegel 45x95;40\n') },
      ]);
      expect(response.statusCode).toBe(201);
      const files = ProjectFileListSchema.parse(response.json()).results;
      expect(files.map((f) => [f.filename, f.mime_type, f.isImage]).sort()).toEqual([
        ['Ritning kök.pdf', 'application/pdf', false],
        ['material.csv', 'text/csv', false],
      ]);
      const pdf = files.find((f) => f.mime_type === 'application/pdf');
      const served = await t.app.inject({ url: pdf?.url ?? '', headers: { cookie: cookies.olle } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe(
        `attachment; filename="Ritning kok.pdf"; filename*=UTF-8''Ritning%20k%C3%B6k.pdf`,
      );
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('refuses a file whose name lies about its type, a too large file, and strips a traversal name', async () => {
      const lying = await upload(cookies.olle, `project/${projectId}/attachments/`, [
        { name: 'faktura.pdf', bytes: Buffer.from('MZ\u0090\u0000\u0003\u0000\u0000\u0000') },
      ]);
      expect(lying.statusCode).toBe(400);
      expect(lying.json().message).toBe(`faktura.pdf: ${UPLOAD_MESSAGES.notAllowed}`);

      const large = await upload(cookies.olle, `project/${projectId}/attachments/`, [
        { name: 'stor.txt', bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x61) },
      ]);
      expect(large.statusCode).toBe(413);
      expect(large.json().message).toBe(UPLOAD_MESSAGES.tooLarge);

      const traversal = await upload(cookies.olle, `project/${projectId}/attachments/`, [
        { name: '../../../../etc/cron.d/jobb.txt', bytes: Buffer.from('hej\n') },
      ]);
      expect(traversal.statusCode).toBe(201);
      expect(ProjectFileListSchema.parse(traversal.json()).results[0]?.filename).toBe('jobb.txt');

      const documents = ProjectFileListSchema.parse(
        (await get(cookies.olle, `project/${projectId}/attachments/`)).json(),
      );
      expect(documents.results.map((f) => f.filename).sort()).toEqual([
        'Ritning kök.pdf',
        'jobb.txt',
        'material.csv',
      ]);
    });

    it('sends every document as one zip; 404 for a project without documents', async () => {
      const zip = await send(cookies.olle, 'POST', `project/${projectId}/attachments/download/`);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.headers['content-disposition']).toMatch(
        /^attachment; filename="P-\d+ dokument.zip"/,
      );
      for (const name of ['Ritning kök.pdf', 'material.csv', 'jobb.txt']) {
        expect(zip.rawPayload.includes(Buffer.from(name))).toBe(true);
      }
      const documents = ProjectFileListSchema.parse(
        (await get(cookies.olle, `project/${projectId}/attachments/`)).json(),
      ).results;
      const csv = documents.find((f) => f.filename === 'material.csv');
      const chosen = await send(
        cookies.olle,
        'POST',
        `project/${projectId}/attachments/download/`,
        {
          ids: [csv?.id],
        },
      );
      expect(chosen.statusCode).toBe(200);
      expect(chosen.rawPayload.includes(Buffer.from('material.csv'))).toBe(true);
      expect(chosen.rawPayload.includes(Buffer.from('jobb.txt'))).toBe(false);
      const unknown = await send(
        cookies.olle,
        'POST',
        `project/${projectId}/attachments/download/`,
        {
          ids: [csv?.id, 999_999],
        },
      );
      expect(unknown.statusCode).toBe(404);
      const empty = await create(cookies.olle, { name: 'Tomt' });
      const none = await send(
        cookies.olle,
        'POST',
        `project/${empty.id}/attachments/download/`,
        {},
      );
      expect(none.statusCode).toBe(404);
    });

    it('serves files only to users with access', async () => {
      const files = ProjectFileListSchema.parse(
        (await get(cookies.olle, `project/${projectId}/attachments/`)).json(),
      );
      const file = files.results[0];
      const pia = await t.app.inject({ url: file?.url ?? '', headers: { cookie: cookies.pia } });
      expect(pia.statusCode).toBe(404);
      const zip = await send(cookies.pia, 'POST', `project/${projectId}/attachments/download/`, {});
      expect(zip.statusCode).toBe(404);
      const uploadByPia = await upload(cookies.pia, `project/${projectId}/attachments/`, [
        { name: 'a.txt', bytes: Buffer.from('a') },
      ]);
      expect(uploadByPia.statusCode).toBe(404);
    });

    it('removes a file for its uploader or an administrator only', async () => {
      await send(cookies.admin, 'PUT', `project/${projectId}/users/`, {
        user_ids: [users.olle, users.pia],
      });
      const files = ProjectFileListSchema.parse(
        (await get(cookies.olle, `project/${projectId}/attachments/`)).json(),
      ).results;
      const target = files.find((f) => f.filename === 'jobb.txt');
      const byPia = await send(cookies.pia, 'DELETE', `project/${projectId}/file/${target?.id}/`);
      expect(byPia.statusCode).toBe(403);
      const byOlle = await send(cookies.olle, 'DELETE', `project/${projectId}/file/${target?.id}/`);
      expect(byOlle.statusCode).toBe(204);
      const gone = await t.app.inject({
        url: target?.url ?? '',
        headers: { cookie: cookies.olle },
      });
      expect(gone.statusCode).toBe(404);
    });
  });

  describe('job cost', () => {
    it('sums what was invoiced on the project (not credited) for users with the invoices right', async () => {
      const db = t.database.database.db;
      const project = await create(cookies.admin, { name: 'Kostnadsprojekt' });
      await createInvoice(db, {
        company,
        store,
        issuedOn: '2026-05-01',
        amounts: [12_500],
        projectId: project.id,
      });
      await createInvoice(db, {
        company,
        store,
        issuedOn: '2026-05-02',
        amounts: [25_000],
        projectId: project.id,
      });
      await createInvoice(db, {
        company,
        store,
        issuedOn: '2026-05-03',
        amounts: [99_999],
        projectId: project.id,
        status: 'credited',
      });
      const admin = ProjectSchema.parse(
        (await get(cookies.admin, `project/${project.id}/`)).json(),
      );
      expect(admin.job_cost.invoiced).toEqual({ count: 2, net_ore: 30_000, total_ore: 37_500 });
      await send(cookies.admin, 'PUT', `project/${project.id}/users/`, {
        user_ids: [users.noInvoices],
      });
      const without = ProjectSchema.parse(
        (await get(cookies.noInvoices, `project/${project.id}/`)).json(),
      );
      expect(without.job_cost.invoiced).toBeNull();
    });
  });
});
