import { SMALL_SEED } from '@bygg/db/testing';
import { buildTestApp, type TestApp } from './helper.ts';

export type ProductsTestApp = TestApp & {
  /** The instant the small seed's prices and campaigns are relative to; the app's clock. */
  now: Date;
};

/**
 * The whole API on the small seeded catalogue (PGlite, or PostgreSQL when TEST_DATABASE_URL is
 * set) with the clock fixed at the seed's instant, so campaign dates and the 30-day window do
 * not drift with the day the tests run.
 */
export async function buildProductsTestApp(): Promise<ProductsTestApp> {
  const now = SMALL_SEED.now ?? new Date();
  const testApp = await buildTestApp({ now });
  return { ...testApp, now };
}
