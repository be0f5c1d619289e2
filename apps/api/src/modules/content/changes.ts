import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * "Content changed" after an editor's publish (issue 6): every server-side copy of content
 * (the CMS menu and footer here, the web app's node cache) is dropped.
 *
 * - In this process listeners are called at once, and the process emits
 *   CONTENT_CHANGED_EVENT, which the web app's server code (rendered in this process by
 *   host.ts, but bundled separately) listens for.
 * - With REDIS_URL set the change is also published on CONTENT_CHANNEL, and every other
 *   process applies it the same way. Redis is only for caches: when it is away, the other
 *   processes show the change when their copies expire (20 s), and nothing fails.
 */
export const CONTENT_CHANGED_EVENT = 'bygg:content-changed';
export const CONTENT_CHANNEL = 'bygg:content-changed';

export type ContentChange = { organisation: string; uris: string[] };
type Listener = (change: ContentChange) => void;
type Message = ContentChange & { origin: string };

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.origin === 'string' &&
    typeof m.organisation === 'string' &&
    Array.isArray(m.uris) &&
    m.uris.every((uri) => typeof uri === 'string')
  );
}

export class ContentChanges {
  private readonly listeners = new Set<Listener>();
  /** Tells this process's own messages apart when Redis echoes them back. */
  private readonly origin = randomUUID();
  private publisher: Redis | null = null;
  private subscriber: Redis | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    redisUrl?: string,
  ) {
    if (redisUrl) this.connect(redisUrl);
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops this process's copies now; tells the other processes through Redis when set. */
  publish(change: ContentChange): void {
    this.apply(change);
    if (!this.publisher) return;
    const message: Message = { ...change, origin: this.origin };
    this.publisher.publish(CONTENT_CHANNEL, JSON.stringify(message)).catch((err: unknown) => {
      this.log.warn({ err }, 'content change not sent to other processes (redis)');
    });
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.publisher?.disconnect();
    this.subscriber?.disconnect();
  }

  private apply(change: ContentChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        this.log.error({ err }, 'content change listener failed');
      }
    }
    // process is this process's one shared event emitter; its types only list Node's events.
    (process as unknown as EventEmitter).emit(CONTENT_CHANGED_EVENT, change);
  }

  private connect(redisUrl: string): void {
    const options = { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false };
    this.publisher = new Redis(redisUrl, options);
    this.subscriber = new Redis(redisUrl, options);
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (err) => this.log.warn({ err }, 'content-change redis error'));
    }
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== CONTENT_CHANNEL) return;
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        return;
      }
      if (!isMessage(message) || message.origin === this.origin) return;
      this.apply({ organisation: message.organisation, uris: message.uris });
    });
    this.subscriber.subscribe(CONTENT_CHANNEL).catch((err: unknown) => {
      this.log.warn({ err }, 'content-change redis subscribe failed');
    });
  }
}
