import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, migrationsFolder, repoRoot, seedDataFolder } from './paths.ts';

describe('paths', () => {
  it('finds the repository root by walking up to the folder holding packages/db/drizzle', () => {
    expect(
      existsSync(path.join(repoRoot(), 'packages', 'db', 'drizzle', 'meta', '_journal.json')),
    ).toBe(true);
    expect(existsSync(path.join(migrationsFolder(), 'meta', '_journal.json'))).toBe(true);
  });

  it('points at the copied reference data and keeps PGlite data under .data/', () => {
    for (const file of [
      'towns.json',
      'categories.json',
      'brands.json',
      'product_templates.json',
      'postcodes.json',
    ]) {
      expect(existsSync(path.join(seedDataFolder(), file)), file).toBe(true);
    }
    expect(defaultDataDir()).toBe(path.join(repoRoot(), '.data', 'pglite'));
  });
});
