import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { CART_COOKIE } from '@bygg/contracts/cart';
import { CLIENT_ADDRESS_HEADER, RENDER_ID_HEADER } from '@bygg/contracts/common';
import { COOKIE_NAMES } from '@bygg/contracts/cookies';
import { signClientAddress } from './lib/client-address.ts';
import { coalescedReadable } from './lib/coalesced-stream.ts';
import { exposeInProcessApi } from './lib/in-process-api.ts';
import { matchesEtag, ResponseCache, storableHeaders, weakEtag } from './lib/response-cache.ts';
import type { CachedResponse } from './lib/response-cache.ts';
import { IMMUTABLE_CACHE_CONTROL } from './plugins/cache-control.ts';
import {
  registerCache,
  RESPONSE_CACHE_GRACE_MS,
  RESPONSE_CACHE_TTL_MS,
} from './plugins/response-cache.ts';
import { cspNonceOf } from './plugins/security-headers.ts';

/** Paths the API owns; everything else is a page of the web app. */
const API_PREFIXES = ['/api/', '/djedi/', '/media/'];

/** Files in the client build outside /assets/ (favicon, robots.txt) are not fingerprinted. */
const UNHASHED_CACHE_CONTROL = 'public, max-age=3600';

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some(
    (prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1),
  );
}

/** React Router's handler; the load context carries the request's CSP nonce (ADR 023). */
type RequestHandler = (request: Request, loadContext: { cspNonce: string }) => Promise<Response>;

/** What the host adds to every page request it hands to the web app. */
export type WebRequestContext = {
  /** Signs the visitor's address for the web app's API calls (CLIENT_ADDRESS_HEADER). */
  clientAddressSecret?: string | undefined;
};

/**
 * The page micro-cache key's cookies: every cookie a server render reads that changes the
 * page. Audited (ADR 014) in the web app: readVisitor (root loader: mode, store, consent,
 * marketing consent) and the stores loader (store, consent). A render that reads a new cookie
 * must add it here or to PAGE_BYPASS_COOKIES; host.test.ts fails until it does.
 */
export const PAGE_KEY_COOKIES: readonly string[] = [
  COOKIE_NAMES.store,
  COOKIE_NAMES.mode,
  COOKIE_NAMES.consent,
  COOKIE_NAMES.marketingConsent,
];

/**
 * Cookies that make a render personal (the session of a trade user or editor and its CSRF
 * token, an end customer's project token, the cart, a punch-out session with its banner): a
 * request carrying one is rendered for itself and never cached.
 */
export const PAGE_BYPASS_COOKIES: readonly string[] = [
  COOKIE_NAMES.session,
  COOKIE_NAMES.csrf,
  COOKIE_NAMES.projectToken,
  COOKIE_NAMES.punchout,
  CART_COOKIE,
];

/** `?forhandsvisning=1`: the editor overlay shows the page with its drafts (ADR 047). */
export const PREVIEW_PARAMETER = 'forhandsvisning';

const PAGE_MAX_ENTRIES = 2_000;
const PAGE_MAX_BYTES = 48 * 1024 * 1024;

/** Cookie values by name (the first of a repeated name), for apps without @fastify/cookie. */
function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (name && !(name in cookies)) cookies[name] = part.slice(eq + 1).trim();
  }
  return cookies;
}

/** The page cache key of an anonymous page view, or null when the view must not be cached. */
export function pageCacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.headers.authorization) return null;
  const cookies = request.cookies ?? parseCookies(request.headers.cookie);
  if (PAGE_BYPASS_COOKIES.some((name) => cookies[name] !== undefined)) return null;
  const [pathname = '', search = ''] = request.url.split('?');
  // An editor's draft preview (ADR 047) is never kept, whoever asks for it.
  if (new URLSearchParams(search).has(PREVIEW_PARAMETER)) return null;
  // Single-fetch data requests (client navigations) are not HTML; they are not kept.
  if (pathname.endsWith('.data')) return null;
  let key = `${request.protocol}://${request.host}${request.url}`;
  for (const name of PAGE_KEY_COOKIES) key += `\n${name}=${cookies[name] ?? ''}`;
  return key;
}

