import { RESULT_CACHE_ENTRIES, RESULT_CACHE_TTL_MS } from '@bygg/domain/limits';

/**
 * Spec §5, §9: the drawer's search results are cached, 100 entries for 5 minutes. The least
 * recently used entry goes first when the cache is full; an expired entry counts as missing.
 */
export class ResultCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly options: {
      maxEntries?: number;
      ttlMs?: number;
      now?: () => number;
    } = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T): void {
    const max = this.options.maxEntries ?? RESULT_CACHE_ENTRIES;
    this.entries.delete(key);
    this.entries.set(key, {
      value,
      expires: this.now() + (this.options.ttlMs ?? RESULT_CACHE_TTL_MS),
    });
    while (this.entries.size > max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
