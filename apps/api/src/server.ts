import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase } from '@bygg/db/client';
import { migrate } from '@bygg/db/migrate';
import { ensureSeeded, isSeeded } from '@bygg/db/seed/index';
import { addDemoProjectFiles } from './contexts/trade/index.ts';
import { createFileStorage } from './lib/uploads/storage.ts';
import { buildApp } from './app.ts';
import {
  ConfigError,
  loadConfig,
  PUBLIC_SECRETS,
  shareWithWebApp,
  type Config,
} from './kernel/config.ts';
import { mountWebApp } from './host.ts';
import type { SeedState } from './plugins/startup.ts';
import { warmUp } from './warm-up.ts';

/** Longer than the usual 60 s idle timeout of load balancers, so they close first. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
const REQUEST_TIMEOUT_MS = 120_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * One origin: listen first (so /api/health answers 503 while starting), then migrate, seed on
 * the first start, and open the gate.
 */
async function main(): Promise<void> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const config = readConfig();
  const seedState: SeedState = { phase: 'migrating' };
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const app = await buildApp({ database, config, seedState });
  for (const warning of config.warnings) app.log.warn(warning);

  // The web build reads the session cookie and builds absolute links itself: the same secret
  // (also one generated under DATA_DIR) and the same public address as the API.
  shareWithWebApp(config);
  const webMounted = await mountWebApp(app, config.webBuildDir, {
    clientAddressSecret: config.sessionSecret,
  });
  if (!webMounted) {
    app.log.warn(
      { webBuildDir: config.webBuildDir },
      'no web build found: serving the API only (run npm run build)',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  app.server.requestTimeout = REQUEST_TIMEOUT_MS;
  const listenMs = elapsed();
  app.log.info(
    { ms: listenMs, port: config.port, driver: database.driver, web: webMounted },
    'listening',
  );

  try {
    await migrate(database);
    const migrateMs = elapsed();
    app.log.info({ ms: migrateMs }, 'database migrated');

    if (config.seedOnStart && !(await isSeeded(database))) {
      seedState.phase = 'seeding';
      app.log.info(
        { scale: config.scale, stores: config.stores },
        'first start: seeding the demo data',
      );
      // ensureSeeded holds a lock and checks again, so two processes starting together seed once.
      const report = await ensureSeeded(database, {
        scale: config.scale,
        stores: config.stores,
        log: (message) => app.log.info(message),
      });
      app.log.info({ ms: elapsed(), seedMs: elapsed() - migrateMs }, 'demo data seeded');
      // The demo projects' picture and drawing, made now and kept in the upload storage.
      if (report) {
        const files = await addDemoProjectFiles(database.db, createFileStorage(config));
        app.log.info({ files }, 'demo project files added');
      }
    }
    // Cards bought before PINs were random, under a public secret, get a new PIN (issue 15).
    const replacedPins = await app.checkout.replacePublicPins(PUBLIC_SECRETS);
    if (replacedPins > 0) app.log.warn({ cards: replacedPins }, 'gift-card PINs replaced');
    seedState.phase = 'ready';
    app.log.info({ ms: elapsed() }, 'ready');
    // The background jobs (ADR 041): message notices, the export queue, clean-ups, retries.
    app.jobs.start();
    // Right after the gate opens (its requests would get the 503 before): opens the pool's
    // connections and runs search and article requests once, so the first visitors do not
    // pay for cold connections and caches (warm-up.ts).
    const warm = await warmUp(app);
    app.log.info(
      { ms: Math.round(warm.ms), requests: warm.requests, failed: warm.failed },
      'warmed up',
    );
  } catch (err) {
    seedState.phase = 'failed';
    app.log.fatal({ err }, 'start-up failed');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
