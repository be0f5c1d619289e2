import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PostcodeLocator } from './postcodes.ts';

async function locatorWith(table: Record<string, [number, number]>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'postcodes-'));
  const file = path.join(dir, 'postcodes.json');
  await writeFile(file, JSON.stringify(table));
  return new PostcodeLocator(file);
}

describe('PostcodeLocator', () => {
  it('finds a known postcode exactly', async () => {
    const locator = await locatorWith({ '11250': [59.33, 18.06] });
    expect(await locator.locate('11250')).toEqual({ lat: 59.33, lon: 18.06 });
  });

  it('falls back to the nearest known postcode with the same 3-digit prefix', async () => {
    const locator = await locatorWith({
      '41101': [57.1, 11.1],
      '41130': [57.3, 11.3],
      '41190': [57.9, 11.9],
    });
    expect(await locator.locate('41135')).toEqual({ lat: 57.3, lon: 11.3 });
  });

  it('answers null when no postcode shares the prefix', async () => {
    const locator = await locatorWith({ '11250': [59.33, 18.06] });
    expect(await locator.locate('99999')).toBeNull();
  });

  it('reads the real table shipped with the seed data', async () => {
    const { seedDataFolder } = await import('@bygg/db/paths');
    const locator = new PostcodeLocator(path.join(seedDataFolder(), 'postcodes.json'));
    const stockholm = await locator.locate('11250');
    expect(stockholm?.lat).toBeCloseTo(59.33, 1);
  });
});
