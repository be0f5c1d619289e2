// Drizzle's query operators for the apps (eq, and, sql, inArray, …). npm keeps drizzle-orm
// inside this package, so the API imports them from here and both sides share one copy
// (two copies of drizzle-orm make its types incompatible).
export * from 'drizzle-orm';
export { alias } from 'drizzle-orm/pg-core';
