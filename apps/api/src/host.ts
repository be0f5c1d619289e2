import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { IMMUTABLE_CACHE_CONTROL } from './plugins/cache-control.ts';

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

type RequestHandler = (request: Request) => Promise<Response>;

/** The Fastify request as a Web Request for React Router; the body stays a stream. */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
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

/** Streams a Web Response through Fastify, keeping every Set-Cookie header. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name.toLowerCase() !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}

/**
 * Serves the server-rendered web app from the same origin when its build exists: the client
 * files statically and every other non-API request through React Router.
 * Returns false (and mounts nothing) when there is no build.
 */
export async function mountWebApp(app: FastifyInstance, webBuildDir: string): Promise<boolean> {
  const serverEntry = path.join(webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) return false;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle: RequestHandler = createRequestHandler(build, 'production');
  const clientDir = path.join(webBuildDir, 'client');

  await app.register(async (web) => {
    if (existsSync(clientDir)) {
      await web.register(fastifyStatic, {
        root: clientDir,
        // One route per file at start-up, so the page catch-all below owns every other path.
        wildcard: false,
        index: false,
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

    // React Router reads form posts itself, so page requests keep their body as a raw stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));

    web.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (isApiPath(request.url)) return reply.callNotFound();
        const response = await handle(toWebRequest(request, reply));
        return sendWebResponse(reply, response);
      },
    });
  });
  return true;
}
