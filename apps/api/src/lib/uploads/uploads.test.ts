import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@bygg/contracts/uploads';
import { multipartBody, pdfBytes, pngBytes } from '../../../test/uploads.ts';
import { registerErrorHandling } from '../../kernel/errors.ts';
import { contentDisposition, sanitiseFileName, uniqueNames } from './file-names.ts';
import { detectFileType } from './file-types.ts';
import { receiveFiles, registerMultipart } from './receive.ts';
import { sendStoredFile, sendZip } from './serve.ts';
import { LocalFileStorage, S3FileStorage, readAll, storageKey } from './storage.ts';
import { storeFiles, type StoredFile } from './store.ts';

const SMALL_LIMIT = 512 * 1024;

/** A small app that uses the library the way a context does: receive, store, serve. */
async function uploadApp(root: string): Promise<{ app: FastifyInstance; saved: StoredFile[] }> {
  const storage = new LocalFileStorage(root);
  const saved: StoredFile[] = [];
  const app = Fastify();
  registerErrorHandling(app);
  await app.register(async (scope) => {
    await registerMultipart(scope, { maxBytes: SMALL_LIMIT, maxFiles: 3 });
    scope.post<{ Params: { accept: 'image' | 'attachment' } }>(
      '/upload/:accept',
      async (request) => {
        const { files, fields } = await receiveFiles(request, {
          accept: request.params.accept,
          maxBytes: SMALL_LIMIT,
        });
        const stored = await storeFiles(storage, 'tests/1', files);
        saved.push(...stored);
        return { fields, stored };
      },
    );
    scope.get<{ Params: { index: string } }>('/file/:index', async (request, reply) => {
      const file = saved[Number(request.params.index)];
      if (!file) return reply.code(404).send();
      return sendStoredFile(
        reply,
        storage,
        {
          storageKey: file.storageKey,
          name: file.sanitisedName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
        },
        'inline',
      );
    });
    scope.get('/zip', async (_request, reply) =>
      sendZip(
        reply,
        storage,
        saved.map((file) => ({
          storageKey: file.storageKey,
          name: file.sanitisedName,
          mimeType: file.mimeType,
        })),
        'Dokument.zip',
      ),
    );
  });
  await app.ready();
  return { app, saved };
}

