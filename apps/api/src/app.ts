import path from 'node:path';
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
import { seedDataFolder } from '@bygg/db/paths';
import type { Config } from './config.ts';
import { registerErrorHandling, validatorCompiler } from './errors.ts';
import { InvalidationBus } from './lib/invalidation-bus.ts';
import { PostcodeLocator } from './lib/postcodes.ts';
import { CatalogRepository } from './modules/catalog/repository.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { CatalogService } from './modules/catalog/service.ts';
import { CmsRepository } from './modules/cms/repository.ts';
import { cmsRoutes } from './modules/cms/routes.ts';
import { CmsService } from './modules/cms/service.ts';
import { cmsEditorRoutes } from './modules/cms/editor-routes.ts';
import { CmsEditorTarget } from './modules/cms/editor-target.ts';
import { CmsPageEditing } from './modules/cms/page-editing.ts';
import { cmsPageRoutes } from './modules/cms/page-routes.ts';
import { ContentChanges } from './modules/content/changes.ts';
import { ContentEditing } from './modules/content/editing.ts';
import { ContentRepository } from './modules/content/repository.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { ContentService } from './modules/content/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { MediaRepository } from './modules/media/repository.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { MediaService } from './modules/media/service.ts';
import { ProductsRepository } from './modules/products/repository.ts';
import { productsRoutes } from './modules/products/routes.ts';
import { ProductsService } from './modules/products/service.ts';
import { OrganisationsRepository } from './modules/organisation/repository.ts';
import { organisationRoutes } from './modules/organisation/routes.ts';
import { environmentOf, OrganisationService } from './modules/organisation/service.ts';
import { StoresRepository } from './modules/stores/repository.ts';
import { storesRoutes } from './modules/stores/routes.ts';
import { StoresService } from './modules/stores/service.ts';
import { SearchRepository } from './modules/search/repository.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { SearchService } from './modules/search/service.ts';
import { registerOpenApiSchemas } from './openapi.ts';
import { registerErrorReporting } from './plugins/error-reporting.ts';
import { registerOrganisation } from './plugins/organisation.ts';
import {
  clearLocalResponseCaches,
  registerResponseCache,
  responseCacheEnabled,
} from './plugins/response-cache.ts';
import { registerSession } from './plugins/session.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { registerStartupGate, type SeedState } from './startup.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import type { CardPaymentProvider } from './lib/payments/provider.ts';
import { cardProviderFromConfig } from './lib/payments/stripe.ts';
import { CartRepository } from './modules/cart/repository.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { CartService } from './modules/cart/service.ts';
import { CheckoutRepository } from './modules/checkout/repository.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { CheckoutService } from './modules/checkout/service.ts';
import { giftCardRoutes } from './modules/giftcards/routes.ts';
import { GiftCardService } from './modules/giftcards/service.ts';
import {
  DEFAULT_RATE_LIMITS,
  registerRateLimit,
  type RateLimitSettings,
} from './plugins/rate-limit.ts';

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
  /** Order confirmations; default: SMTP_URL, else .eml files under dataDir/mail. */
  mailer?: Mailer;
  /** Card payments; default: Stripe when both STRIPE_* keys are set, else none. */
  cardProvider?: CardPaymentProvider | null;
};

