// The one barrel in the package: drizzle-kit and the typed client need the whole schema.
export * from './organisations.ts';
export * from './stores.ts';
export * from './catalog.ts';
export * from './pricing.ts';
export * from './stock.ts';
export * from './cms.ts';
export * from './trade.ts';
export * from './system.ts';
export * from './content-versions.ts';
export * from './commerce.ts';
export * from './trade-invoices.ts';
export * from './sort-keys.ts';
export * from './search-products.ts';
export * from './trade-conversations.ts';
export * from './trade-projects.ts';
export * from './trade-quotes-orders.ts';
export * from './trade-offers.ts';
