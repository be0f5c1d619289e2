import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectFileListSchema, ProjectPageSchema } from '@bygg/contracts/trade/projects';
import { buildTestApp, sessionCookie, type TestApp } from '../../../../test/helper.ts';
import { createFileStorage } from '../../../lib/uploads/storage.ts';
import { addDemoProjectFiles } from './demo-files.ts';

describe('the demo projects', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp();
    cookie = await sessionCookie(t.app, {
      username: 'olle.lindqvist@lindqvistbygg.example',
      password: 'Anvandare2026!',
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('get a generated picture and drawing once, served like uploads', async () => {
    const storage = createFileStorage({ dataDir: t.dataDir, uploads: { s3: null } });
    const db = t.database.database.db;
    expect(await addDemoProjectFiles(db, storage)).toBeGreaterThan(0);
    expect(await addDemoProjectFiles(db, storage)).toBe(0);

    const stockholm = (await t.app.inject({ url: '/api/proffs/user/me/', headers: { cookie } }))
      .json()
      .stores.find((s: { slug: string }) => s.slug === 'stockholm');
    const base = `/api/proffs/${stockholm.external_id}/project/`;
    const list = ProjectPageSchema.parse(
      (await t.app.inject({ url: `${base}?search=Villa%20Ek`, headers: { cookie } })).json(),
    );
    const project = list.results[0];
    expect(project).toMatchObject({ number: 'P-1001', image_count: 1, document_count: 1 });

    const images = ProjectFileListSchema.parse(
      (await t.app.inject({ url: `${base}${project?.id}/image/`, headers: { cookie } })).json(),
    );
    expect(images.results[0]).toMatchObject({ filename: 'Fasad.jpg', width: 1200, height: 800 });
    const picture = await t.app.inject({ url: images.results[0]?.url ?? '', headers: { cookie } });
    expect(picture.headers['content-type']).toBe('image/jpeg');

    const documents = ProjectFileListSchema.parse(
      (
        await t.app.inject({ url: `${base}${project?.id}/attachments/`, headers: { cookie } })
      ).json(),
    );
    const drawing = await t.app.inject({
      url: documents.results[0]?.url ?? '',
      headers: { cookie },
    });
    expect(drawing.headers['content-type']).toBe('application/pdf');
    expect(drawing.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
