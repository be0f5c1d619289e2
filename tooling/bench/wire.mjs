// Bytes on the wire (ADR 044): what a server sends for one URL with a given Accept-Encoding,
// counted before any decoding. fetch() cannot tell this (undici decodes gzip and brotli and
// hides the encoded length), so these requests go through node:http.
import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What browsers send today; the server picks brotli from it. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br';

/**
 * One GET. Returns the status, the Content-Encoding, the body bytes as sent (`wireBytes`),
 * the decoded body and the response headers' size (status line and headers, as sent).
 */
export function fetchWire(url, { acceptEncoding, headers = {} } = {}) {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        headers: {
          ...headers,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'] ?? 'identity';
          let body = raw;
          if (encoding === 'br') body = brotliDecompressSync(raw);
          else if (encoding === 'gzip') body = gunzipSync(raw);
          else if (encoding !== 'identity') throw new Error(`${url}: unknown encoding ${encoding}`);
          const headerBytes = res.rawHeaders.reduce((sum, item) => sum + item.length + 2, 0);
          resolve({
            url,
            status: res.statusCode,
            encoding,
            vary: res.headers.vary ?? '',
            wireBytes: raw.length,
            headerBytes,
            body,
          });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
