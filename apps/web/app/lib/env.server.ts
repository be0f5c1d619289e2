import { z } from 'zod';
import { OrganisationIdSchema } from '@bygg/contracts/common';
import { DEV_SESSION_SECRET } from '@bygg/contracts/cookies';
import { reportingEnvironment, reportingRelease } from '@bygg/domain/error-reporting';

/**
 * The one place the web app reads the environment. In production the web build runs inside
 * the API process, so the API is by default this process's own port.
 */
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    API_BASE_URL: z.url().optional(),
    // The trade request helper (trade-area §7): a proxy base replacing the API's base, and
    // basic authorisation for an API behind a protected proxy.
    API_PROXY_BASE: z.url().optional(),
    API_BASIC_AUTH_USER: z.string().max(200).optional(),
    API_BASIC_AUTH_PASSWORD: z.string().max(200).optional(),
    // The shop's public origin for absolute links (structured data); the API sets it in one
    // process. Never taken from the Host or X-Forwarded-Host header (issue 15).
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    ORGANISATION: OrganisationIdSchema.default('store-chain'),
    // Must equal the API's secret: both read the same session cookie. In one process (npm
    // start) the API sets it, also a secret it generated; tests use the development secret.
    SESSION_SECRET: z.string().min(32, 'ska vara minst 32 tecken').optional(),
    GTM_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID ska se ut som GTM-XXXXXXX')
      .optional(),
    // The retail-search tracker's website id (spec §4); unset: its commands are logged.
    RETAIL_SEARCH_WEBSITE_ID: z
      .string()
      .regex(
        /^[A-Za-z0-9_-]{1,64}$/,
        'RETAIL_SEARCH_WEBSITE_ID ska vara ett id (A–Z, 0–9, - och _)',
      )
      .optional(),
    // Slippy-map tiles for store maps, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png.
    // Unset: maps draw their own outline of Sweden (no third-party requests at all).
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'MAP_TILE_URL ska innehålla {z}, {x} och {y}')
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().max(200).optional(),
    // Error reporting (trade-area spec §7): nothing is loaded or sent without a DSN.
    SENTRY_DSN: z.url().optional(),
    SENTRY_ENVIRONMENT: z.string().max(100).optional(),
    VERCEL_ENV: z.string().max(100).optional(),
    SOURCE_COMMIT: z.string().max(100).optional(),
    VERCEL_GIT_COMMIT_SHA: z.string().max(100).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'test') return;
    if (env.SESSION_SECRET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'saknas: webbappen läser sessionen med samma hemlighet som API:t (npm start sätter den själv)',
      });
    } else if (env.SESSION_SECRET === DEV_SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'är utvecklingshemligheten ur källkoden; den används bara i tester',
      });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    apiBaseUrl: (env.API_BASE_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, ''),
    // A separate API: calls go over HTTP even when a host offers its API in process (ADR 048).
    apiBaseUrlSet: env.API_BASE_URL !== undefined,
    apiProxyBase: env.API_PROXY_BASE ? env.API_PROXY_BASE.replace(/\/+$/, '') : null,
    apiBasicAuth: env.API_BASIC_AUTH_USER
      ? { user: env.API_BASIC_AUTH_USER, password: env.API_BASIC_AUTH_PASSWORD ?? '' }
      : null,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    organisation: env.ORGANISATION,
    sessionSecret: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    gtmId: env.GTM_ID ?? null,
    retailSearchWebsiteId: env.RETAIL_SEARCH_WEBSITE_ID ?? null,
    errorReporting: env.SENTRY_DSN
      ? {
          dsn: env.SENTRY_DSN,
          environment: reportingEnvironment({
            explicit: env.SENTRY_ENVIRONMENT,
            hostingEnvironment: env.VERCEL_ENV,
          }),
          release: reportingRelease(env.SOURCE_COMMIT ?? env.VERCEL_GIT_COMMIT_SHA),
        }
      : null,
    mapTiles: env.MAP_TILE_URL
      ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION ?? null }
      : null,
  }));

export type Env = z.output<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as they do in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid web environment: ${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
