import { z } from 'zod';
import { ORGANISATION_IDS } from '@bygg/domain/organisations';

/** Every 4xx/5xx reply of the API has this body. `fields` names what was wrong on a 400. */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The organisations the platform serves; the API tells them apart by ORGANISATION_HEADER. */
export const OrganisationIdSchema = z.enum(ORGANISATION_IDS);
export type OrganisationId = z.infer<typeof OrganisationIdSchema>;
export const ORGANISATION_HEADER = 'x-organisation';
/**
 * Set by the server on every page request it renders (any value a browser sent is replaced):
 * React Router hands each loader its own copy of the request, and this id, kept in the copies'
 * headers, lets the loaders of one render share one API client and its calls.
 */
export const RENDER_ID_HEADER = 'x-bygg-render-id';

/**
 * The visitor's address as the one-origin host saw it, signed with the server secret
 * (apps/api/src/lib/client-address.ts): the web server passes it on when it calls the API
 * for a visitor, so the API's limits count that visitor and not the web server (issue 15).
 * Opaque to the web app; a visitor cannot make one.
 */
export const CLIENT_ADDRESS_HEADER = 'x-bygg-client';
export const DEFAULT_ORGANISATION: OrganisationId = 'store-chain';

/**
 * The in-process API (ADR 048): when the API's host renders the web app in its own process,
 * it puts a dispatcher under this global symbol before loading the web build, and the web
 * app's server code sends its API calls through it (Fastify's inject: every hook, route and
 * status code as over HTTP, no socket) unless API_BASE_URL names a separate API.
 */
export const IN_PROCESS_API_KEY = Symbol.for('bygg.in-process-api');

export type InProcessApiRequest = {
  method: string;
  /** Absolute URL on the API's own origin (its host and port as the web app names them). */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
};

export type InProcessApiReply = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Uint8Array;
  /** The API checked this reply against its route's response contract when it serialised it. */
  validated: boolean;
};

export type InProcessApi = (request: InProcessApiRequest) => Promise<InProcessApiReply>;

/** Django REST framework style page, which the spec's paginated helper reads (results, next). */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

/** Query-string integers arrive as strings. */
export const QueryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const HealthSchema = z.object({
  status: z.enum(['ok', 'starting']),
  database: z.enum(['ready', 'migrating', 'seeding', 'unavailable']),
  organisations: z.array(OrganisationIdSchema),
});
export type Health = z.infer<typeof HealthSchema>;
