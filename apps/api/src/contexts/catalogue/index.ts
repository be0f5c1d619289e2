// The catalogue context's public face: products and articles, the category tree and
// campaigns, search, and stores (with postcodes and distances). Prices come from pricing.
import path from 'node:path';
import { seedDataFolder } from '@bygg/db/paths';
import { defineContext, type ContextDeps } from '../define-context.ts';
import type { PricingService } from '../pricing/index.ts';
import { CatalogRepository } from './categories/repository.ts';
import { ConfiguratorRepository } from './configurator/repository.ts';
import { configuratorRoutes } from './configurator/routes.ts';
import { ConfiguratorService } from './configurator/service.ts';
import { catalogRoutes } from './categories/routes.ts';
import { CatalogService } from './categories/service.ts';
import { ProductsRepository } from './products/repository.ts';
import { productsRoutes } from './products/routes.ts';
import { ProductsService } from './products/service.ts';
import { SearchRepository } from './search/repository.ts';
import { searchRoutes } from './search/routes.ts';
import { SearchService } from './search/service.ts';
import { PostcodeLocator } from './stores/postcodes.ts';
import { TownLocator } from './stores/towns.ts';
import { StoresRepository } from './stores/repository.ts';
import { storesRoutes } from './stores/routes.ts';
import { StoresService } from './stores/service.ts';

/** Switches and counters of the search caches, for the search benchmarks (src/bench). */
export { searchCacheStats, searchCountCache } from './search/service.ts';

export type CatalogueOptions = ContextDeps & {
  /** Every price of products, listings and the picklist (built once by app.ts). */
  pricing: PricingService;
};

/** Stores, categories, products (with the picklist) and search under /api/v2.0/. */
export const catalogueContext = defineContext(
  'catalogue',
  async (app, deps: CatalogueOptions) => {
    const { db, clock, pricing } = deps;
    const products = new ProductsRepository(db);
    await app.register(storesRoutes, {
      service: new StoresService(
        new StoresRepository(db),
        new PostcodeLocator(path.join(seedDataFolder(), 'postcodes.json')),
        new TownLocator(path.join(seedDataFolder(), 'towns.json')),
      ),
    });
    await app.register(catalogRoutes, {
      service: new CatalogService(new CatalogRepository(db), undefined, clock),
    });
    const productsService = new ProductsService(products, pricing, clock);
    await app.register(productsRoutes, { service: productsService });
    await app.register(configuratorRoutes, {
      service: new ConfiguratorService(new ConfiguratorRepository(db), productsService),
    });
    await app.register(searchRoutes, {
      service: new SearchService(products, new SearchRepository(db)),
    });
  },
  // Replies to a logged-in visitor are private (shared/cache-headers.ts reads the session).
  { dependencies: ['trade'] },
);
