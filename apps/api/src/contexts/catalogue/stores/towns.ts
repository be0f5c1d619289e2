import { readFile } from 'node:fs/promises';
import { foldSearchText } from '@bygg/domain/search-text';
import type { LatLon } from './geo.ts';

/** A Swedish town with its position, as the store search names it. */
export type Town = { name: string; position: LatLon };

type TownRecord = { city: string; slug: string; lat: number; lon: number };

/**
 * Swedish towns → position (packages/db/seed-data/towns.json, the towns the demo stores are
 * placed in and around). Issue 22: a town without a store of the organisation ("Göteborg" at
 * the building-supply chain) is searched from its position, nearest store first. Loaded once,
 * on the first free-text search that finds no store.
 */
export class TownLocator {
  private table: Promise<Map<string, Town>> | undefined;

  constructor(private readonly file: string) {}

  /** The town the text names (case, å/ä/ö and surrounding spaces ignored), or null. */
  async locate(text: string): Promise<Town | null> {
    const key = foldSearchText(text).trim().replace(/\s+/g, ' ');
    if (key === '') return null;
    return (await this.load()).get(key) ?? null;
  }

  private load(): Promise<Map<string, Town>> {
    this.table ??= readFile(this.file, 'utf8').then(parseTowns);
    // A failed read (missing file) must not poison every later request.
    this.table.catch(() => {
      this.table = undefined;
    });
    return this.table;
  }
}

function parseTowns(json: string): Map<string, Town> {
  const table = new Map<string, Town>();
  for (const record of JSON.parse(json) as TownRecord[]) {
    const town = { name: record.city, position: { lat: record.lat, lon: record.lon } };
    table.set(foldSearchText(record.city), town);
    // The URL-style name too: 'goteborg', 'upplands-vasby'.
    table.set(record.slug.replace(/-/g, ' '), town);
  }
  return table;
}
