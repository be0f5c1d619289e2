import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createPageCache, createPageHandler, registerWebAssets } from '../host.ts';
import { COMPRESSION_THRESHOLD_BYTES, registerCompression } from './compression.ts';

const BR = { 'accept-encoding': 'gzip, deflate, br' };
const GZIP = { 'accept-encoding': 'gzip' };

/** A product listing's worth of JSON: Swedish text repeats, so it compresses well. */
const listing = {
  results: Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    name: `Konstruktionsvirke C24 45x${95 + i} mm, tryckimpregnerat`,
    price: { amount: 129 + i, currency: 'SEK', unit: 'löpmeter' },
    stock: { label: 'Finns i lager', quantity_on_hand: 100 + i },
  })),
};

function decode(encoding: string | undefined, raw: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

function varyOf(headers: Record<string, unknown>): string[] {
  return String(headers.vary ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase());
}

async function apiApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await registerCompression(app);
  app.get('/api/lista', async () => listing);
  app.get('/api/kort', async () => ({ ok: true }));
  app.post('/api/eko', async (request) => request.body);
  app.get('/api/bild', async (_request, reply) =>
    reply.type('image/png').send(Buffer.alloc(4096, 7)),
  );
  app.get('/api/redan', async (_request, reply) =>
    reply
      .type('application/json')
      .header('content-encoding', 'gzip')
      .send(gzipSync(JSON.stringify(listing))),
  );
  await app.ready();
  return app;
}

describe('compressed API replies', () => {
  it('sends brotli or gzip as asked, decoding to the same body, with Vary', async () => {
    const app = await apiApp();
    const plain = await app.inject({ url: '/api/lista' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(listing);
    for (const [headers, encoding] of [
      [BR, 'br'],
      [GZIP, 'gzip'],
    ] as const) {
      const reply = await app.inject({ url: '/api/lista', headers });
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(varyOf(reply.headers)).toContain('accept-encoding');
      expect(reply.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(encoding, reply.rawPayload)).toBe(plain.body);
    }
    await app.close();
  });

  it('compresses nothing for a client without Accept-Encoding or with identity, and says Vary', async () => {
    const app = await apiApp();
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const reply = await app.inject({ url: '/api/lista', headers });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.json()).toEqual(listing);
      expect(varyOf(reply.headers)).toContain('accept-encoding');
    }
    await app.close();
  });

  it('leaves small replies, images and already-compressed replies as they are', async () => {
    const app = await apiApp();
    const small = await app.inject({ url: '/api/kort', headers: BR });
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });

    const image = await app.inject({ url: '/api/bild', headers: BR });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(Buffer.alloc(4096, 7))).toBe(true);
    expect(varyOf(image.headers)).not.toContain('accept-encoding');

    const already = await app.inject({ url: '/api/redan', headers: BR });
    expect(already.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(already.rawPayload).toString('utf8'))).toEqual(listing);
    await app.close();
  });
});

describe('request bodies', () => {
  it('are read as sent: neither inflated nor refused for their Content-Encoding', async () => {
    const app = await apiApp();
    const plain = await app.inject({ method: 'POST', url: '/api/eko', payload: { antal: 3 } });
    expect(plain.json()).toEqual({ antal: 3 });
    const gzipped = await app.inject({
      method: 'POST',
      url: '/api/eko',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ antal: 3 })),
    });
    // The gzip bytes reach the JSON parser as they are, which rejects them (no inflating).
    expect(gzipped.statusCode).toBe(400);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/eko',
      headers: { 'content-type': 'application/json', 'content-encoding': 'zz' },
      payload: JSON.stringify({ antal: 4 }),
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ antal: 4 });
    await app.close();
  });
});

