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
import { PostcodeLocator } from './lib/postcodes.ts';
import { CatalogRepository } from './modules/catalog/repository.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { CatalogService } from './modules/catalog/service.ts';
import { CmsRepository } from './modules/cms/repository.ts';
import { cmsRoutes } from './modules/cms/routes.ts';
import { CmsService } from './modules/cms/service.ts';
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
import { registerOrganisation } from './plugins/organisation.ts';
import { registerSession } from './plugins/session.ts';
import { AuthRepository } from './modules/auth/repository.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { AuthService } from './modules/auth/service.ts';
import { registerStartupGate, type SeedState } from './startup.ts';

export type AppDeps = {
  database: DatabaseHandle;
  config: Config;
  /** A pino logger to share with the caller (server.ts); otherwise one at config.logLevel. */
  logger?: FastifyBaseLogger;
  /** Where the start sequence is; default ready (tests build the app on a seeded database). */
  seedState?: SeedState;
  /** The time prices and campaigns are judged at; tests fix it to the seed's instant. */
  clock?: () => Date;
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
  const organisations = new OrganisationsRepository(db);
  const postcodes = new PostcodeLocator(path.join(seedDataFolder(), 'postcodes.json'));

  await app.register(healthRoutes, { seedState, organisations });
  await app.register(authRoutes, {
    service: new AuthService(authRepository),
    secret: config.sessionSecret,
  });
  await app.register(organisationRoutes, {
    service: new OrganisationService(organisations, environmentOf(config.nodeEnv)),
  });
  await app.register(storesRoutes, {
    service: new StoresService(new StoresRepository(db), postcodes),
  });
  await app.register(catalogRoutes, { service: new CatalogService(new CatalogRepository(db)) });
  await app.register(productsRoutes, {
    service: new ProductsService(new ProductsRepository(db), deps.clock),
  });
  await app.register(searchRoutes, {
    service: new SearchService(new ProductsRepository(db), new SearchRepository(db), deps.clock),
  });
  await app.register(contentRoutes, { service: new ContentService(new ContentRepository(db)) });
  await app.register(cmsRoutes, { service: new CmsService(new CmsRepository(db)) });
  await app.register(mediaRoutes, {
    service: new MediaService(new MediaRepository(db), path.join(config.dataDir, 'media')),
  });

  return app;
}
