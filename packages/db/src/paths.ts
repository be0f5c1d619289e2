import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/**
 * The repository root: the nearest folder above this module that holds packages/db/drizzle.
 * Walking up (instead of a fixed '../..') keeps it right when the API bundles this module
 * into apps/api/dist/server.js.
 */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'packages', 'db', 'drizzle'))) return (cachedRoot = dir);
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(
        `No folder containing packages/db/drizzle above ${fileURLToPath(import.meta.url)}`,
      );
    }
    dir = parent;
  }
}

export function migrationsFolder(): string {
  return path.join(repoRoot(), 'packages', 'db', 'drizzle');
}

export function seedDataFolder(): string {
  return path.join(repoRoot(), 'packages', 'db', 'seed-data');
}

/** Where the embedded database keeps its files; delete the folder to reset. */
export function defaultDataDir(): string {
  return path.join(repoRoot(), '.data', 'pglite');
}
