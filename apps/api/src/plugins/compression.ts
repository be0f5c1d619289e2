import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

/**
 * Compression of replies on the way out (ADR 044): HTML pages, JSON, CSS, JavaScript, SVG and
 * other text, in brotli or gzip as the client's Accept-Encoding prefers. Built web assets are
 * compressed once at build time (tooling/scripts/precompress.mjs) and served as they are by
 * the static plugin (host.ts, `preCompressed`); replies that already carry a Content-Encoding
 * are never compressed again.
 */

/** Below this many bytes a compressed reply saves less than its own headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Media types worth compressing: text, JSON, JavaScript, XML and SVG. Images, PDF, ZIP, fonts
 * in woff2 and everything else binary are compressed already; compressing them again costs
 * CPU and saves nothing.
 */
export const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

/**
 * Brotli quality for replies made per request. 11 (the library default) is meant for files
 * compressed once; 4 compresses HTML better than gzip's default at about gzip's CPU cost.
 * Built assets get 11 at build time.
 */
export const DYNAMIC_BROTLI_QUALITY = 4;

export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE_TYPE.test(contentType);
}

/** Adds `accept-encoding` to the reply's Vary header, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current : current ? [String(current)] : [])
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * Registers @fastify/compress on every route registered after it (call it before the routes).
 * Every write is flushed (Z_SYNC_FLUSH / BROTLI_OPERATION_FLUSH): a streamed page's shell
 * reaches the browser as soon as React writes it, not when the compressor's buffer fills. A
 * reply that is one buffer (JSON, a cached page) is one write, so this costs it nothing.
 *
 * Vary: Accept-Encoding is set on every reply of a compressible type, compressed or not (a
 * reply under the threshold, or to a client that asked for no encoding), so a shared cache
 * never hands a compressed copy to a client that cannot read it, nor the reverse.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Replies only: request bodies are read as they come, as before. The plugin would otherwise
  // inflate gzip/deflate request bodies on every route (and answer 415 to other encodings),
  // which no client of the shop sends and which would open a way to inflate small uploads.
  // Runs before the plugin's own onRoute hook, which reads the route's `decompress`.
  app.addHook('onRoute', (route) => {
    route.decompress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
  });
  // Route by route, after the compressor's own onSend (added the same way, just before), so it
  // sees every reply last: cached replies and pages, whatever order the app's hooks run in.
  const vary: onSendHookHandler = (_request, reply, payload, done) => {
    if (isCompressible(reply.getHeader('content-type'))) varyOnAcceptEncoding(reply);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const existing = route.onSend;
    route.onSend = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), vary];
  });
}
