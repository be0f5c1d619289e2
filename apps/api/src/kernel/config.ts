import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '@bygg/db/paths';
import { DEV_SESSION_SECRET } from '@bygg/contracts/cookies';
import { DEFAULT_ORGANISATION, OrganisationIdSchema } from '@bygg/contracts/common';
import type { OrganisationId } from '@bygg/contracts/common';

/**
 * The only module of the API that reads the environment (lint enforces it). Everything is
 * optional: `npm start` on a fresh clone needs no set-up.
 */

export { DEV_SESSION_SECRET };

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'ska vara true eller false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'ska vara en postgres://-adress');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'ska vara en redis://-adress')
    .optional(),
  /** off: no API response or page micro-cache (ADR 014); on: caches even under NODE_ENV=test. */
  RESPONSE_CACHE: z.enum(['on', 'off']).optional(),
  SESSION_SECRET: z.string().min(32, 'ska vara minst 32 tecken').optional(),
  /** Which proxies' X-Forwarded-* to believe: true, a hop count or IP/CIDR list; off when unset. */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*)$/i,
      'ska vara true, false, ett antal proxysteg eller IP-adresser/CIDR åtskilda med kommatecken',
    )
    .optional(),
  /** The shop's public origin, for e-mails and every absolute link (never the Host header). */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'ska vara en http(s)://-adress' }).optional(),
  /** The organisation this deployment serves: the API's answer without an x-organisation header. */
  ORGANISATION: OrganisationIdSchema.default(DEFAULT_ORGANISATION),
  /** Demo catalogue size in products (packages/db: default 5,000). */
  SCALE: z.coerce.number().int().min(1).max(200_000).optional(),
  /** Local demo stores of the store chain seeded on first start (packages/db: default 62). */
  STORES: z.coerce.number().int().min(1).max(200).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  WEB_BUILD_DIR: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  SEED_ON_START: booleanFlag.default(true),
  /** Hosts whose iframes CMS embedded-HTML blocks may show, comma-separated (issue 6). */
  CMS_IFRAME_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'ska vara värdnamn åtskilda med kommatecken')
    .optional(),
  /** The tag-manager container the web app loads (with consent); the CSP allows it only then. */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/, 'GTM_ID ska se ut som GTM-XXXXXXX')
    .optional(),
  /** Error reporting (trade-area spec §7): nothing is sent without a DSN. */
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().max(100).optional(),
  /** The hosting environment's name; reported as 'vercel-{name}' when no environment is set. */
  VERCEL_ENV: z.string().max(100).optional(),
  /** The source commit, reported as the release ('UNKNOWN' without it). */
  SOURCE_COMMIT: z.string().max(100).optional(),
  VERCEL_GIT_COMMIT_SHA: z.string().max(100).optional(),
  /** Order confirmations: smtp(s)://user:pass@host:port; unset = .eml files under DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'ska vara en smtp://- eller smtps://-adress')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  /** Card payments (building-supply chain): both keys, or card payment is not offered. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'ska börja med sk_ eller rk_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'ska börja med pk_').optional(),
  /** Verifies POST /api/v1.0/payments/stripe/webhook/; unset = the webhook answers 404. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'ska börja med whsec_')
    .optional(),
  /** Where uploaded files are kept (issue 18): local (DATA_DIR/uploads) or s3 (the S3_* keys). */
  UPLOAD_STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3-compatible storage: the service's address, e.g. https://s3.eu-north-1.amazonaws.com. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'ska vara en http(s)://-adress' }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,62}$/, 'ska vara ett giltigt bucket-namn')
    .optional(),
  S3_REGION: z.string().min(1).max(64).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** A folder inside the bucket, e.g. bygg/uploads. */
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_./-]*[a-z0-9]$/i, 'ska vara en mapp utan inledande eller avslutande /')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** RESPONSE_CACHE: unset = on, except under NODE_ENV=test (plugins/response-cache.ts). */
  responseCache: 'on' | 'off' | undefined;
  /** Signs sessions, cart cookies and the host's client-address header (sessionSecret()). */
  sessionSecret: string;
  /** Fastify's trustProxy: false (default), true, a hop count or the trusted proxies' addresses. */
  trustProxy: boolean | number | string[];
  /** The shop's public origin without a trailing slash, e.g. https://www.example.se. */
  publicUrl: string;
  /** ORGANISATION: whom a request without the x-organisation header is for (issue 22). */
  organisation: OrganisationId;
  scale: number | undefined;
  stores: number | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  nodeEnv: 'development' | 'production' | 'test';
  webBuildDir: string;
  /** Runtime files: the embedded database under pglite/, rendered images under media/. */
  dataDir: string;
  seedOnStart: boolean;
  /** Hosts whose iframes CMS embedded-HTML blocks may show; null: the built-in list. */
  cmsIframeHosts: string[] | null;
  /** GTM_ID: the Content-Security-Policy allows the tag manager only when it is set. */
  gtmId: string | null;
  errorReporting: {
    dsn: string | null;
    environment: string | null;
    hostingEnvironment: string | null;
    commit: string | null;
  };
  /** SMTP server for order confirmations; undefined = write .eml files under dataDir/mail. */
  smtpUrl: string | undefined;
  /** The From: of order confirmations. */
  mailFrom: string;
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Uploaded files (lib/uploads): s3 null = a directory under dataDir/uploads. */
  uploads: {
    s3: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      prefix: string;
    } | null;
  };
  /** Problems worth a log line at start that do not stop the server. */
  warnings: string[];
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Empty strings count as unset, as in most process managers' env files. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(miljön)'}: ${issue.message}`,
    );
    throw new ConfigError(`Ogiltig miljövariabel för API:t:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const warnings: string[] = [];
  if (!e.PUBLIC_URL && e.NODE_ENV === 'production') {
    warnings.push(
      `PUBLIC_URL is unset in production: e-mails and absolute links point at http://localhost:${e.PORT}. Set PUBLIC_URL to the shop's public address.`,
    );
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    warnings.push(
      'Only one of STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY is set: card payment is not offered until both are.',
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    warnings.push(
      'STRIPE_WEBHOOK_SECRET is unset: card orders become paid only when their receipt is read, and failed payments do not release stock until then.',
    );
  }
  const root = repoRoot();
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : path.join(root, '.data');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    responseCache: e.RESPONSE_CACHE,
    sessionSecret: sessionSecret(e.SESSION_SECRET, e.NODE_ENV, dataDir),
    trustProxy: trustProxy(e.TRUST_PROXY),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    organisation: e.ORGANISATION,
    scale: e.SCALE,
    stores: e.STORES,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    nodeEnv: e.NODE_ENV,
    // Explicit paths are taken relative to the working directory; defaults are fixed to the
    // repository so `node apps/api/dist/server.js` behaves the same from any directory.
    webBuildDir: e.WEB_BUILD_DIR
      ? path.resolve(e.WEB_BUILD_DIR)
      : path.join(root, 'apps', 'web', 'build'),
    dataDir,
    seedOnStart: e.SEED_ON_START,
    cmsIframeHosts: e.CMS_IFRAME_HOSTS ? e.CMS_IFRAME_HOSTS.toLowerCase().split(',') : null,
    gtmId: e.GTM_ID ?? null,
    errorReporting: {
      dsn: e.SENTRY_DSN ?? null,
      environment: e.SENTRY_ENVIRONMENT ?? null,
      hostingEnvironment: e.VERCEL_ENV ?? null,
      commit: e.SOURCE_COMMIT ?? e.VERCEL_GIT_COMMIT_SHA ?? null,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Webbshoppen <order@bygg.example>',
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    uploads: { s3: e.UPLOAD_STORAGE === 's3' ? s3Settings(e) : null },
    warnings,
  };
}

