import { createHash } from 'node:crypto';

/** A reply kept once, serialised: sent as it is on every hit, never serialised again. */
export type CachedResponse = {
  status: number;
  /** Lower-case header names; never set-cookie, content-length, date or connection. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** A weak validator of the body, for If-None-Match. */
  etag: string;
  /** A kept page: the CSP nonce its render wrote into the body (host.ts replaces it). */
  nonce?: string;
};

export type ResponseCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /**
   * After the time-to-live, how long an entry may still be served to the requests that
   * arrive while one request recomputes it (they do not queue behind the recomputation).
   * 0: never served once expired.
   */
  graceMs?: number;
  now?: () => number;
};

/** A computation a request started on a miss; followers of the same key wait for it. */
export type Lead = {
  readonly key: string;
  /** Stores the reply (when the cache was not invalidated meanwhile) and wakes the followers. */
  finish(response: CachedResponse | null): void;
};

export type Lookup =
  | { kind: 'hit'; response: CachedResponse }
  | { kind: 'lead'; lead: Lead }
  /** Another request is computing the key: its reply, or null when it was not cacheable. */
  | { kind: 'follow'; response: Promise<CachedResponse | null> };

type Entry = { response: CachedResponse; expires: number; bytes: number };

/** Headers that describe one transfer, not the reply, and are never stored. */
const TRANSFER_HEADERS = new Set([
  'set-cookie',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-cache',
  // Kept bodies are uncompressed; each reply is compressed on its way out (ADR 044).
  'content-encoding',
]);

export function weakEtag(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The headers worth storing with a reply. */
export function storableHeaders(
  headers: Iterable<[string, string | string[] | number | undefined]>,
): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [rawName, value] of headers) {
    const name = rawName.toLowerCase();
    if (value === undefined || TRANSFER_HEADERS.has(name)) continue;
    kept[name] = typeof value === 'number' ? String(value) : value;
  }
  return kept;
}

/** True when the client's If-None-Match names the cached reply's validator. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/**
 * A short-lived cache of whole replies: LRU-bounded by entries and by bytes, with request
 * coalescing (N concurrent misses of a key run one computation) and a generation counter, so
 * a computation that started before clear() is neither stored nor joined afterwards.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedResponse | null>>();
  private generation = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A fresh reply, the lead of a new computation, or the computation to wait for. */
  lookup(key: string): Lookup {
    const hit = this.entries.get(key);
    const running = this.pending.get(key);
    if (hit) {
      const now = this.now();
      if (hit.expires > now) {
        // Most recently used goes last; eviction takes the first.
        this.entries.delete(key);
        this.entries.set(key, hit);
        return { kind: 'hit', response: hit.response };
      }
      const inGrace = hit.expires + (this.options.graceMs ?? 0) > now;
      // Expired: one request recomputes; the others get the old reply meanwhile.
      if (inGrace && running) return { kind: 'hit', response: hit.response };
      if (!inGrace) this.remove(key, hit);
    }
    if (running) return { kind: 'follow', response: running };

    let resolve!: (response: CachedResponse | null) => void;
    const promise = new Promise<CachedResponse | null>((r) => (resolve = r));
    this.pending.set(key, promise);
    const generation = this.generation;
    let finished = false;
    const lead: Lead = {
      key,
      finish: (response) => {
        if (finished) return;
        finished = true;
        if (this.pending.get(key) === promise) this.pending.delete(key);
        if (response && generation === this.generation) this.store(key, response);
        resolve(response);
      },
    };
    return { kind: 'lead', lead };
  }

  /** Drops every entry; computations already running are not stored when they finish. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  private store(key: string, response: CachedResponse): void {
    const bytes = response.body.length + key.length * 2 + 256;
    if (bytes > this.options.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (
      this.entries.size > 0 &&
      (this.entries.size >= this.options.maxEntries || this.bytes + bytes > this.options.maxBytes)
    ) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.remove(oldest.value[0], oldest.value[1]);
    }
    this.entries.set(key, { response, expires: this.now() + this.options.ttlMs, bytes });
    this.bytes += bytes;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Path plus the query parameters in a fixed order, so equal queries share one entry. */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url, 'http://local');
  // A stable sort by name: repeated parameters keep their order.
  const params = [...parsed.searchParams.entries()].sort(([a], [b]) =>
    a === b ? 0 : a < b ? -1 : 1,
  );
  const query = new URLSearchParams(params).toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}