function cacheablePage(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    response.headers.getSetCookie().length === 0 &&
    // A page with personal data (login, checkout, receipt) says so; it is never kept.
    !/private|no-store/.test(response.headers.get('cache-control') ?? '') &&
    response.body !== null
  );
}

/**
 * A kept page for this request: its render's nonce replaced by this request's, which the
 * Content-Security-Policy header carries (a stale nonce would block every script of the
 * page). Nonces are random base64, so the old one occurs only where the render wrote it.
 */
export function renonce(body: Buffer, from: string, to: string): Buffer {
  if (from === to) return body;
  return Buffer.from(body.toString('latin1').replaceAll(from, to), 'latin1');
}

function sendCachedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedResponse,
  state: 'HIT' | 'MISS',
) {
  reply.headers(page.headers);
  reply.header('etag', page.etag);
  reply.header('x-cache', state);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    // The browser keeps its copy and the policy that came with it: a 304's headers would
    // replace that policy, and a new nonce would not match the nonce in the kept copy.
    reply.removeHeader('content-security-policy');
    return reply.code(304).send();
  }
  const body = page.nonce ? renonce(page.body, page.nonce, cspNonceOf(request)) : page.body;
  return reply.code(page.status).send(body);
}

/**
 * The page route's handler: React Router renders, and anonymous GETs (no session or cart
 * cookie) go through the page micro-cache when one is given. A cacheable render (200
 * text/html, no Set-Cookie) is buffered once and kept for a few seconds; concurrent misses of
 * the same key wait for the first render.
 */
export function createPageHandler(
  handle: RequestHandler,
  cache: ResponseCache | null,
  context: WebRequestContext = {},
) {
  const webRequest = (request: FastifyRequest, reply: FastifyReply) =>
    toWebRequest(request, reply, context);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return reply.callNotFound();
    const loadContext = { cspNonce: cspNonceOf(request) };
    const render = () => handle(webRequest(request, reply), loadContext);
    const key = cache ? pageCacheKey(request) : null;
    if (!cache || key === null) return sendWebResponse(reply, await render());
    const found = cache.lookup(key);
    if (found.kind === 'hit') return sendCachedPage(request, reply, found.response, 'HIT');
    if (found.kind === 'follow') {
      const page = await found.response;
      if (page) return sendCachedPage(request, reply, page, 'HIT');
      return sendWebResponse(reply, await render());
    }
    const lead = found.lead;
    try {
      // A HEAD render has no body to keep: it only reads the cache.
      if (request.method !== 'GET') {
        lead.finish(null);
        return sendWebResponse(reply, await render());
      }
      const response = await render();
      if (!cacheablePage(response)) {
        lead.finish(null);
        return sendWebResponse(reply, response);
      }
      const body = Buffer.from(await response.arrayBuffer());
      const page: CachedResponse = {
        status: 200,
        headers: storableHeaders(response.headers),
        body,
        etag: weakEtag(body),
        nonce: loadContext.cspNonce,
      };
      lead.finish(page);
      return sendCachedPage(request, reply, page, 'MISS');
    } catch (error) {
      lead.finish(null);
      throw error;
    }
  };
}

/** The page micro-cache of this process, registered for invalidateCatalogueCaches(). */
export function createPageCache(ttlMs = RESPONSE_CACHE_TTL_MS): ResponseCache {
  const cache = new ResponseCache({
    ttlMs,
    graceMs: RESPONSE_CACHE_GRACE_MS,
    maxEntries: PAGE_MAX_ENTRIES,
    maxBytes: PAGE_MAX_BYTES,
  });
  registerCache(cache);
  return cache;
}

