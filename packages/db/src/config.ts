/**
 * The one place in this package that reads the environment (for the seed CLI, the bench
 * and tests). Apps pass options to createDatabase/seed instead of relying on this.
 */
export type DbEnv = {
  databaseUrl: string | undefined;
  testDatabaseUrl: string | undefined;
  scale: number;
  stores: number | undefined;
};

export const DEFAULT_SCALE = 5_000;
export const MAX_SCALE = 200_000;
export const MIN_STORES = 12;
export const MAX_STORES = 200;

function parseUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) {
    throw new Error(`${name} must be a postgres:// or postgresql:// URL, got '${value}'`);
  }
  return value;
}

function parseInteger(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.replace(/[_\s]/g, ''));
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max}, got '${value}'`);
  }
  return n;
}

export function readDbEnv(env: NodeJS.ProcessEnv = process.env): DbEnv {
  return {
    databaseUrl: parseUrl('DATABASE_URL', env.DATABASE_URL),
    testDatabaseUrl: parseUrl('TEST_DATABASE_URL', env.TEST_DATABASE_URL),
    scale: parseInteger('SCALE', env.SCALE, 1, MAX_SCALE) ?? DEFAULT_SCALE,
    stores: parseInteger('STORES', env.STORES, MIN_STORES, MAX_STORES),
  };
}
