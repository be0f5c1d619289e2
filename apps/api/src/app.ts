import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ORGANISATION_HEADER } from '@bygg/contracts/common';
import type { DatabaseHandle } from '@bygg/db/client';
import { InvalidationBus } from './lib/invalidation-bus.ts';
import { JobRunner } from './lib/jobs/runner.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { createFileStorage, type FileStorage } from './lib/uploads/storage.ts';
import { catalogueContext } from './contexts/catalogue/index.ts';
import {
  commerceContext,
  tradeOrderPlacer,
  type CardPaymentProvider,
} from './contexts/commerce/index.ts';
import { contentContext, DEFAULT_IFRAME_HOSTS } from './contexts/content/index.ts';
import type { ContextDeps } from './contexts/define-context.ts';
import { platformContext } from './contexts/platform/index.ts';
import { PricingService } from './contexts/pricing/index.ts';
import { tradeContext, tradeOrderHook } from './contexts/trade/index.ts';
import { registerErrorHandling, validatorCompiler } from './kernel/errors.ts';
import type { Config } from './kernel/config.ts';
import { registerOpenApiSchemas } from './openapi.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorReporting } from './plugins/error-reporting.ts';
import { registerOrganisation } from './plugins/organisation.ts';
import {
  DEFAULT_RATE_LIMITS,
  FailureCounters,
  registerRateLimit,
  type RateLimitSettings,
} from './plugins/rate-limit.ts';
import { registerResponseCache, responseCacheEnabled } from './plugins/response-cache.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStartupGate, type SeedState } from './plugins/startup.ts';

export type AppDeps = {
  database: DatabaseHandle;
  config: Config;
  /** A pino logger to share with the caller (server.ts); otherwise one at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Where the start sequence is; default ready (tests build the app on a seeded database). */
  seedState?: SeedState;
  /** The time prices and campaigns are judged at; tests fix it to the seed's instant. */
  clock?: () => Date;
  /** Cart, gift-card and checkout limits (428 over them); false turns them off (benchmarks). */
  rateLimits?: RateLimitSettings | false;
  /** Order confirmations and password links; default: SMTP_URL, else .eml files under dataDir/mail. */
  mailer?: Mailer;
  /** Card payments; default: Stripe when both STRIPE_* keys are set, else none. */
  cardProvider?: CardPaymentProvider | null;
  /** Uploaded files; default: UPLOAD_STORAGE (a directory under dataDir, or S3). */
  storage?: FileStorage;
};

export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic tasks and database-queued jobs (lib/jobs, ADR 041); server.ts starts them. */
    jobs: JobRunner;
  }
}

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are believed (Fastify's own rule). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/**
 * The application: every API route, the content service and product images on one Fastify
 * instance. server.ts adds the web app and listens; tests call inject().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const seedState = deps.seedState ?? { phase: 'ready' };
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: { level: config.logLevel } }),
    // The spec's paths end in '/', clients do not always send it.
    routerOptions: { ignoreTrailingSlash: true },
    // X-Forwarded-* only from the proxies TRUST_PROXY names (off by default): otherwise any
    // client could pick its own address and slip past every rate limit (issue 15).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStartupGate(app, seedState);
  registerOrganisation(app, config.organisation);
  // Sends nothing (and initialises nothing) unless SENTRY_DSN is configured.
  registerErrorReporting(app, config.errorReporting);
  // Before any route: brotli/gzip for text replies, pages included (ADR 044).
  await registerCompression(app);

  // Every reply, pages included (host.ts mounts them on this app): CSP with a nonce per request.
  await registerSecurityHeaders(app, {
    stripe: Boolean(config.stripeSecretKey && config.stripePublishableKey),
    tagManager: config.gtmId !== null,
    errorReportingDsn: config.errorReporting.dsn,
    iframeHosts: config.cmsIframeHosts ?? DEFAULT_IFRAME_HOSTS,
  });
  registerOpenApiSchemas();
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Bygg shop API',
        description: `Shop, content service and product images. Both organisations are served; the \`${ORGANISATION_HEADER}\` header picks one (default store-chain).`,
        version: '2.0.0',
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });

  // Cache invalidations between processes (Redis pub/sub when REDIS_URL is set); its command
  // connection also holds the shared rate-limit counters.
  const bus = new InvalidationBus({ log: app.log, redisUrl: config.redisUrl });
  app.addHook('onClose', () => bus.close());
  await registerRateLimit(app, { redis: bus.redis, secret: config.sessionSecret });
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  // Anonymous catalogue GETs that opt in (route config responseCache) are kept a few seconds.
  registerResponseCache(app, {
    enabled: responseCacheEnabled(config.nodeEnv, config.responseCache),
    bus,
  });

  // The one background-job runner (ADR 041): the contexts register their periodic tasks and
  // queues; server.ts starts it once the database is ready; closing the app stops it (tests
  // never start it and run a task by name).
  const jobs = new JobRunner(database.db, {
    log: app.log,
    now: () => (deps.clock ? deps.clock() : new Date()),
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  // The bounded contexts (src/contexts/README.md), each a plugin that builds its own
  // repositories and services from the shared kernel. Trade comes first: its session hook
  // runs before every route, so each one sees request.sessionUser.
  const kernel: ContextDeps = {
    db: database.db,
    config,
    bus,
    rateLimits,
    failures: rateLimits
      ? new FailureCounters(rateLimits, bus.redis, app.log, config.sessionSecret)
      : null,
    clock: deps.clock,
    mailer:
      deps.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    storage: deps.storage ?? createFileStorage(config),
    jobs,
  };
  // One pricing service for every context that shows or charges a price (ADR 024).
  const pricing = new PricingService(database.db);
  const onTradeOrder = tradeOrderHook(kernel);
  await app.register(tradeContext, {
    ...kernel,
    pricing,
    // The quote cart's orders go through commerce's placement (stock, idempotency).
    // Their confirmation e-mail is checkout's (app.checkout is decorated further down and only
    // called after an order's commit).
    orders: tradeOrderPlacer({
      ...kernel,
      onTradeOrder,
      afterCommit: (orderId) => {
        app.checkout.confirmPlaced(orderId, config.publicUrl);
      },
    }),
  });
  await app.register(platformContext, { ...kernel, seedState });
  await app.register(catalogueContext, { ...kernel, pricing });
  await app.register(contentContext, kernel);
  await app.register(commerceContext, {
    ...kernel,
    cardProvider: deps.cardProvider,
    // Orders of trade users become events and, paid by invoice, invoices (in-process hook).
    onTradeOrder,
  });

  return app;
}
