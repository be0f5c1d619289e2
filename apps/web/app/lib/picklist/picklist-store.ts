import { useSyncExternalStore } from 'react';
import { PICKLIST_MAX_LINES, PICKLIST_MAX_QUANTITY } from '@bygg/contracts/constants';

/**
 * The picklist lines kept in the browser's local storage (storefront spec §3 "Picklist item",
 * §4, §7 "Browser storage"). Pure rules first (merge, set, 0 removes, parse), then the
 * storage door and a React hook that follows it, also across tabs.
 */

export const PICKLIST_STORAGE_KEY = 'bygg:picklist';

export type PicklistLine = {
  article_id: number;
  product_slug: string;
  /** The store the line was added in; the list is priced for the store chosen when viewing. */
  store_id: number | null;
  quantity: number;
};

const PRODUCT_SLUG_MAX_LENGTH = 200;

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * One stored line, checked by hand (this module is in every page's first load, so it does
 * not bring zod along, issue 3); only the line's own fields are kept.
 */
export function parseLine(item: unknown): PicklistLine | null {
  if (typeof item !== 'object' || item === null) return null;
  const { article_id, product_slug, store_id, quantity } = item as Record<string, unknown>;
  if (!isPositiveInteger(article_id)) return null;
  if (
    typeof product_slug !== 'string' ||
    product_slug.length < 1 ||
    product_slug.length > PRODUCT_SLUG_MAX_LENGTH
  )
    return null;
  if (store_id !== null && !isPositiveInteger(store_id)) return null;
  if (!isPositiveInteger(quantity) || quantity > PICKLIST_MAX_QUANTITY) return null;
  return { article_id, product_slug, store_id, quantity };
}

/**
 * 'add' adds the quantity to the line (the product page's button), 'set' replaces it (the
 * quantity field). A resulting quantity of 0 or less removes the line (spec §4).
 */
export type PicklistUpdate = {
  article_id: number;
  product_slug: string;
  store_id: number | null;
  quantity: number;
  mode: 'add' | 'set';
};

/**
 * Whatever is stored is only trusted line by line: another version of the shop, a browser
 * extension or a hand edit may have left anything there. Unreadable JSON is an empty list;
 * invalid lines and repeats of an article are dropped.
 */
export function parseLines(raw: string | null): PicklistLine[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const lines: PicklistLine[] = [];
  for (const item of value) {
    const line = parseLine(item);
    if (!line || seen.has(line.article_id)) continue;
    seen.add(line.article_id);
    lines.push(line);
    if (lines.length === PICKLIST_MAX_LINES) break;
  }
  return lines;
}

export class PicklistFullError extends Error {
  constructor() {
    super(`The picklist holds at most ${PICKLIST_MAX_LINES} lines`);
    this.name = 'PicklistFullError';
  }
}

/** Merges one update into the lines (one line per article; new lines go last). */
export function applyUpdate(
  lines: readonly PicklistLine[],
  update: PicklistUpdate,
): PicklistLine[] {
  const index = lines.findIndex((line) => line.article_id === update.article_id);
  const current = index === -1 ? 0 : (lines[index]?.quantity ?? 0);
  const wanted = Math.trunc(update.mode === 'add' ? current + update.quantity : update.quantity);
  if (!Number.isFinite(wanted) || wanted <= 0) {
    return lines.filter((line) => line.article_id !== update.article_id);
  }
  const line: PicklistLine = {
    article_id: update.article_id,
    product_slug: update.product_slug,
    store_id: update.store_id,
    quantity: Math.min(wanted, PICKLIST_MAX_QUANTITY),
  };
  if (index === -1) {
    if (lines.length >= PICKLIST_MAX_LINES) throw new PicklistFullError();
    return [...lines, line];
  }
  return lines.map((existing, i) => (i === index ? line : existing));
}

// --- the storage door ------------------------------------------------------------------

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedLines: PicklistLine[] = [];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the picklist is then empty.
    return null;
  }
}

/** The stored lines; the same array while the stored text is unchanged (for React). */
export function readLines(): PicklistLine[] {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(PICKLIST_STORAGE_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parseLines(raw);
  }
  return cachedLines;
}

/** Writes the lines; throws when the browser refuses (storage off or full). */
export function writeLines(lines: readonly PicklistLine[]): void {
  const store = storage();
  if (!store) throw new Error('Local storage is not available');
  if (lines.length === 0) store.removeItem(PICKLIST_STORAGE_KEY);
  else store.setItem(PICKLIST_STORAGE_KEY, JSON.stringify(lines));
  listeners.forEach((listener) => listener());
}

/** Applies an update to the stored lines and returns the new lines. */
export function updatePicklist(update: PicklistUpdate): PicklistLine[] {
  const next = applyUpdate(readLines(), update);
  writeLines(next);
  return next;
}

/** Removes the given articles (e.g. products that no longer exist), or everything. */
export function removeLines(articleIds?: readonly number[]): void {
  const drop = articleIds ? new Set(articleIds) : null;
  writeLines(drop ? readLines().filter((line) => !drop.has(line.article_id)) : []);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the list: the 'storage' event fires only in the other tabs.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PICKLIST_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored lines, kept current. null on the server and during hydration: local storage is
 * only known in the browser, and the first render must match the server's HTML.
 */
export function usePicklistLines(): PicklistLine[] | null {
  return useSyncExternalStore<PicklistLine[] | null>(subscribe, readLines, () => null);
}
