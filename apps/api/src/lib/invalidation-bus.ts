import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Cross-process cache invalidation: "drop your copies of X" for every API process.
 *
 * A message is delivered to this process's listeners at once; with REDIS_URL set it is also
 * published on Redis (one channel a topic, `<prefix><topic>`) and every other process delivers
 * it to its own listeners. Redis is only for caches, never for correctness: without it, or
 * while it is away, the other processes catch up when their copies expire, and nothing fails.
 *
 * One bus a process holds two Redis connections: a command connection (publishing, and
 * shared with the rate limiter's counters) and a subscriber, which Redis reserves for
 * pub/sub once it subscribes.
 */

/** A named kind of message and the check that a payload from another process is one. */
export type Topic<T> = { name: string; accepts: (value: unknown) => value is T };

type Envelope = { origin: string; payload: unknown };
type Listener = (payload: never) => void;

export type InvalidationBusOptions = {
  log: FastifyBaseLogger;
  redisUrl?: string | undefined;
  /** Prepended to every topic's channel name; tests pass a unique one per run. */
  prefix?: string;
};

export const DEFAULT_CHANNEL_PREFIX = 'bygg:';

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).origin === 'string' &&
    'payload' in value
  );
}

export class InvalidationBus {
  /**
   * The command connection, null without REDIS_URL. Others may send commands on it (the rate
   * limiter's counters); it must never be put in subscriber mode.
   */
  readonly redis: Redis | null = null;
  private readonly subscriber: Redis | null = null;
  /** Tells this process's own messages apart when Redis echoes them back. */
  private readonly origin = randomUUID();
  private readonly topics = new Map<string, { topic: Topic<unknown>; listeners: Set<Listener> }>();
  private readonly log: FastifyBaseLogger;
  private readonly prefix: string;

  constructor(options: InvalidationBusOptions) {
    this.log = options.log;
    this.prefix = options.prefix ?? DEFAULT_CHANNEL_PREFIX;
    if (!options.redisUrl) return;
    // Fail fast rather than hold requests while Redis is away. The offline queue stays on so
    // commands sent while the first connection is made are not refused.
    const settings = { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false };
    this.redis = new Redis(options.redisUrl, settings);
    this.subscriber = new Redis(options.redisUrl, settings);
    for (const client of [this.redis, this.subscriber]) {
      client.on('error', (err) => this.log.warn({ err }, 'invalidation bus: redis error'));
    }
    this.subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
  }

  /** Calls the listener for every message on the topic, from this process or another. */
  subscribe<T>(topic: Topic<T>, listener: (payload: T) => void): () => void {
    let entry = this.topics.get(topic.name);
    if (!entry) {
      entry = { topic: topic as Topic<unknown>, listeners: new Set() };
      this.topics.set(topic.name, entry);
      this.subscriber?.subscribe(this.channelOf(topic.name)).catch((err: unknown) => {
        this.log.warn({ err, topic: topic.name }, 'invalidation bus: redis subscribe failed');
      });
    }
    const listeners = entry.listeners;
    listeners.add(listener as Listener);
    return () => listeners.delete(listener as Listener);
  }

  /** Tells this process's listeners now, and the other processes through Redis when set. */
  publish<T>(topic: Topic<T>, payload: T): void {
    this.deliver(topic.name, payload);
    if (!this.redis) return;
    const envelope: Envelope = { origin: this.origin, payload };
    this.redis
      .publish(this.channelOf(topic.name), JSON.stringify(envelope))
      .catch((err: unknown) => {
        this.log.warn({ err, topic: topic.name }, 'invalidation bus: not sent to other processes');
      });
  }

  async close(): Promise<void> {
    this.topics.clear();
    this.redis?.disconnect();
    this.subscriber?.disconnect();
  }

  private channelOf(name: string): string {
    return `${this.prefix}${name}`;
  }

  private receive(channel: string, raw: string): void {
    if (!channel.startsWith(this.prefix)) return;
    const entry = this.topics.get(channel.slice(this.prefix.length));
    if (!entry) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isEnvelope(envelope) || envelope.origin === this.origin) return;
    if (!entry.topic.accepts(envelope.payload)) return;
    this.deliver(entry.topic.name, envelope.payload);
  }

  private deliver(name: string, payload: unknown): void {
    const entry = this.topics.get(name);
    if (!entry) return;
    for (const listener of entry.listeners) {
      try {
        (listener as (payload: unknown) => void)(payload);
      } catch (err) {
        this.log.error({ err, topic: name }, 'invalidation bus: listener failed');
      }
    }
  }
}
