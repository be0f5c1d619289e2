// The trade context's public face: the session (who is logged in, for every context) and,
// as the trade issues land, the api/proffs/{eid}/… area (see README.md).
import { defineContext, type ContextDeps } from '../define-context.ts';
import { registerSession } from './session/plugin.ts';
import { AuthRepository } from './session/repository.ts';
import { authRoutes } from './session/routes.ts';
import { AuthService } from './session/service.ts';
import { proffsStoreArea } from './store-access/guard.ts';
import { StoreCustomerRepository } from './store-customer/repository.ts';
import { storeCustomerRoutes } from './store-customer/routes.ts';
import { StoreCustomerService } from './store-customer/service.ts';
import { CompanyUserRepository } from './users/repository.ts';
import { companyUserRoutes } from './users/routes.ts';
import { CompanyUserService } from './users/service.ts';

export type { SessionUser } from './session/plugin.ts';
export {
  NOT_A_MEMBER_MESSAGE,
  ownedByCompany,
  PROFFS_STORE_PREFIX,
  proffsStoreArea,
  requires,
  tradeAccess,
  type TradeAccess,
  type TradeRequirement,
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
    service: new AuthService(users),
    secret: deps.config.sessionSecret,
    rateLimits: deps.rateLimits,
  });
  const now = () => (deps.clock ? deps.clock() : new Date());
  // Every store-scoped module in one area behind the guard (README.md).
  await app.register(
    proffsStoreArea(deps.db, async (area) => {
      await area.register(storeCustomerRoutes, {
        service: new StoreCustomerService(new StoreCustomerRepository(deps.db), now),
      });
      await area.register(companyUserRoutes, {
        service: new CompanyUserService(new CompanyUserRepository(deps.db)),
      });
    }),
  );
});
