// The platform context's public face: what the app says about itself rather than about the
// shop (readiness for load balancers and `npm start`, each organisation's configuration).
import { defineContext, type ContextDeps } from '../define-context.ts';
import type { SeedState } from '../../plugins/startup.ts';
import { healthRoutes } from './health/routes.ts';
import { OrganisationsRepository } from './organisation/repository.ts';
import { organisationRoutes } from './organisation/routes.ts';
import { environmentOf, OrganisationService } from './organisation/service.ts';

export type PlatformOptions = ContextDeps & { seedState: SeedState };

/** GET /api/health and the organisation configuration (api/v2.0/organisations/…). */
export const platformContext = defineContext('platform', async (app, deps: PlatformOptions) => {
  const organisations = new OrganisationsRepository(deps.db);
  await app.register(healthRoutes, { seedState: deps.seedState, organisations });
  await app.register(organisationRoutes, {
    service: new OrganisationService(organisations, environmentOf(deps.config.nodeEnv)),
  });
});