describe('compressed pages', () => {
  const page = `<!DOCTYPE html><html lang="sv"><body>${'<p>Skruv och spik för trall och altan.</p>'.repeat(200)}</body></html>`;

  async function pageApp(render: (request: Request) => Promise<Response>) {
    const app = Fastify();
    await registerCompression(app);
    await app.register(fastifyCookie);
    const calls = { count: 0 };
    app.get(
      '/*',
      createPageHandler(async (request) => {
        calls.count += 1;
        return render(request);
      }, createPageCache()),
    );
    await app.ready();
    return { app, calls };
  }

  const html = (body: string | ReadableStream<Uint8Array>) =>
    new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

  it('keeps the page uncompressed and compresses each reply, miss and hit alike; ETag/304 hold', async () => {
    const { app, calls } = await pageApp(async () => html(page));
    const miss = await app.inject({ url: '/kategori/tak', headers: BR });
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('br');
    expect(decode('br', miss.rawPayload)).toBe(page);

    const hitGzip = await app.inject({ url: '/kategori/tak', headers: GZIP });
    expect(hitGzip.headers['x-cache']).toBe('HIT');
    expect(hitGzip.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', hitGzip.rawPayload)).toBe(page);

    const hitPlain = await app.inject({ url: '/kategori/tak' });
    expect(hitPlain.headers['x-cache']).toBe('HIT');
    expect(hitPlain.headers['content-encoding']).toBeUndefined();
    expect(hitPlain.body).toBe(page);
    for (const reply of [miss, hitGzip, hitPlain]) {
      expect(varyOf(reply.headers)).toContain('accept-encoding');
    }
    expect(calls.count).toBe(1);

    // One weak validator for every encoding of the page (weak: the same content).
    expect(hitGzip.headers.etag).toBe(miss.headers.etag);
    const notModified = await app.inject({
      url: '/kategori/tak',
      headers: { ...BR, 'if-none-match': String(miss.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    await app.close();
  });

  it('still streams a compressed render: the shell arrives before the rest is written', async () => {
    let finish: () => void = () => {};
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const shell = `<!DOCTYPE html><html lang="sv"><head><title>Tak</title></head><body>${'<a href="/kategori/tak">Tak</a>'.repeat(60)}`;
    // A cart cookie makes the render personal: it is streamed, never kept.
    const { app } = await pageApp(async () =>
      html(
        new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode(shell));
            await rest;
            controller.enqueue(new TextEncoder().encode('<main>Klart</main></body></html>'));
            controller.close();
          },
        }),
      ),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    // The render goes on only once the client has bytes, or after 3 s without any.
    let timedOut = false;
    let firstBytesWhileWaiting = false;
    let shellSoFar = '';
    const timeout = setTimeout(() => {
      timedOut = true;
      finish();
    }, 3_000);
    const result = await new Promise<{ encoding: unknown; body: string }>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/kategori/tak',
          headers: { ...BR, cookie: 'bygg_cart=abc' },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            if (chunks.length === 0 && !timedOut) {
              firstBytesWhileWaiting = true;
              // A flushed brotli prefix decodes on its own: the shell, or its first part.
              shellSoFar = brotliDecompressSync(chunk, {
                finishFlush: constants.BROTLI_OPERATION_FLUSH,
              }).toString('utf8');
              finish();
            }
            chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              encoding: res.headers['content-encoding'],
              body: brotliDecompressSync(Buffer.concat(chunks)).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    clearTimeout(timeout);
    expect(firstBytesWhileWaiting).toBe(true);
    expect(shellSoFar.length).toBeGreaterThan(0);
    expect(shell.startsWith(shellSoFar)).toBe(true);
    expect(result.encoding).toBe('br');
    expect(result.body).toBe(`${shell}<main>Klart</main></body></html>`);
    await app.close();
  }, 15_000);
});

describe('precompressed web assets', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  const script = `export function kundvagn(){return ${JSON.stringify('Lägg i varukorgen '.repeat(300))}}`;

  async function assetApp() {
    const dir = await mkdtemp(path.join(tmpdir(), 'bygg-assets-'));
    dirs.push(dir);
    await mkdir(path.join(dir, 'assets'));
    const file = path.join(dir, 'assets', 'shell-AbC123.js');
    await writeFile(file, script);
    // What the build writes (tooling/scripts/precompress.mjs), marked so the test can tell
    // the copy from a compression made on the fly.
    const br = brotliCompressSync(`${script}/*br*/`);
    const gz = gzipSync(`${script}/*gz*/`);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    const app = Fastify();
    await registerCompression(app);
    await registerWebAssets(app, dir);
    await app.ready();
    return { app, br, gz };
  }

  it('sends the brotli or gzip copy with Content-Encoding, and the file to a client without', async () => {
    const { app, br, gz } = await assetApp();
    const url = '/assets/shell-AbC123.js';
    const viaBr = await app.inject({ url, headers: BR });
    expect(viaBr.statusCode).toBe(200);
    expect(viaBr.headers['content-encoding']).toBe('br');
    expect(viaBr.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(viaBr.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(viaBr.rawPayload.equals(br)).toBe(true);
    expect(decode('br', viaBr.rawPayload)).toBe(`${script}/*br*/`);
    expect(varyOf(viaBr.headers)).toContain('accept-encoding');

    const viaGzip = await app.inject({ url, headers: GZIP });
    expect(viaGzip.headers['content-encoding']).toBe('gzip');
    expect(viaGzip.rawPayload.equals(gz)).toBe(true);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(varyOf(plain.headers)).toContain('accept-encoding');
    await app.close();
  });

  it('answers If-None-Match with 304 per encoding, and a copy\u2019s ETag is not the file\u2019s', async () => {
    const { app } = await assetApp();
    const url = '/assets/shell-AbC123.js';
    const viaBr = await app.inject({ url, headers: BR });
    const plain = await app.inject({ url });
    expect(viaBr.headers.etag).toBeTruthy();
    expect(viaBr.headers.etag).not.toBe(plain.headers.etag);
    const again = await app.inject({
      url,
      headers: { ...BR, 'if-none-match': String(viaBr.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const plainAgain = await app.inject({
      url,
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(plainAgain.statusCode).toBe(304);
    await app.close();
  });

  it('serves a file without copies as it is', async () => {
    const { app } = await assetApp();
    const reply = await app.inject({ url: '/robots.txt', headers: BR });
    expect(reply.statusCode).toBe(200);
    expect(decode(reply.headers['content-encoding'] as string | undefined, reply.rawPayload)).toBe(
      'User-agent: *\nAllow: /\n',
    );
    await app.close();
  });
});
