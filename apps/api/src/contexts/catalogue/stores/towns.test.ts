import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDataFolder } from '@bygg/db/paths';
import { TownLocator } from './towns.ts';

async function locatorWith(towns: Array<{ city: string; slug: string; lat: number; lon: number }>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'towns-'));
  const file = path.join(dir, 'towns.json');
  await writeFile(file, JSON.stringify(towns));
  return new TownLocator(file);
}

describe('TownLocator', () => {
  it('finds a town by its name, whatever the case, å/ä/ö or spaces', async () => {
    const locator = await locatorWith([
      { city: 'Upplands Väsby', slug: 'upplands-vasby', lat: 59.52, lon: 17.91 },
    ]);
    const expected = { name: 'Upplands Väsby', position: { lat: 59.52, lon: 17.91 } };
    expect(await locator.locate('Upplands Väsby')).toEqual(expected);
    expect(await locator.locate('  upplands   VASBY ')).toEqual(expected);
    expect(await locator.locate('upplands vasby')).toEqual(expected);
  });

  it('answers null for text that names no town, and for nothing', async () => {
    const locator = await locatorWith([
      { city: 'Göteborg', slug: 'goteborg', lat: 57.7, lon: 11.97 },
    ]);
    expect(await locator.locate('Göte')).toBeNull();
    expect(await locator.locate('Storgatan 1')).toBeNull();
    expect(await locator.locate('   ')).toBeNull();
  });

  it('reads the real table shipped with the seed data', async () => {
    const locator = new TownLocator(path.join(seedDataFolder(), 'towns.json'));
    const town = await locator.locate('Göteborg');
    expect(town?.name).toBe('Göteborg');
    expect(town?.position.lat).toBeCloseTo(57.7, 1);
  });
});