/** The Fastify request as a Web Request for React Router; the body stays a stream. */
export function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  context: WebRequestContext = {},
): Request {
  // The request's own origin (React Router checks a form post's Origin against it). Absolute
  // links in pages come from PUBLIC_URL instead (the web app's env), never from this.
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Ours alone (a browser's value is replaced): the loaders of this render share API calls.
  headers.set(RENDER_ID_HEADER, randomUUID());
  // Ours alone too: the visitor's address (request.ip honours TRUST_PROXY), signed.
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (context.clientAddressSecret) {
    headers.set(CLIENT_ADDRESS_HEADER, signClientAddress(request.ip, context.clientAddressSecret));
  }
  const controller = new AbortController();
  // Abort the render when the browser goes away before the response is finished.
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody
      ? { body: Readable.toWeb(request.raw) as unknown as ReadableStream, duplex: 'half' }
      : {}),
  } as RequestInit);
}

/**
 * A page that must post a form to another site (the punch-out transfer to the buyer's
 * purchasing system, ADR 043) names that origin in this header of the web app's own response;
 * it joins the page's CSP form-action and is not sent on.
 */
const FORM_ACTION_HEADER = 'x-bygg-form-action';
const ORIGIN_PATTERN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

function allowFormAction(reply: FastifyReply, origin: string | null): void {
  if (!origin || !ORIGIN_PATTERN.test(origin)) return;
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy !== 'string') return;
  reply.header(
    'content-security-policy',
    policy.replace("form-action 'self'", `form-action 'self' ${origin}`),
  );
}

/** Streams a Web Response through Fastify, keeping every Set-Cookie header. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    const lower = name.toLowerCase();
    if (lower !== 'set-cookie' && lower !== FORM_ACTION_HEADER) reply.header(name, value);
  }
  allowFormAction(reply, response.headers.get(FORM_ACTION_HEADER));
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(coalescedReadable(response.body));
}

/**
 * The web build's browser files, one route per file: hashed assets cached for a year, the
 * rest for an hour; the brotli/gzip copies the build writes next to each (ADR 044) sent in
 * place of the file when the request's Accept-Encoding takes them.
 */
export async function registerWebAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per file at start-up, so the page catch-all below owns every other path.
    wildcard: false,
    index: false,
    // The .br/.gz copies of tooling/scripts/precompress.mjs, picked by the request's
    // Accept-Encoding; a client that sends none (or identity) gets the file itself.
    preCompressed: true,
    // setHeaders below decides; send's own default (max-age=0) would override it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const assets = `${path.sep}assets${path.sep}`;
      res.setHeader(
        'cache-control',
        filePath.includes(assets) ? IMMUTABLE_CACHE_CONTROL : UNHASHED_CACHE_CONTROL,
      );
    },
  });
}

/**
 * Serves the server-rendered web app from the same origin when its build exists: the client
 * files statically and every other non-API request through React Router, whose API calls
 * come back to this app in process (lib/in-process-api.ts, ADR 048).
 * Returns false (and mounts nothing) when there is no build.
 */
export async function mountWebApp(
  app: FastifyInstance,
  webBuildDir: string,
  options: { pageCache?: boolean } & WebRequestContext = {},
): Promise<boolean> {
  const serverEntry = path.join(webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) return false;
  // The web app's loaders call this app in process (unless its API_BASE_URL names another).
  exposeInProcessApi(app);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle: RequestHandler = createRequestHandler(build, 'production');
  const clientDir = path.join(webBuildDir, 'client');
  // On with the API response cache (RESPONSE_CACHE), unless the caller decides.
  const pageCache =
    (options.pageCache ?? (app.hasDecorator('responseCacheEnabled') && app.responseCacheEnabled))
      ? createPageCache()
      : null;

  await app.register(async (web) => {
    if (existsSync(clientDir)) await registerWebAssets(web, clientDir);

    // React Router reads form posts itself, so page requests keep their body as a raw stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));

    web.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: createPageHandler(handle, pageCache, {
        clientAddressSecret: options.clientAddressSecret,
      }),
    });
  });
  return true;
}