/** UPLOAD_STORAGE=s3 needs the bucket, the endpoint and both keys; the region defaults. */
function s3Settings(e: z.infer<typeof EnvSchema>): NonNullable<Config['uploads']['s3']> {
  const missing = (
    ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
  ).filter((key) => !e[key]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Ogiltig miljövariabel för API:t:\n  UPLOAD_STORAGE=s3 kräver ${missing.join(', ')}`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT ?? '',
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    prefix: e.S3_PREFIX ?? '',
  };
}

/** Where a start without SESSION_SECRET keeps the secret it generated, under DATA_DIR. */
export const SESSION_SECRET_FILE = 'session-secret';

/**
 * Secrets anyone can read in this repository or its history: signing with one lets anyone
 * forge cookies (and, before migration 0013, work out bought gift cards' PINs).
 */
export const PUBLIC_SECRETS: readonly string[] = [
  DEV_SESSION_SECRET,
  // The end-to-end server's secret until issue 15.
  'e2e-session-secret-0123456789abcdef0123456789',
];

/**
 * The secret that signs sessions (issue 15): SESSION_SECRET, else the one kept in
 * DATA_DIR/session-secret (readable by the owner only), generated on the first start. Tests
 * use the development secret; anywhere else a secret known to the repository stops the start.
 */
function sessionSecret(
  given: string | undefined,
  nodeEnv: Config['nodeEnv'],
  dataDir: string,
): string {
  if (nodeEnv === 'test') return given ?? DEV_SESSION_SECRET;
  if (given !== undefined) {
    if (PUBLIC_SECRETS.includes(given)) {
      throw new ConfigError(
        'SESSION_SECRET står i källkoden: med den kan vem som helst förfalska inloggningar. Ta bort SESSION_SECRET (en hemlighet skapas då under DATA_DIR) eller sätt en egen, slumpmässig.',
      );
    }
    return given;
  }
  return storedSecret(path.join(dataDir, SESSION_SECRET_FILE));
}

function storedSecret(file: string): string {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) {
      throw new ConfigError(`${file} ska innehålla en hemlighet på minst 32 tecken`);
    }
    // Readable by the owner only, also when someone copied the file in with a wider mode.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': two processes starting at once keep the first one's secret.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return storedSecret(file);
    throw error;
  }
  return secret;
}

/** TRUST_PROXY as Fastify's trustProxy takes it; unset trusts nobody's X-Forwarded-For. */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const version = isIP(address);
    const maxBits = version === 6 ? 128 : 32;
    if (
      version === 0 ||
      rest.length > 0 ||
      (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))
    ) {
      throw new ConfigError(
        `Ogiltig miljövariabel för API:t:\n  TRUST_PROXY: ${entry} är ingen IP-adress eller CIDR`,
      );
    }
  }
  return entries;
}

/**
 * Gives the web app in this process the API's session secret, also one generated under
 * DATA_DIR, and its public address (the web build reads its own environment; both must read
 * the same cookies and link to the same place).
 */
export function shareWithWebApp(config: Config): void {
  process.env.SESSION_SECRET = config.sessionSecret;
  process.env.PUBLIC_URL = config.publicUrl;
}