describe('upload library', () => {
  let root: string;
  let app: FastifyInstance;
  let saved: StoredFile[];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'bygg-uploads-test-'));
    ({ app, saved } = await uploadApp(root));
  });
  afterAll(async () => {
    await app.close();
    await rm(root, { recursive: true, force: true });
  });

  async function upload(
    accept: 'image' | 'attachment',
    parts: Parameters<typeof multipartBody>[0],
  ) {
    const body = await multipartBody(parts, { note: 'hej' });
    return app.inject({ method: 'POST', url: `/upload/${accept}`, ...body });
  }

  it('stores an image with a WebP thumbnail and reads its size from the bytes', async () => {
    const response = await upload('image', [
      { name: 'fasad.png', bytes: await pngBytes(800, 600), type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const { stored, fields } = response.json();
    expect(fields).toEqual({ note: 'hej' });
    expect(stored[0]).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      sanitisedName: 'fasad.png',
      width: 800,
      height: 600,
    });
    const thumbnail = await readAll(
      await new LocalFileStorage(root).read(stored[0].thumbnailKey as string),
    );
    const meta = await sharp(thumbnail).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480);
  });

  it('refuses a file whose name lies about its type (an HTML page named .pdf)', async () => {
    const response = await upload('attachment', [
      {
        name: 'ritning.pdf',
        bytes: Buffer.from('<html><script>alert(1)</script></html>\u0000'),
        type: 'application/pdf',
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `ritning.pdf: ${UPLOAD_MESSAGES.notAllowed}`,
      fields: [{ path: 'body.file', message: UPLOAD_MESSAGES.notAllowed }],
    });
  });

  it('keeps a PNG named .pdf as the PNG it is, with the name corrected', async () => {
    const response = await upload('attachment', [
      { name: 'ritning.pdf', bytes: await pngBytes(), type: 'application/pdf' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().stored[0]).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      originalName: 'ritning.pdf',
      sanitisedName: 'ritning.pdf.png',
    });
  });

  it('takes only images where images are asked for', async () => {
    const response = await upload('image', [{ name: 'a.pdf', bytes: await pdfBytes() }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`a.pdf: ${UPLOAD_MESSAGES.notImage}`);
  });

  it('answers 413 with the Swedish message for a file over the limit, and stores nothing', async () => {
    const before = saved.length;
    const response = await upload('attachment', [
      { name: 'ok.txt', bytes: Buffer.from('liten fil\n') },
      { name: 'stor.txt', bytes: Buffer.alloc(SMALL_LIMIT + 1, 0x61) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: UPLOAD_MESSAGES.tooLarge });
    expect(saved.length).toBe(before);
  });

  it('answers 413 for more files than allowed', async () => {
    const text = { name: 'a.txt', bytes: Buffer.from('a') };
    const response = await upload('attachment', [text, text, text, text]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.tooMany);
  });

  it('keeps only the last segment of a path-traversal name and stores inside its root', async () => {
    const response = await upload('attachment', [
      { name: '../../../etc/passwd.txt', bytes: Buffer.from('root:x:0:0\n') },
    ]);
    expect(response.statusCode).toBe(200);
    const file = response.json().stored[0];
    expect(file.sanitisedName).toBe('passwd.txt');
    expect(file.storageKey).toMatch(/^tests\/1\/[0-9a-f-]{36}\.txt$/);
    expect(await readdir(path.join(root, 'tests', '1'))).toContain(path.basename(file.storageKey));
  });

  it('answers 400 for an empty file, no file and a body that is not multipart', async () => {
    expect(
      (await upload('attachment', [{ name: 'tom.txt', bytes: new Uint8Array() }])).json(),
    ).toMatchObject({ statusCode: 400, message: `tom.txt: ${UPLOAD_MESSAGES.empty}` });
    const none = await app.inject({
      method: 'POST',
      url: '/upload/attachment',
      ...(await multipartBody([], { note: 'x' })),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MESSAGES.noFile);
    const json = await app.inject({ method: 'POST', url: '/upload/attachment', payload: {} });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
  });

  it('serves a document as an attachment and an image inline, with the type from the bytes', async () => {
    const response = await upload('attachment', [
      { name: 'Offert kök (v2).pdf', bytes: await pdfBytes(), type: 'text/html' },
    ]);
    expect(response.statusCode).toBe(200);
    const index = saved.findIndex((f) => f.storageKey === response.json().stored[0].storageKey);
    const pdf = await app.inject({ method: 'GET', url: `/file/${index}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Offert kok (v2).pdf"; filename*=UTF-8''Offert%20k%C3%B6k%20%28v2%29.pdf`,
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const image = await app.inject({ method: 'GET', url: '/file/0' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('sends every stored file as one zip with unique names', async () => {
    const response = await app.inject({ method: 'GET', url: '/zip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = response.rawPayload;
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    for (const name of uniqueNames(saved.map((f) => f.sanitisedName))) {
      expect(zip.includes(Buffer.from(name))).toBe(true);
    }
  });
});

describe('file names and types', () => {
  it('sanitises control characters, reserved names, bidi overrides and dots', () => {
    expect(sanitiseFileName('..\\..\\windows\\system.ini')).toBe('system.ini');
    expect(sanitiseFileName('fak\u0000tura\u202Efdp.exe')).toBe('fakturafdp.exe');
    expect(sanitiseFileName('a\r\nb<>:"|?*.txt')).toBe('a b_______.txt');
    expect(sanitiseFileName('CON.txt')).toBe('_CON.txt');
    expect(sanitiseFileName('...')).toBe('fil');
    expect(sanitiseFileName('.htaccess', 'txt')).toBe('htaccess.txt');
    expect(sanitiseFileName(`${'å'.repeat(300)}.pdf`)).toHaveLength(120);
    expect(sanitiseFileName('bild.JPEG', 'jpg')).toBe('bild.jpeg');
  });

  it('makes zip names unique without regard to case', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
    ]);
  });

  it('writes a header that no quote or newline breaks out of', () => {
    expect(contentDisposition('attachment', 'a"\r\nb.txt')).toBe(
      `attachment; filename="a___b.txt"; filename*=UTF-8''a%22%0D%0Ab.txt`,
    );
  });

  it('tells CSV and plain text from binary data, and a Word 97 file by its container', async () => {
    expect(await detectFileType(Buffer.from('artikel;antal\nSkruv;12\n'), 'lista.csv')).toEqual({
      mime: 'text/csv',
      ext: 'csv',
      kind: 'document',
    });
    expect(await detectFileType(Buffer.from('Hej på dig\n', 'latin1'), 'x.txt')).toMatchObject({
      mime: 'text/plain',
    });
    expect(await detectFileType(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]), 'x.txt')).toBeNull();
    const cfb = Buffer.alloc(1024);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(cfb);
    expect((await detectFileType(cfb, 'gammal.doc'))?.mime).toBe('application/msword');
    expect(await detectFileType(cfb, 'gammal.msi')).toBeNull();
  });

  it('makes storage keys that cannot leave their area', () => {
    expect(storageKey('projects/7', 'pdf')).toMatch(/^projects\/7\/[0-9a-f-]{36}\.pdf$/);
    expect(() => storageKey('../x', 'pdf')).toThrow();
    expect(storageKey('projects/7', '../x')).toMatch(/^projects\/7\/[0-9a-f-]{36}$/);
  });
});

describe('S3-compatible storage', () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const authorisations: string[] = [];

  beforeAll(async () => {
    // A minimal S3 stand-in: PUT, GET and DELETE of objects by path; it records the
    // Authorization header the adapter signs each request with.
    server = createServer((request, response) => {
      authorisations.push(String(request.headers.authorization ?? ''));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = request.url ?? '';
        if (request.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: request.headers['content-type'] });
          response.writeHead(200).end();
        } else if (request.method === 'GET') {
          const object = objects.get(key);
          if (!object) response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
          else response.writeHead(200, { 'content-type': object.type }).end(object.body);
        } else if (request.method === 'DELETE') {
          objects.delete(key);
          response.writeHead(204).end();
        } else response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('puts, reads and removes objects under {bucket}/{prefix}/{key}, signed with SigV4', async () => {
    const storage = new S3FileStorage({
      endpoint,
      bucket: 'bygg-filer',
      region: 'eu-north-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      prefix: 'demo',
    });
    const bytes = await pdfBytes('S3');
    await storage.put('projects/1/a.pdf', bytes, 'application/pdf');
    expect(objects.get('/bygg-filer/demo/projects/1/a.pdf')).toMatchObject({
      type: 'application/pdf',
    });
    expect(await readAll(await storage.read('projects/1/a.pdf'))).toEqual(bytes);
    await storage.remove('projects/1/a.pdf');
    await expect(storage.read('projects/1/a.pdf')).rejects.toMatchObject({ statusCode: 404 });
    expect(authorisations[0]).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-north-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
  });
});
