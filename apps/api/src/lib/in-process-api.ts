import type { FastifyInstance, FastifySchema } from 'fastify';
import { IN_PROCESS_API_KEY, type InProcessApi } from '@bygg/contracts/common';

/**
 * Whether a route's response schemas cover a status: its own code, its class ("2xx") or
 * "default", as Fastify picks the serializer.
 */
export function responseSchemaCovers(schema: FastifySchema | undefined, status: number): boolean {
  const response = schema?.response as Record<string, unknown> | undefined;
  if (!response) return false;
  return (
    response[status] !== undefined ||
    response[`${Math.floor(status / 100)}xx`] !== undefined ||
    response.default !== undefined
  );
}

/**
 * The API as a function for the web app rendered in this process (ADR 048): each call is
 * Fastify's inject, so it passes every hook (organisation, session, rate limits, the response
 * cache), route and serializer exactly as an HTTP request from 127.0.0.1 would, without a
 * socket, a second JSON encoding or compression. A reply whose route declares a response
 * schema for its status was checked against that contract when it was serialised (or when
 * the response cache first kept it); it says so, and the web app does not parse it again.
 */
export function createInProcessApi(app: FastifyInstance): InProcessApi {
  // Keyed by the raw request object: inject hands the same one back with its reply.
  const validated = new WeakSet<object>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (responseSchemaCovers(request.routeOptions.schema, reply.statusCode)) {
      validated.add(request.raw);
    }
    return payload;
  });
  return async ({ method, url, headers, body }) => {
    const response = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(body === undefined ? {} : { payload: Buffer.from(body) }),
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.rawPayload,
      validated: validated.has(response.raw.req),
    };
  };
}

/** Offers the app to the web build of this process (read once, by its first API call). */
export function exposeInProcessApi(app: FastifyInstance): void {
  (globalThis as Record<symbol, unknown>)[IN_PROCESS_API_KEY] = createInProcessApi(app);
}