export const DOCS_PREFIX = '/api/docs';

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
    // Behind a proxy the client's address and protocol come from X-Forwarded-*.
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStartupGate(app, seedState);
  registerOrganisation(app);
  // Sends nothing (and initialises nothing) unless SENTRY_DSN is configured.
  registerErrorReporting(app, config.errorReporting);

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

  const db = database.db;
  // The session hook comes before every route so each one sees request.sessionUser.
  const authRepository = new AuthRepository(db);
  registerSession(app, { secret: config.sessionSecret, users: authRepository });
  // Cache invalidations between processes (Redis pub/sub when REDIS_URL is set); its command
  // connection also holds the shared rate-limit counters.
  const bus = new InvalidationBus({ log: app.log, redisUrl: config.redisUrl });
  app.addHook('onClose', () => bus.close());
  await registerRateLimit(app, { redis: bus.redis });
  // Anonymous catalogue GETs that opt in (route config responseCache) are kept a few seconds.
  registerResponseCache(app, {
    enabled: responseCacheEnabled(config.nodeEnv, config.responseCache),
    bus,
  });
  const organisations = new OrganisationsRepository(db);
  const postcodes = new PostcodeLocator(path.join(seedDataFolder(), 'postcodes.json'));

  await app.register(healthRoutes, { seedState, organisations });
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  await app.register(authRoutes, {
    service: new AuthService(authRepository),
    secret: config.sessionSecret,
    rateLimits,
  });
  await app.register(organisationRoutes, {
    service: new OrganisationService(organisations, environmentOf(config.nodeEnv)),
  });
  await app.register(storesRoutes, {
    service: new StoresService(new StoresRepository(db), postcodes),
  });
  await app.register(catalogRoutes, {
    service: new CatalogService(new CatalogRepository(db), undefined, deps.clock),
  });
  await app.register(productsRoutes, {
    service: new ProductsService(new ProductsRepository(db), deps.clock),
  });
  await app.register(searchRoutes, {
    service: new SearchService(new ProductsRepository(db), new SearchRepository(db)),
  });
  // The editor overlay (issue 6) edits labels and, through the CMS target, menus and blocks.
  // Every publish drops cached content in this process and, via Redis when set, in the others.
  const contentChanges = new ContentChanges(bus);
  const cmsService = new CmsService(
    new CmsRepository(db),
    config.cmsIframeHosts ? { iframeHosts: config.cmsIframeHosts } : undefined,
  );
  // Rendered pages carry menus, labels and blocks: a publish drops them too (each process
  // hears the change itself, so only the local copies are cleared here).
  contentChanges.onChange(() => {
    cmsService.clearCaches();
    clearLocalResponseCaches();
  });
  const content = new ContentRepository(db);
  const editing = new ContentEditing(content, [new CmsEditorTarget(db)], (organisation, uri) =>
    contentChanges.publish({ organisation, uris: [uri] }),
  );
  await app.register(contentRoutes, { service: new ContentService(content), editing });
  await app.register(cmsEditorRoutes, { repository: new CmsRepository(db) });
  await app.register(cmsPageRoutes, {
    pages: new CmsPageEditing(db, editing, (organisation, uris) =>
      contentChanges.publish({ organisation, uris }),
    ),
  });
  await app.register(cmsRoutes, { service: cmsService });
  await app.register(mediaRoutes, {
    service: new MediaService(new MediaRepository(db), path.join(config.dataDir, 'media')),
  });

  // Cart, gift cards and checkout (issue 5).
  const card = deps.cardProvider !== undefined ? deps.cardProvider : cardProviderFromConfig(config);
  const cartRepository = new CartRepository(db);
  const cartService = new CartService(cartRepository, { clock: deps.clock, card });
  const giftCards = new GiftCardService(db, config.sessionSecret);
  const checkout = new CheckoutService(
    new CheckoutRepository(db),
    cartService,
    cartRepository,
    giftCards,
    {
      clock: deps.clock,
      card,
      logger: app.log,
      mailer:
        deps.mailer ??
        createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    },
  );
  app.decorate('checkout', checkout);
  await app.register(cartRoutes, { service: cartService, giftCards, rateLimits });
  await app.register(giftCardRoutes, { service: giftCards, rateLimits, clock: deps.clock });
  await app.register(checkoutRoutes, { service: checkout, rateLimits });
  if (config.nodeEnv !== 'test') {
    // Confirmations whose sending failed are retried every five minutes.
    const base = `http://localhost:${config.port}`;
    const timer = setInterval(() => {
      checkout.resendPending(base).catch((err: unknown) => app.log.error({ err }, 'resend failed'));
      // Card orders left unpaid give their stock back (card-payments.ts expireStale).
      checkout
        .expireUnpaidCardOrders(base)
        .catch((err: unknown) => app.log.error({ err }, 'expiry failed'));
    }, 5 * 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', () => checkout.settle());

  return app;
}
