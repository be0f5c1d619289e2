// The trade context's public face: the session (who is logged in, for every context) and,
// as the trade issues land, the api/proffs/{eid}/… area (see README.md).
import { defineContext, type ContextDeps } from '../define-context.ts';
import { registerSession } from './session/plugin.ts';
import { AuthRepository } from './session/repository.ts';
import { authRoutes } from './session/routes.ts';
import { AuthService } from './session/service.ts';

export type { SessionUser } from './session/plugin.ts';
export {
  NOT_A_MEMBER_MESSAGE,
  ownedByCompany,
  PROFFS_STORE_PREFIX,
  proffsStoreArea,
  tradeAccess,
  type TradeAccess,
  type TradeStore,
} from './store-access/guard.ts';

/**
 * Sessions and the trade area. Registered before the contexts that read
 * request.sessionUser: its session hook runs before every route of the app.
 */
export const tradeContext = defineContext('trade', async (app, deps: ContextDeps) => {
  const users = new AuthRepository(deps.db);
  registerSession(app, { secret: deps.config.sessionSecret, users });
  await app.register(authRoutes, {
    service: new AuthService(users, {
      secret: deps.config.sessionSecret,
      failures: deps.failures,
    }),
    secret: deps.config.sessionSecret,
    rateLimits: deps.rateLimits,
    publicUrl: deps.config.publicUrl,
  });
});
