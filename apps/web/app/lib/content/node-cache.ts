/**
 * Node values kept between renders (trade-area spec §9: "Server node TTL: 20000 ms,
 * unlimited in the browser"). The server keeps a value for 20 s so a burst of page views asks
 * the content service once; the browser keeps what it got for the life of the page.
 */
export const SERVER_NODE_TTL_MS = 20_000;

type Entry = { value: string | null; expires: number };

export class NodeCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Bounds memory on a server that sees many distinct uris (oldest entries go first). */
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string): string | null | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: string | null): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Forgets keys for which `matches` is true (all when omitted), e.g. after a publish. */
  invalidate(matches?: (key: string) => boolean): void {
    if (!matches) {
      this.entries.clear();
      return;
    }
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }
}
