import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@bygg/db/client';
import { sql } from '@bygg/db/orm';
import {
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
import { createQuoteProject } from '../../../../test/quote-factories.ts';
import { multipartBody } from '../../../../test/uploads.ts';
import { LocalFileStorage, readAll } from '../../../lib/uploads/storage.ts';

/** A 60×40 JPEG taken "with the phone on its side" (EXIF orientation 6) and a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 40, channels: 3, background: '#a0522d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Telefon', Model: 'Modell X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '59/1 19/1 4567/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 4/1 1234/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * Uploads keep no metadata (EXIF GPS), and the job runner removes orphan files and expired
 * export files (ADR 041).
 */
describe('upload privacy and storage clean-up (issue 18 gaps)', () => {
  let t: TestApp;
  let store: TestStore;
  let admin: string;
  let project: { id: number };
  let storage: LocalFileStorage;

  beforeAll(async () => {
    t = await buildTestApp({ seeded: false, mailer: { async send() {} } });
    const db = t.database.database.db;
    store = await createStore(db);
    const company = await createTradeCompany(db);
    const user = await createTradeUser(db, { role: 'admin', company, stores: [store] });
    admin = await sessionCookie(t.app, user.credentials);
    project = await createQuoteProject(db, { company, store });
    storage = new LocalFileStorage(path.join(t.dataDir, 'uploads'));
  });

  afterAll(async () => {
    await t?.close();
  });

  const url = (p: string) => `/api/proffs/${store.externalId}/${p}`;
  const exists = async (key: string) =>
    storage.read(key).then(
      async (stream) => (await readAll(stream)).length > 0,
      () => false,
    );

  async function uploadPhoto(): Promise<{ key: string; thumbnailKey: string | null }> {
    const body = await multipartBody([
      { name: 'altan.jpg', bytes: await phonePhoto(), type: 'image/jpeg' },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: url(`project/${project.id}/image/`),
      headers: { ...sessionHeaders(admin), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await queryRows<{ key: string; thumbnailKey: string | null }>(
      t.database.database.db,
      sql`select storage_key as key, thumbnail_key as "thumbnailKey" from trade_project_files
        where project_id = ${project.id} order by id desc limit 1`,
    );
    if (!row) throw new Error('no file row');
    return row;
  }

  it('stores an uploaded photo without EXIF (no GPS position), turned upright', async () => {
    const original = await sharp(await phonePhoto()).metadata();
    expect(original.exif).toBeDefined();
    expect(original.orientation).toBe(6);
    const { key } = await uploadPhoto();
    const stored = await readAll(await storage.read(key));
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('Modell X'))).toBe(false);
    // Orientation 6 applied to the pixels: 60×40 is stored as 40×60.
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 40, height: 60 });
    expect(meta.format).toBe('jpeg');
  });

  it("removes a deleted project's files, and an upload that never got its row", async () => {
    const db = t.database.database.db;
    const { key, thumbnailKey } = await uploadPhoto();
    expect(await exists(key)).toBe(true);
    // A committed upload's intent goes without touching the file.
    await db.execute(sql`update storage_removals set remove_after = now() - interval '1 second'`);
    await t.app.jobs.runTask('storage-removals');
    expect(await exists(key)).toBe(true);
    expect(await queryRows(db, sql`select 1 from storage_removals`)).toHaveLength(0);

    // An interrupted upload: the bytes were put, no row was written.
    const orphan = 'projects/0/00000000-0000-4000-8000-000000000000.jpg';
    await t.app.storageRemovals.intend([orphan]);
    await storage.put(orphan, Buffer.from('x'));
    expect(await t.app.jobs.runTask('storage-removals')).toBe(0);
    expect(await exists(orphan)).toBe(true);
    await db.execute(sql`update storage_removals set remove_after = now() - interval '1 second'`);

    // The project is deleted (its file rows go by cascade): its files and the orphan go.
    const [files] = await queryRows<{ n: number }>(
      db,
      sql`select count(storage_key)::int + count(thumbnail_key)::int as n
        from trade_project_files where project_id = ${project.id}`,
    );
    await db.execute(sql`delete from trade_projects where id = ${project.id}`);
    const removed = await t.app.jobs.runTask('storage-removals');
    expect(removed).toBe(Number(files?.n) + 1);
    expect(await exists(key)).toBe(false);
    if (thumbnailKey) expect(await exists(thumbnailKey)).toBe(false);
    expect(await exists(orphan)).toBe(false);
  });

  it('deletes expired export files from storage and marks their rows', async () => {
    const db = t.database.database.db;
    const started = await t.app.inject({
      method: 'POST',
      url: url('order/export/'),
      headers: sessionHeaders(admin),
      payload: {},
    });
    expect(started.statusCode).toBe(202);
    expect(await t.app.tradeExports.runPending()).toBe(1);
    const [job] = await queryRows<{ key: string; content: string | null }>(
      db,
      sql`select storage_key as key, content from trade_export_jobs where id = ${started.json().job_id}`,
    );
    expect(job?.content).toBeNull();
    expect(await exists(job?.key ?? '')).toBe(true);
    expect(await t.app.jobs.runTask('order-export-purge')).toBe(0);
    await db.execute(sql`update trade_export_jobs set expires_at = now() - interval '1 minute'`);
    expect(await t.app.jobs.runTask('order-export-purge')).toBe(1);
    expect(await exists(job?.key ?? '')).toBe(false);
    const [row] = await queryRows<{ purged: Date | null }>(
      db,
      sql`select purged_at as purged from trade_export_jobs where id = ${started.json().job_id}`,
    );
    expect(row?.purged).not.toBeNull();
    expect(await t.app.jobs.runTask('order-export-purge')).toBe(0);
  });
});
