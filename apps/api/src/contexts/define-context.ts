import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '@bygg/db/client';
import type { Config } from '../kernel/config.ts';
import type { InvalidationBus } from '../lib/invalidation-bus.ts';
import type { JobRunner } from '../lib/jobs/runner.ts';
import type { FileStorage } from '../lib/uploads/storage.ts';
import type { Mailer } from '../lib/mail.ts';
import type { FailureCounters, RateLimitSettings } from '../plugins/rate-limit.ts';

/**
 * What every context is given by app.ts: the shared kernel, built once per app. A context
 * builds its own repositories and services from it, once, inside its plugin. What a context
 * needs of another context is passed in its options as that context's face (its index.ts
 * exports), never reached through decorations.
 */
export type ContextDeps = {
  db: Database;
  config: Config;
  /** Cache invalidations between processes (and the shared rate-limit counters). */
  bus: InvalidationBus;
  /** Cart, gift-card, checkout and login limits; false turns them off (benchmarks). */
  rateLimits: RateLimitSettings | false;
  /** Failed tries per account and per gift card (null when rateLimits is false). */
  failures: FailureCounters | null;
  /** The time prices and campaigns are judged at; tests fix it to the seed's instant. */
  clock: (() => Date) | undefined;
  /** Order confirmations and password links: SMTP_URL, else .eml files under dataDir/mail. */
  mailer: Mailer;
  /** Uploaded files (lib/uploads): DATA_DIR/uploads, or S3-compatible storage by configuration. */
  storage: FileStorage;
  /** Periodic tasks and database-queued jobs of every context (lib/jobs, ADR 041). */
  jobs: JobRunner;
};

export type ContextPlugin<Options extends ContextDeps = ContextDeps> = (
  app: FastifyInstance,
  options: Options,
) => Promise<void>;

/**
 * A bounded context as a Fastify plugin. It is not encapsulated (fastify-plugin) so that the
 * few things it deliberately gives the whole app (the session hook of trade, app.checkout
 * for tests and shutdown) reach it; every module's routes are registered in a child plugin of
 * their own and stay encapsulated. `dependencies` names the contexts that must be registered
 * first (Fastify refuses to start otherwise), e.g. 'trade' for request.sessionUser.
 */
export function defineContext<Options extends ContextDeps>(
  name: string,
  plugin: ContextPlugin<Options>,
  meta: { dependencies?: string[] } = {},
) {
  return fastifyPlugin<Options>(plugin, {
    name,
    fastify: '5.x',
    ...(meta.dependencies ? { dependencies: meta.dependencies } : {}),
  });
}
