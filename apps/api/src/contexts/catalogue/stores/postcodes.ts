import { readFile } from 'node:fs/promises';
import type { LatLon } from './geo.ts';

type PostcodeTable = {
  positions: Map<string, LatLon>;
  /** 3-digit prefix → known postcodes of that prefix as numbers, ascending. */
  byPrefix: Map<string, number[]>;
};

/**
 * Swedish postcode → position (GeoNames postal dump, CC BY 4.0, copied into
 * packages/db/seed-data/postcodes.json). Loaded once, on the first postcode search.
 */
export class PostcodeLocator {
  private table: Promise<PostcodeTable> | undefined;

  constructor(private readonly file: string) {}

  /**
   * The postcode's position; an unknown postcode falls back to the numerically nearest known
   * postcode with the same 3-digit prefix (same sorting area), else null.
   */
  async locate(zip: string): Promise<LatLon | null> {
    const table = await this.load();
    const exact = table.positions.get(zip);
    if (exact) return exact;
    const candidates = table.byPrefix.get(zip.slice(0, 3));
    if (!candidates || candidates.length === 0) return null;
    const target = Number(zip);
    let best = candidates[0] as number;
    for (const code of candidates) {
      if (Math.abs(code - target) < Math.abs(best - target)) best = code;
    }
    return table.positions.get(String(best).padStart(5, '0')) ?? null;
  }

  private load(): Promise<PostcodeTable> {
    this.table ??= readFile(this.file, 'utf8').then(parseTable);
    // A failed read (missing file) must not poison every later request.
    this.table.catch(() => {
      this.table = undefined;
    });
    return this.table;
  }
}

function parseTable(json: string): PostcodeTable {
  const raw = JSON.parse(json) as Record<string, [number, number]>;
  const positions = new Map<string, LatLon>();
  const byPrefix = new Map<string, number[]>();
  for (const [zip, [lat, lon]] of Object.entries(raw)) {
    positions.set(zip, { lat, lon });
    const prefix = zip.slice(0, 3);
    const list = byPrefix.get(prefix) ?? [];
    list.push(Number(zip));
    byPrefix.set(prefix, list);
  }
  for (const list of byPrefix.values()) list.sort((a, b) => a - b);
  return { positions, byPrefix };
}
